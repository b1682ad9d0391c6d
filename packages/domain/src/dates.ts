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

/** Building an Intl.DateTimeFormat is costly: one per (zone, with time), built once. */
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

/**
 * formatDate, formatDateTime and formatAccessDate for many values in one zone (a CSV export of a
 * million lines): the zone's UTC offset is looked up once per hour of the timeline instead of
 * one Intl call per value. An hour in which the offset changes, and a year
 * outside 1000–9999, take the Intl path, so the text is always the one the functions above give.
 */
export interface ZoneFormatters {
  date(value: DateInput): string;
  dateTime(value: DateInput): string;
  accessDate(beginning: DateInput, expiration: DateInput): string;
}

const HOUR = 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function zoneFormatters(timeZone: string): ZoneFormatters {
  const wallClock = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const offsetAt = (ms: number) => {
    const p: Record<string, number> = {};
    for (const part of wallClock.formatToParts(ms)) {
      p[part.type] = Number(part.value);
    }
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - ms;
  };
  /** The offset of each hour that has one offset throughout; null for an hour with a change. */
  const offsets = new Map<number, number | null>();
  const localOf = (date: Date): Date | null => {
    const ms = date.getTime();
    const hour = Math.floor(ms / HOUR);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const start = offsetAt(hour * HOUR);
      offset = start === offsetAt(hour * HOUR + HOUR - 1000) ? start : null;
      if (offsets.size > 100_000) {
        offsets.clear();
      }
      offsets.set(hour, offset);
    }
    if (offset === null) {
      return null;
    }
    const local = new Date(ms + offset);
    const year = local.getUTCFullYear();
    return year >= 1000 && year <= 9999 ? local : null;
  };
  const dayOf = (local: Date) =>
    `${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}-${local.getUTCFullYear()}`;
  const date = (value: DateInput) => {
    const d = toDate(value);
    const local = d && localOf(d);
    return local ? dayOf(local) : formatDate(value, timeZone);
  };
  const dateTime = (value: DateInput) => {
    const d = toDate(value);
    const local = d && localOf(d);
    if (!local) {
      return formatDateTime(value, timeZone);
    }
    const hours = local.getUTCHours();
    return `${dayOf(local)} ${two(hours % 12 || 12)}:${two(local.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  };
  return {
    date,
    dateTime,
    accessDate(beginning, expiration) {
      const end = date(expiration);
      if (!end) {
        return 'Unlimited';
      }
      const start = date(beginning);
      return start ? `${start} - ${end}` : end;
    },
  };
}

/** zoneFormatters of the zones in use, kept: a page of 50 lines then costs no Intl call at all. */
const zones = new Map<string, ZoneFormatters>();
const ZONES_KEPT = 50;

/** zoneFormatters(timeZone), built once per zone (at most ZONES_KEPT zones kept). */
export function keptZoneFormatters(timeZone: string): ZoneFormatters {
  let kept = zones.get(timeZone);
  if (!kept) {
    if (zones.size >= ZONES_KEPT) {
      zones.clear();
    }
    kept = zoneFormatters(timeZone);
    zones.set(timeZone, kept);
  }
  return kept;
}
