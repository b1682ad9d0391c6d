import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  EXPIRING_WITHIN_DAYS,
  fullName,
  messages,
  requestStatusNames,
  type ExpiringAccessRow,
  type MedianTimesQuery,
  type MedianTimesRow,
  type PendingByApproverRow,
  type ReportRangeQuery,
  type RequestStatusId,
  type RequestsByMonthRow,
  type UrgentShareRow,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';
import { neutraliseCell } from '../../db/csv-text.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { invalid } from '../../http/errors.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

/** The actor's window: their (region, market) rows (super admins and auditors every row), the range as instants. */
function windowOf(actor: Actor, range: ReportRangeQuery): q.ReportWindow {
  if (range.to < range.from) {
    throw invalid(messages.auditRangeReversed);
  }
  return {
    scope: adminScopeOf(actor, 'read'),
    fromIso: new Date(`${range.from}T00:00:00.000Z`).toISOString(),
    toIso: new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString(),
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** GET api/Reports/RequestsByMonth. */
export async function getRequestsByMonth(
  db: Db,
  actor: Actor,
  range: ReportRangeQuery,
): Promise<RequestsByMonthRow[]> {
  const rows = await q.countByMonthAndStatus(db, windowOf(actor, range));
  return rows.map((r) => ({
    month: r.month,
    statusId: r.statusId,
    statusName: requestStatusNames[r.statusId as RequestStatusId],
    count: Number(r.count),
  }));
}

/** GET api/Reports/MedianTimes: hours, two decimals, by platform or agency, in name order. */
export async function getMedianTimes(
  db: Db,
  actor: Actor,
  query: MedianTimesQuery,
): Promise<MedianTimesRow[]> {
  const rows = await q.findMedianTimes(db, windowOf(actor, query), query.by);
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      approvedCount: r.approveHoursCount,
      medianApproveHours: r.approveHoursMedian === null ? null : round(r.approveHoursMedian, 2),
      provisionedCount: r.provisionHoursCount,
      medianProvisionHours: r.provisionHoursMedian === null ? null : round(r.provisionHoursMedian, 2),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

const waitLabels: Record<PendingByApproverRow['waitsOn'], string> = {
  approver: '',
  provisioner: '',
  masterApprover: 'Master approvers of the path',
  administrators: 'Administrators (no approval path)',
};

/** GET api/Reports/PendingByApprover: most lines first; ages in days, one decimal. */
export async function getPendingByApprover(
  db: Db,
  actor: Actor,
  range: ReportRangeQuery,
): Promise<PendingByApproverRow[]> {
  const groups = await q.findPendingByApprover(db, windowOf(actor, range), nowIso());
  const ids = groups.map((g) => g.waitUserId).filter((id): id is number => id !== null && id !== undefined);
  const people = new Map((await q.findPeople(db, [...new Set(ids.map(Number))])).map((p) => [p.userId, p]));
  return groups
    .map((g) => {
      const waitsOn = g.waitsOn as PendingByApproverRow['waitsOn'];
      const userId = g.waitUserId === null || g.waitUserId === undefined ? null : Number(g.waitUserId);
      const person = userId === null ? undefined : people.get(userId);
      return {
        waitsOn,
        userId: person ? userId : null,
        name: person
          ? fullName(person.name, person.lastName)
          : waitLabels[waitsOn] || waitLabels.administrators,
        email: person?.email ?? null,
        pendingCount: Number(g.ageDaysCount ?? 0),
        oldestAgeDays: round(Number(g.ageDaysMax ?? 0), 1),
        medianAgeDays: round(Number(g.ageDaysMedian ?? 0), 1),
      };
    })
    .sort((a, b) => b.pendingCount - a.pendingCount || a.name.localeCompare(b.name));
}

/** GET api/Reports/UrgentShare. */
export async function getUrgentShare(
  db: Db,
  actor: Actor,
  range: ReportRangeQuery,
): Promise<UrgentShareRow[]> {
  const rows = await q.countUrgentByMonth(db, windowOf(actor, range));
  return rows.map((r) => {
    const totalCount = Number(r.totalCount);
    const urgentCount = Number(r.urgentCount ?? 0);
    return {
      month: r.month,
      totalCount,
      urgentCount,
      urgentPercent: totalCount === 0 ? 0 : round((urgentCount * 100) / totalCount, 1),
    };
  });
}

/** GET api/Reports/ExpiringAccess: from today's UTC midnight, EXPIRING_WITHIN_DAYS days ahead. */
export async function getExpiringAccess(
  db: Db,
  actor: Actor,
  range: ReportRangeQuery,
): Promise<ExpiringAccessRow[]> {
  const today = `${nowIso().slice(0, 10)}T00:00:00.000Z`;
  const rows = await q.countExpiringByPlatform(db, windowOf(actor, range), today, EXPIRING_WITHIN_DAYS);
  return rows.map((r) => ({
    platformId: r.platformId,
    platformName: r.platformName,
    week1: Number(r.week1),
    week2: Number(r.week2),
    week3: Number(r.week3),
    week4: Number(r.week4),
    totalCount: Number(r.totalCount),
  }));
}

/** A chart's rows as a CSV file (every cell neutralised against formula injection). */
export function toCsv<Row>(
  rows: Row[],
  columns: [header: string, value: (row: Row) => string | number | null][],
): Readable {
  const cell = (v: string | number | null) => neutraliseCell(v === null ? '' : String(v));
  const text = stringify([
    columns.map(([h]) => h),
    ...rows.map((r) => columns.map(([, value]) => cell(value(r)))),
  ]);
  return Readable.from([`\uFEFF${text}`]);
}
