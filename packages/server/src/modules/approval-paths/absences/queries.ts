import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { Role } from '@uap/domain';
import type { Db, Executor } from '../../../db/connection.ts';
import { nowIso } from '../../../db/connection.ts';
import type { Database } from '../../../db/schema.ts';
import { onBehalfOf } from '../../request-lines/routing.ts';
import { fullName } from '../column-queries.ts';

/** A person's absences that have not ended yet, earliest first, with the delegate's name. */
export function findAbsences(db: Db, userId: number) {
  const now = nowIso();
  return db.kysely
    .selectFrom('absences as ab')
    .innerJoin('users as u', 'u.userId', 'ab.userId')
    .innerJoin('users as d', 'd.userId', 'ab.delegateId')
    .select([
      'ab.absenceId',
      'ab.userId',
      fullName<string>('u').as('userName'),
      'ab.delegateId as delegateUserId',
      fullName<string>('d').as('delegateName'),
      'd.email as delegateEmail',
      'ab.fromDate',
      'ab.toDate',
    ])
    .select(sql<SqlBool>`case when ${sql.ref('ab.fromDate')} <= ${now} then 1 else 0 end`.as('isRunning'))
    .where('ab.userId', '=', userId)
    .where('ab.isDeleted', '=', 0)
    .where('ab.toDate', '>', now)
    .orderBy('ab.fromDate')
    .orderBy('ab.absenceId')
    .execute();
}

export function findAbsence(q: Executor, absenceId: number) {
  return q
    .selectFrom('absences')
    .select(['absenceId', 'userId', 'delegateId', 'fromDate', 'toDate', 'isDeleted'])
    .where('absenceId', '=', absenceId)
    .executeTakeFirst();
}

/** An active profile, with its role and name. */
export function findPerson(q: Executor, userId: number) {
  return q
    .selectFrom('users')
    .select(['userId', 'roleId', 'name', 'lastName', 'isDeleted'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Whether an absence not withdrawn matches `where` (one look-up, stops at the first). */
async function hasAbsence(
  q: Executor,
  where: (qb: SelectQueryBuilder<Database, 'absences', { absenceId: number }>) => typeof qb,
) {
  const row = await where(q.selectFrom('absences').select('absenceId').where('isDeleted', '=', 0))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Another running or planned absence of the person overlapping [from, to). */
export function overlaps(q: Executor, userId: number, from: string, to: string) {
  return hasAbsence(q, (qb) =>
    qb.where('userId', '=', userId).where('fromDate', '<', to).where('toDate', '>', from),
  );
}

export async function insertAbsence(
  q: Executor,
  a: { userId: number; delegateId: number; fromDate: string; toDate: string },
  actorId: number,
) {
  const now = nowIso();
  const row = await q
    .insertInto('absences')
    .values({ ...a, createdBy: actorId, updatedBy: actorId, createdDate: now, updatedDate: now })
    .returning('absenceId')
    .executeTakeFirstOrThrow();
  return row.absenceId;
}

/** Ends an absence now (a planned one is withdrawn). */
export async function endAbsence(q: Executor, absenceId: number, actorId: number) {
  await q
    .updateTable('absences')
    .set({ isDeleted: 1, updatedBy: actorId, updatedDate: nowIso() })
    .where('absenceId', '=', absenceId)
    .execute();
}

/** Roles that open the task pages a delegate works in. */
export const delegateRoles: readonly number[] = [
  Role.APPROVER,
  Role.MASTERAPPROVER,
  Role.PROVISIONER,
  Role.ADMIN,
  Role.SUPERADMIN,
];

/**
 * For the lines of a task page: the name of the absent person the user holds each one for as
 * delegate ('on behalf of {name}'). One indexed look-up when the user stands in for nobody now.
 */
export async function findOnBehalfOfNames(
  q: Executor,
  userId: number,
  requestIds: readonly number[],
  work: 'approve' | 'provision',
): Promise<Map<number, string>> {
  const now = nowIso();
  if (requestIds.length === 0) {
    return new Map();
  }
  const standsIn = await hasAbsence(q, (qb) =>
    qb.where('delegateId', '=', userId).where('toDate', '>', now).where('fromDate', '<=', now),
  );
  if (!standsIn) {
    return new Map();
  }
  const rows = await q
    .selectFrom(
      q
        .selectFrom('requests as r')
        .select(['r.requestId', (eb) => onBehalfOf(eb, userId, work).as('absentId')])
        .where('r.requestId', 'in', [...requestIds])
        .as('t'),
    )
    .innerJoin('users as u', 'u.userId', 't.absentId')
    .select(['t.requestId', fullName<string>('u').as('name')])
    .execute();
  return new Map(rows.map((r) => [r.requestId, r.name]));
}
