import { describe, expect, it } from 'vitest';
import {
  daysSince,
  formatAccessDate,
  formatDate,
  formatDateTime,
  isExpired,
  startOfTodayUtc,
  zoneFormatters,
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

describe('zoneFormatters (one zone, many values: the CSV export)', () => {
  it('writes the same text as formatDate, formatDateTime and formatAccessDate', () => {
    const ny = zoneFormatters('America/New_York');
    expect(ny.dateTime('2026-03-07T15:04:00.000Z')).toBe('03-07-2026 10:04 AM');
    expect(ny.dateTime('2026-03-07T05:30:00.000Z')).toBe('03-07-2026 12:30 AM');
    expect(ny.dateTime('2026-03-07T17:00:00.000Z')).toBe('03-07-2026 12:00 PM');
    // The spring-forward hour: 2:00 EST is 3:00 EDT.
    expect(ny.dateTime('2026-03-08T06:59:00.000Z')).toBe('03-08-2026 01:59 AM');
    expect(ny.dateTime('2026-03-08T07:00:00.000Z')).toBe('03-08-2026 03:00 AM');
    expect(ny.date('2026-03-07T02:00:00.000Z')).toBe('03-06-2026');
    expect(ny.accessDate(null, null)).toBe('Unlimited');
    expect(ny.accessDate(null, '2026-12-01T12:00:00.000Z')).toBe('12-01-2026');
    expect(ny.accessDate('2026-06-04T12:00:00.000Z', '2026-12-01T12:00:00.000Z')).toBe(
      '06-04-2026 - 12-01-2026',
    );
    expect(ny.dateTime(null)).toBe('');
    expect(ny.date('not a date')).toBe('');
  });

  it('agrees with the Intl path at every quarter hour around the zones’ offset changes', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
    ];
    // Every quarter hour (plus 7 s) of the days around 2025's offset changes of these zones
    // (US 9 Mar / 2 Nov, UK 30 Mar / 26 Oct, Lord Howe 6 Apr / 5 Oct), and every 7 h 13 min all year.
    const instants: number[] = [];
    for (const [month, day] of [
      [2, 8],
      [2, 29],
      [3, 5],
      [9, 4],
      [9, 25],
      [10, 1],
    ] as const) {
      for (let ms = Date.UTC(2025, month, day); ms < Date.UTC(2025, month, day + 3); ms += 900_000) {
        instants.push(ms);
      }
    }
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 26_000_000) {
      instants.push(ms);
    }
    for (const zone of zones) {
      const fast = zoneFormatters(zone);
      for (const ms of instants) {
        const instant = new Date(ms + 7_000).toISOString();
        if (fast.dateTime(instant) !== formatDateTime(instant, zone)) {
          expect(`${zone} ${instant} ${fast.dateTime(instant)}`).toBe(
            `${zone} ${instant} ${formatDateTime(instant, zone)}`,
          );
        }
        if (fast.date(instant) !== formatDate(instant, zone)) {
          expect(fast.date(instant)).toBe(formatDate(instant, zone));
        }
      }
    }
  });
});
