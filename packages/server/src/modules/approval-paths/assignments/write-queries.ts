import { type ExpressionBuilder } from 'kysely';
import { RequestStatus } from '@uap/domain';
import type { Executor } from '../../../db/connection.ts';
import { nowIso } from '../../../db/connection.ts';
import { practiceNameColumns } from '../../../db/path-joins.ts';
import type { ApproverAssignmentsTable, Database } from '../../../db/schema.ts';
import { holdsAdminRow, insideAdminRows } from '../../../http/row-scope-queries.ts';
import { masterApproverOfPath } from '../../request-lines/routing.ts';
import { PLATFORM_LEVELS, sameLevels } from '../column-queries.ts';

/** The six levels an assignment covers; clientId null = every client of the platform. */
export type AssignmentPath = Pick<
  ApproverAssignmentsTable,
  'regionId' | 'marketId' | 'agencyId' | 'practiceId' | 'platformId' | 'clientId'
>;

/** The four people of an assignment. */
export type AssignmentPeople = Pick<
  ApproverAssignmentsTable,
  'userId' | 'secondaryApproverId' | 'provisionerId' | 'provisionerBackupId'
>;

/** Whether an admin's (region, market) rows hold this pair. */
export function isInsideAdminRows(trx: Executor, adminId: number, path: AssignmentPath) {
  return holdsAdminRow(trx, adminId, path);
}

/**
 * The names of a path when its levels hang together (the market in the region, the agency in
 * the market, the practice offered by the agency, the platform offered to that agency and
 * practice, the client of that platform and agency), else undefined.
 */
export async function findPathNames(trx: Executor, path: AssignmentPath) {
  const row = await trx
    .selectFrom('markets as mk')
    .innerJoin('regions as rg', 'rg.regionId', 'mk.regionId')
    .innerJoin('agencies as ag', 'ag.marketId', 'mk.marketId')
    .innerJoin('agencyPractices as ap', 'ap.agencyId', 'ag.agencyId')
    .innerJoin('practices as pr', 'pr.practiceId', 'ap.practiceId')
    .innerJoin('platformAgencies as pa', (join) =>
      join.onRef('pa.agencyId', '=', 'ag.agencyId').onRef('pa.practiceId', '=', 'pr.practiceId'),
    )
    .innerJoin('platforms as pl', 'pl.platformId', 'pa.platformId')
    .select([...practiceNameColumns, 'pl.description as platformName'])
    .where('mk.marketId', '=', path.marketId)
    .where('rg.regionId', '=', path.regionId)
    .where('ag.agencyId', '=', path.agencyId)
    .where('pr.practiceId', '=', path.practiceId)
    .where('pl.platformId', '=', path.platformId)
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  if (path.clientId === null) {
    return { ...row, clientName: 'All' };
  }
  const client = await trx
    .selectFrom('clients')
    .select('description')
    .where('clientId', '=', path.clientId)
    .where('platformId', '=', path.platformId)
    .where('agencyId', '=', path.agencyId)
    .executeTakeFirst();
  return client ? { ...row, clientName: client.description } : undefined;
}

/** How many of these user ids are active profiles. */
export async function countActiveUsers(trx: Executor, userIds: readonly number[]) {
  const rows = await trx
    .selectFrom('users')
    .select('userId')
    .where('userId', 'in', userIds)
    .where('isDeleted', '=', 0)
    .execute();
  return rows.length;
}

/** Assignments by id inside the scope (admin: their rows; null: every row). */
export function findAssignments(trx: Executor, ids: readonly number[], adminId: number | null) {
  return trx
    .selectFrom('approverAssignments as a')
    .selectAll('a')
    .where('a.approverId', 'in', ids)
    .$if(adminId !== null, (qb) => qb.where(insideAdminRows(adminId!, 'a')))
    .execute();
}
export type AssignmentDbRow = Awaited<ReturnType<typeof findAssignments>>[number];

/** An active assignment on exactly this path (same client, or both every client), other than `exceptIds`. */
export async function findActiveTwin(trx: Executor, path: AssignmentPath, exceptIds: readonly number[]) {
  return trx
    .selectFrom('approverAssignments')
    .select('approverId')
    .where((eb) => eb.and(sameLevels(path, PLATFORM_LEVELS)))
    .where((eb) => (path.clientId === null ? eb('clientId', 'is', null) : eb('clientId', '=', path.clientId)))
    .where('isDeleted', '=', 0)
    .$if(exceptIds.length > 0, (qb) => qb.where('approverId', 'not in', exceptIds))
    .executeTakeFirst();
}

type LineEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;

/**
 * The active assignments on the line's (alias r) path naming its client or every client, among
 * `ids` ('in') or other than them ('not in').
 */
const activeOnLinePath = (eb: LineEb, ids: readonly number[], among: 'in' | 'not in') =>
  eb
    .selectFrom('approverAssignments as a')
    .select('a.approverId')
    .where('a.approverId', among, ids)
    .where('a.isDeleted', '=', 0)
    .whereRef('a.regionId', '=', 'r.regionId')
    .whereRef('a.marketId', '=', 'r.marketId')
    .whereRef('a.agencyId', '=', 'r.agencyId')
    .whereRef('a.practiceId', '=', 'r.practiceId')
    .whereRef('a.platformId', '=', 'r.platformId')
    .where((w) => w.or([w('a.clientId', 'is', null), w('a.clientId', '=', w.ref('r.clientId'))]));

/** The line (alias r) lies on the path of an active assignment among `ids` (its client or every client). */
const onPathOfAssignments = (eb: LineEb, ids: readonly number[]) =>
  eb.exists(activeOnLinePath(eb, ids, 'in'));

/**
 * Pending requests (Submitted or Approved) that an active assignment among `ids` covers today
 * and that nothing covers once those assignments stop: no other active assignment on the path
 * (naming the client or every client) and no master approver of the practice.
 */
export async function countPendingLeftWithoutPath(trx: Executor, ids: readonly number[]) {
  const row = await trx
    .selectFrom('requests as r')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .where((eb) => onPathOfAssignments(eb, ids))
    .where((eb) => eb.not(eb.exists(activeOnLinePath(eb, ids, 'not in'))))
    .where((eb) => eb.not(eb.exists(masterApproverOfPath(eb).select('m.masterApproverId'))))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The pending lines (Submitted or Approved) on the paths of the active assignments `ids` (the
 * path's client or every client): the lines a reassignment of those rows may hand to someone.
 */
export function findPendingLinesOf(trx: Executor, ids: readonly number[]) {
  return trx
    .selectFrom('requests as r')
    .select(['r.requestId', 'r.statusId', 'r.createdBy', 'r.userId'])
    .where('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .where((eb) => onPathOfAssignments(eb, ids))
    .execute();
}

/**
 * The pending lines (Submitted or Approved) of these paths' platforms, whatever their client: the
 * lines whose routing a save of an assignment on one of them may change.
 */
export function findPendingLinesOnPaths(trx: Executor, paths: readonly AssignmentPath[]) {
  return trx
    .selectFrom('requests as r')
    .select(['r.requestId', 'r.statusId', 'r.createdBy', 'r.userId'])
    .where('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .where((eb) => eb.or(paths.map((p) => eb.and(sameLevels(p, PLATFORM_LEVELS)))))
    .execute();
}

export async function insertAssignment(
  trx: Executor,
  path: AssignmentPath,
  people: AssignmentPeople,
  actorId: number,
) {
  const now = nowIso();
  const row = await trx
    .insertInto('approverAssignments')
    .values({
      ...path,
      ...people,
      isDeleted: 0,
      createdBy: actorId,
      createdDate: now,
      updatedBy: actorId,
      updatedDate: now,
    })
    .returning('approverId')
    .executeTakeFirstOrThrow();
  return row.approverId;
}

export async function updateAssignments(
  trx: Executor,
  ids: readonly number[],
  set: Partial<AssignmentPath & AssignmentPeople>,
  actorId: number,
) {
  await trx
    .updateTable('approverAssignments')
    .set({ ...set, updatedBy: actorId, updatedDate: nowIso() })
    .where('approverId', 'in', ids)
    .execute();
}

export async function setAssignmentsState(
  trx: Executor,
  ids: readonly number[],
  isDeleted: 0 | 1,
  actorId: number,
) {
  await trx
    .updateTable('approverAssignments')
    .set({ isDeleted, updatedBy: actorId, updatedDate: nowIso() })
    .where('approverId', 'in', ids)
    .execute();
}

export async function deleteAssignments(trx: Executor, ids: readonly number[]) {
  await trx.deleteFrom('approverAssignments').where('approverId', 'in', ids).execute();
}

/** The people these rows name, for the role rule. */
export function peopleOf(rows: readonly AssignmentPeople[]): number[] {
  return [
    ...new Set(
      rows.flatMap((r) => [r.userId, r.secondaryApproverId, r.provisionerId, r.provisionerBackupId]),
    ),
  ].filter((id): id is number => id !== null);
}
