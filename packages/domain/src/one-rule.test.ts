import { describe, expect, it } from 'vitest';
import { formatDate, timeZoneOrUtc } from './dates.ts';
import { historySteps, isAccessRecord } from './requests.ts';
import { fullName } from './rules.ts';
import { parseStoredChange } from './schemas/approvals.ts';

describe('isAccessRecord', () => {
  it.each([
    [1, 3, true],
    [1, 6, true],
    [1, 1, false],
    [1, 2, false],
    [1, 4, false],
    [1, 5, false],
    [3, 3, false],
    [2, 6, false],
  ])('type %i in status %i → %s', (requestTypeId, statusId, expected) => {
    expect(isAccessRecord({ requestTypeId, statusId })).toBe(expected);
  });
});

describe('historySteps', () => {
  it('names the submitted step by request type', () => {
    expect(historySteps.submitted(1)).toBe('Add access request submitted');
    expect(historySteps.submitted(2)).toBe('Deactivate access request submitted');
    expect(historySteps.submitted(3)).toBe('Change access request submitted');
    expect(historySteps.submitted(4)).toBe('Activate access request submitted');
  });

  it('reads the approver steps the same way the activity log always showed them', () => {
    expect(historySteps.approved).toBe('Request approved');
    expect(historySteps.rejectedByApprover).toBe('Request rejected by approver');
  });
});

describe('timeZoneOrUtc', () => {
  it('keeps a real IANA zone and falls back to UTC otherwise', () => {
    expect(timeZoneOrUtc('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneOrUtc('Mars/Olympus_Mons')).toBe('UTC');
    expect(timeZoneOrUtc('')).toBe('UTC');
    expect(timeZoneOrUtc(null)).toBe('UTC');
    expect(timeZoneOrUtc(undefined)).toBe('UTC');
  });

  it('formats in the zone it returns, with the cached formatter', () => {
    const instant = '2026-01-31T23:30:00.000Z';
    expect(formatDate(instant, timeZoneOrUtc('Asia/Tokyo'))).toBe('02-01-2026');
    expect(formatDate(instant, timeZoneOrUtc('not a zone'))).toBe('01-31-2026');
    expect(formatDate(instant, 'Asia/Tokyo')).toBe('02-01-2026');
  });
});

describe('fullName', () => {
  it.each([
    ['Sam', 'Standard', 'Sam Standard'],
    ['Sam', '', 'Sam'],
    ['', 'Standard', 'Standard'],
    [null, 'Standard', 'Standard'],
    ['Sam', undefined, 'Sam'],
    [null, null, ''],
  ])('%s + %s → %s', (name, lastName, expected) => {
    expect(fullName(name, lastName)).toBe(expected);
  });
});

describe('parseStoredChange', () => {
  const stored = {
    kind: 'UserRole',
    before: { platformUserTypeName: 'Standard' },
    after: { platformUserTypeName: 'Admin' },
  };

  it('reads the stored JSON text and an already parsed object alike', () => {
    expect(parseStoredChange(JSON.stringify(stored))).toEqual(stored);
    expect(parseStoredChange(stored)).toEqual(stored);
  });

  it.each([null, undefined, '', 'not json', '{"kind": 3}', '{"kind":"UserRole"}', '[]'])(
    'answers null for %j',
    (value) => {
      expect(parseStoredChange(value)).toBeNull();
    },
  );
});
