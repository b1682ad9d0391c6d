import { describe, expect, it } from 'vitest';
import {
  daysSince,
  formatAccessDate,
  formatDate,
  formatDateTime,
  isExpired,
  startOfTodayUtc,
} from './dates.ts';

describe('formatDate', () => {
  it('shows MM-DD-YYYY', () => {
    expect(formatDate('2026-03-07T10:00:00.000Z')).toBe('03-07-2026');
  });
  it('uses the given time zone', () => {
    expect(formatDate('2026-03-07T02:00:00.000Z', 'America/New_York')).toBe('03-06-2026');
  });
  it('shows nothing for no date or a bad date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('uses a 12-hour clock with AM/PM', () => {
    expect(formatDateTime('2026-03-07T15:04:00.000Z')).toBe('03-07-2026 03:04 PM');
    expect(formatDateTime('2026-03-07T00:30:00.000Z')).toBe('03-07-2026 12:30 AM');
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-26T15:00:00.000Z');
  it('starts today at UTC midnight', () => {
    expect(startOfTodayUtc(now).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
  it('is expired only before today', () => {
    expect(isExpired('2026-11-25T23:59:59.000Z', now)).toBe(true);
    expect(isExpired('2026-11-26T00:00:00.000Z', now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });
});

describe('formatAccessDate', () => {
  it("reads 'Unlimited', one date or 'start - end'", () => {
    expect(formatAccessDate(null, null)).toBe('Unlimited');
    expect(formatAccessDate(null, '2027-01-31T00:00:00.000Z')).toBe('01-31-2027');
    expect(formatAccessDate('2026-12-01T00:00:00.000Z', '2027-01-31T00:00:00.000Z')).toBe(
      '12-01-2026 - 01-31-2027',
    );
  });
});

describe('daysSince', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('counts whole days, and 0 for today or the future', () => {
    expect(daysSince('2026-03-01T12:00:00.000Z', now)).toBe(9);
    expect(daysSince('2026-03-01T12:00:01.000Z', now)).toBe(8);
    expect(daysSince('2026-03-10T00:00:00.000Z', now)).toBe(0);
    expect(daysSince('2026-03-12T00:00:00.000Z', now)).toBe(0);
  });
});
