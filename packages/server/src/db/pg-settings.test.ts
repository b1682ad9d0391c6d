import { describe, expect, it } from 'vitest';
import { isoOfTimestamp } from './pg-settings.ts';

describe('timestamps read from PostgreSQL', () => {
  // As PostgreSQL writes a timestamptz (DateStyle ISO): the second's fraction has 0 to 6 digits,
  // its trailing zeros dropped, and the offset is the session's time zone.
  const written = [
    '2026-12-03 16:57:10+00',
    '2026-12-03 16:57:10.1+00',
    '2026-12-03 16:57:10.12+00',
    '2026-12-03 16:57:10.123+00',
    '2026-12-03 16:57:10.1234+00',
    '2026-12-03 16:57:10.99999+00',
    '2026-12-03 16:57:10.999999+00',
    '2000-02-29 00:00:00.000001+00',
    '1999-12-31 23:59:59.9995+00',
    '1950-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999999+00',
    '2026-12-03 17:57:10.5+01',
    '2026-03-29 02:30:00+05:30',
    '2026-12-03 08:57:10.25-08',
  ];

  it('come out as Date.prototype.toISOString writes them: milliseconds, extra digits cut', () => {
    for (const value of written) {
      expect(isoOfTimestamp(value), value).toBe(new Date(value).toISOString());
    }
  });

  it('keep the digits of the second that a Date keeps', () => {
    expect(isoOfTimestamp('2026-12-03 16:57:10.1+00')).toBe('2026-12-03T16:57:10.100Z');
    expect(isoOfTimestamp('2026-12-03 16:57:10.999999+00')).toBe('2026-12-03T16:57:10.999Z');
    expect(isoOfTimestamp('2026-12-03 17:57:10.5+01')).toBe('2026-12-03T16:57:10.500Z');
    // A Date reads the first years of the era as this century's: 0001 as 2001.
    expect(isoOfTimestamp('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
  });
});
