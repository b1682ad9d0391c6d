/**
 * The one date/time module: dates MM-DD-YYYY, times on a 12-hour clock with AM/PM, in the
 * user's time zone (Intl does the zone arithmetic).
 */
type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Building an Intl.DateTimeFormat costs ~100 µs: one per (zone, with time), built once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime ? 1 : 0}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: true } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function parts(date: Date, timeZone: string, withTime: boolean): Record<string, string> {
  const p: Record<string, string> = {};
  for (const part of formatterOf(timeZone, withTime).formatToParts(date)) {
    p[part.type] = part.value;
  }
  return p;
}

/** The given IANA time zone when it is a real one (dates are shown in it), else 'UTC'. */
export function timeZoneOrUtc(zone: string | null | undefined): string {
  if (!zone) {
    return 'UTC';
  }
  try {
    formatterOf(zone, false);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** MM-DD-YYYY, or '' for no date. */
export function formatDate(value: DateInput, timeZone = 'UTC'): string {
  const date = toDate(value);
  if (!date) {
    return '';
  }
  const p = parts(date, timeZone, false);
  return `${p.month}-${p.day}-${p.year}`;
}

/** MM-DD-YYYY hh:mm AM/PM, or '' for no date. */
export function formatDateTime(value: DateInput, timeZone = 'UTC'): string {
  const date = toDate(value);
  if (!date) {
    return '';
  }
  const p = parts(date, timeZone, true);
  return `${p.month}-${p.day}-${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}

/** Today at UTC midnight, the boundary of 'expired' (docs/architecture.md). */
export function startOfTodayUtc(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** A record or request is expired when its expiration date is before today (UTC midnight). */
export function isExpired(expirationDate: DateInput, now: Date = new Date()): boolean {
  const date = toDate(expirationDate);
  return date !== null && date.getTime() < startOfTodayUtc(now).getTime();
}

/** The access-date text of request lists: 'Unlimited', one date, or 'start - end'. */
export function formatAccessDate(beginning: DateInput, expiration: DateInput, timeZone = 'UTC'): string {
  const start = formatDate(beginning, timeZone);
  const end = formatDate(expiration, timeZone);
  if (!end) {
    return 'Unlimited';
  }
  return start ? `${start} - ${end}` : end;
}

/** Whole days from `since` to `now` (a request's age in the task lists); never negative. */
export function daysSince(since: DateInput, now: Date = new Date()): number {
  const from = new Date(since ?? now).getTime();
  return Math.max(0, Math.floor((now.getTime() - from) / 86_400_000));
}
