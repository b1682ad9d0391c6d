import { sql, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { AdminScope } from '../../http/admin-scope.ts';
import type { RequestEb } from '../request-lines/line-query.ts';
import { inAdminRows } from '../../http/row-scope-queries.ts';
import { coveringAssignment, masterApproverOfPath } from '../request-lines/routing.ts';
import { daysSince, hoursBetween, mediansByGroup, monthOf } from '../../db/report-sql.ts';

/** The request lines a chart counts: created in [fromIso, toIso), inside the actor's (region, market) rows. */
export interface ReportWindow {
  scope: AdminScope;
  fromIso: string;
  toIso: string;
}

function linesOf(eb: RequestEb, w: ReportWindow): Expression<SqlBool> {
  return eb.and([
    eb('r.createdDate', '>=', w.fromIso),
    eb('r.createdDate', '<', w.toIso),
    inAdminRows(w.scope, 'r'),
  ]);
}

/** Lines per (UTC month of creation, status). */
export function countByMonthAndStatus(db: Db, w: ReportWindow) {
  const month = monthOf(db.dialect, sql.ref('r.createdDate'));
  return db.kysely
    .selectFrom('requests as r')
    .where((eb) => linesOf(eb, w))
    .select([month.as('month'), 'r.statusId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy([month, 'r.statusId'])
    .orderBy(month)
    .orderBy('r.statusId')
    .execute();
}

/** Lines and urgent lines per UTC month of creation. */
export function countUrgentByMonth(db: Db, w: ReportWindow) {
  const month = monthOf(db.dialect, sql.ref('r.createdDate'));
  return db.kysely
    .selectFrom('requests as r')
    .where((eb) => linesOf(eb, w))
    .select([
      month.as('month'),
      (eb) => eb.fn.countAll<number>().as('totalCount'),
      (eb) => eb.fn.sum<number>('r.isUrgent').as('urgentCount'),
    ])
    .groupBy(month)
    .orderBy(month)
    .execute();
}

/**
 * Median hours from submission (the line's creation) to its approval, and from its approval to
 * its provisioning, per platform or agency, over the approved lines of the window (Approved,
 * Completed, Archived). The times are the line's own decision dates, as the approval and
 * provisioning write them: one covering index serves the whole window.
 */
export async function findMedianTimes(db: Db, w: ReportWindow, by: 'platform' | 'agency') {
  const group = by === 'platform' ? 'r.platformId' : 'r.agencyId';
  const source = db.kysely
    .selectFrom('requests as r')
    .where((eb) => linesOf(eb, w))
    .where('r.statusId', 'in', [RequestStatus.APPROVED, RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
    .where('r.approvedDate', 'is not', null)
    .select([
      sql.ref<number>(group).as('groupId'),
      hoursBetween(db.dialect, sql.ref('r.createdDate'), sql.ref('r.approvedDate')).as('approveHours'),
      hoursBetween(db.dialect, sql.ref('r.approvedDate'), sql.ref('r.provisionedDate')).as('provisionHours'),
    ]);
  const medians = await mediansByGroup(db, source, ['groupId'], ['approveHours', 'provisionHours']);
  const ids = medians.map((m) => Number(m.groupId));
  const names =
    ids.length === 0
      ? []
      : by === 'platform'
        ? await db.kysely
            .selectFrom('platforms')
            .select(['platformId as id', 'description as name'])
            .where('platformId', 'in', ids)
            .execute()
        : await db.kysely
            .selectFrom('agencies')
            .select(['agencyId as id', 'description as name'])
            .where('agencyId', 'in', ids)
            .execute();
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return medians.map((m) => ({
    id: Number(m.groupId),
    name: nameOf.get(Number(m.groupId)) ?? '',
    approveHoursMedian: m.approveHoursMedian === null ? null : Number(m.approveHoursMedian),
    approveHoursCount: Number(m.approveHoursCount ?? 0),
    provisionHoursMedian: m.provisionHoursMedian === null ? null : Number(m.provisionHoursMedian),
    provisionHoursCount: Number(m.provisionHoursCount ?? 0),
  }));
}

/**
 * The window's pending lines by whom they wait on, by the routing rule (routing.ts): a Submitted
 * line on its covering assignment's primary approver, else on its path's master approvers, else
 * on the administrators (no approval path); an Approved line on the covering assignment's
 * provisioner, else on the administrators. Count, oldest and median age in days (since creation).
 */
export async function findPendingByApprover(db: Db, w: ReportWindow, nowIso: string) {
  // The line's path in the stored coverage state (migration 0033): its covering assignment and
  // whether its practice has a master approver, one primary-key probe per line. A line whose
  // region, market, agency or platform is not its path's (an agency moved market since) keeps
  // the per-line routing rule.
  const stored = sql.ref<number | null>('pc.pathKey');
  const waiting = db.kysely
    .selectFrom('requests as r')
    .leftJoin('pathCoverage as pc', (j) =>
      j
        .on(
          'pc.pathKey',
          '=',
          sql<number>`cast(${sql.ref('r.clientId')} as bigint) * 100000 + ${sql.ref('r.practiceId')}`,
        )
        .onRef('pc.regionId', '=', 'r.regionId')
        .onRef('pc.marketId', '=', 'r.marketId')
        .onRef('pc.agencyId', '=', 'r.agencyId')
        .onRef('pc.platformId', '=', 'r.platformId'),
    )
    .leftJoin('approverAssignments as sa', 'sa.approverId', 'pc.approverId')
    .where((eb) => linesOf(eb as unknown as RequestEb, w))
    .where('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .select((eb) => {
      const line = eb as unknown as RequestEb;
      return [
        'r.statusId',
        'r.createdDate',
        sql<
          number | null
        >`case when ${stored} is not null then ${sql.ref('sa.userId')} else (${coveringAssignment(line)
          .select('a.userId')
          .orderBy('a.approverId')
          .limit(1)}) end`.as('approverUserId'),
        sql<
          number | null
        >`case when ${stored} is not null then ${sql.ref('sa.provisionerId')} else (${coveringAssignment(line)
          .select('a.provisionerId')
          .orderBy('a.approverId')
          .limit(1)}) end`.as('provisionerUserId'),
        sql<number>`case when ${stored} is not null then ${sql.ref('pc.hasMasterApprover')}
          when ${line.exists(masterApproverOfPath(line).select('m.masterApproverId'))} then 1 else 0 end`.as(
          'hasMaster',
        ),
      ];
    });
  const waitsOn = sql<string>`case
    when ${sql.ref('p.statusId')} = ${sql.lit(RequestStatus.SUBMITTED)} and ${sql.ref('p.approverUserId')} is not null then 'approver'
    when ${sql.ref('p.statusId')} = ${sql.lit(RequestStatus.SUBMITTED)} and ${sql.ref('p.hasMaster')} = ${sql.lit(1)} then 'masterApprover'
    when ${sql.ref('p.statusId')} = ${sql.lit(RequestStatus.APPROVED)} and ${sql.ref('p.provisionerUserId')} is not null then 'provisioner'
    else 'administrators' end`;
  const userOf = sql<number | null>`case
    when ${sql.ref('p.statusId')} = ${sql.lit(RequestStatus.SUBMITTED)} then ${sql.ref('p.approverUserId')}
    else ${sql.ref('p.provisionerUserId')} end`;
  const source = db.kysely
    .selectFrom(waiting.as('p'))
    .select([
      waitsOn.as('waitsOn'),
      userOf.as('waitUserId'),
      daysSince(db.dialect, sql.ref('p.createdDate'), nowIso).as('ageDays'),
    ]);
  return mediansByGroup(db, source, ['waitsOn', 'waitUserId'], ['ageDays']);
}

/** Names and emails of the people the pending work waits on. */
export function findPeople(db: Db, userIds: number[]) {
  if (userIds.length === 0) {
    return Promise.resolve([]);
  }
  return db.kysely
    .selectFrom('users')
    .select(['userId', 'name', 'lastName', 'email'])
    .where('userId', 'in', userIds)
    .execute();
}

/**
 * Active access records (Completed or Archived Add lines, not deactivated) of the window that
 * expire in the `days` days from today's UTC midnight, per platform and week.
 */
export function countExpiringByPlatform(db: Db, w: ReportWindow, todayIso: string, days: number) {
  const at = (day: number) => new Date(Date.parse(todayIso) + day * 86_400_000).toISOString();
  const inWeek = (fromDay: number, toDay: number) =>
    sql<number>`sum(case when ${sql.ref('r.expirationDate')} >= ${at(fromDay)} and ${sql.ref('r.expirationDate')} < ${at(toDay)} then 1 else 0 end)`;
  return db.kysely
    .selectFrom('requests as r')
    .innerJoin('platforms as p', 'p.platformId', 'r.platformId')
    .where((eb) => linesOf(eb, w))
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
    .where('r.isDeleted', '=', 0)
    .where('r.expirationDate', '>=', todayIso)
    .where('r.expirationDate', '<', at(days))
    .select((eb) => [
      'r.platformId',
      'p.description as platformName',
      inWeek(0, 7).as('week1'),
      inWeek(7, 14).as('week2'),
      inWeek(14, 21).as('week3'),
      inWeek(21, days).as('week4'),
      eb.fn.countAll<number>().as('totalCount'),
    ])
    .groupBy(['r.platformId', 'p.description'])
    .orderBy('p.description')
    .execute();
}
