import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';
import type { Database, RequestsTable } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { namedLines } from '../request-lines/line-query.ts';
import { modifiableBy } from '../request-lines/scope.ts';

/** The database or an open transaction. */
export type Executor = Kysely<Database>;
export type RequestLine = Selectable<RequestsTable> & { platformUserTypeBasicName: string | null };

/**
 * Loads lines inside the actor's scope; on PostgreSQL the rows are locked for the transaction
 * (SQLite serialises writers already).
 */
export async function findLinesInScope(
  q: Executor,
  dialect: Db['dialect'],
  actor: Actor,
  ids: readonly number[],
): Promise<RequestLine[]> {
  if (ids.length === 0) {
    return [];
  }
  let query = q
    .selectFrom('requests as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('platformUserTypes as t')
        .select('t.basicName')
        .whereRef('t.platformUserTypeId', '=', 'r.platformUserTypeId')
        .as('platformUserTypeBasicName'),
    )
    .where('r.requestId', 'in', ids)
    .where((eb) => modifiableBy(eb, actor));
  if (dialect === 'postgres') {
    query = query.forUpdate('r');
  }
  return query.execute();
}

/** The line's status and type, without scope (to tell a stale pointer from a live one). */
export function getLineState(q: Executor, requestId: number) {
  return q
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'requestTypeId', 'version'])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
}

/** Compare-and-set: updates the line only while it is still in `statusId` at `version`. */
export async function updateLineIfUnchanged(
  q: Executor,
  line: { requestId: number; statusId: number; version: number },
  set: Updateable<RequestsTable>,
  actor: Actor,
): Promise<boolean> {
  const result = await q
    .updateTable('requests')
    .set({ ...set, updatedDate: nowIso(), updatedBy: actor.userId, version: line.version + 1 })
    .where('requestId', '=', line.requestId)
    .where('statusId', '=', line.statusId)
    .where('version', '=', line.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertLine(q: Executor, row: Insertable<RequestsTable>): Promise<number> {
  const inserted = await q
    .insertInto('requests')
    .values(row)
    .returning('requestId')
    .executeTakeFirstOrThrow();
  return inserted.requestId;
}

/** An active platform user type usable on the line's asset (or platform, for business access). */
export function findUserTypeFor(q: Executor, platformUserTypeId: number, line: RequestLine) {
  return q
    .selectFrom('platformUserTypes')
    .select(['platformUserTypeId', 'description', 'basicName'])
    .where('platformUserTypeId', '=', platformUserTypeId)
    .where('isDeleted', '=', 0)
    .where('platformId', '=', line.platformId)
    .where((eb) => (line.assetId === null ? eb('assetId', 'is', null) : eb('assetId', '=', line.assetId)))
    .executeTakeFirst();
}

export function getUserTypeName(q: Executor, platformUserTypeId: number | null) {
  return q
    .selectFrom('platformUserTypes')
    .select('description')
    .where('platformUserTypeId', '=', platformUserTypeId ?? -1)
    .executeTakeFirst();
}

/** Whether the email is the primary or an active secondary email of a user other than `userId`. */
export async function isEmailOfOtherUser(q: Executor, email: string, userId: number): Promise<boolean> {
  for (const table of ['users', 'userAdditionalEmails'] as const) {
    const owner = await q
      .selectFrom(table)
      .select('userId')
      .where('email', '=', email)
      .where('userId', '!=', userId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (owner) {
      return true;
    }
  }
  return false;
}

/** An active profile by primary email (the reassign target). */
export function findUserByEmail(q: Executor, email: string) {
  return q
    .selectFrom('users')
    .select(['userId', 'email', 'isInternal', 'managerEmail', 'managerName'])
    .where('email', '=', email)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

export function getUserEmail(q: Executor, userId: number) {
  return q.selectFrom('users').select(['userId', 'email']).where('userId', '=', userId).executeTakeFirst();
}

/**
 * Users among `userIds` that have a second profile (a merged child or a merged parent), only
 * among the users with an access record the actor may activate or deactivate.
 */
export async function findMergedProfiles(q: Executor, actor: Actor, userIds: readonly number[]) {
  const inScope = await q
    .selectFrom('requests as r')
    .select('r.userId')
    .distinct()
    .where('r.userId', 'in', userIds)
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
    .where((eb) => modifiableBy(eb, actor))
    .execute();
  if (inScope.length === 0) {
    return [];
  }
  return q
    .selectFrom('users as u')
    .select(['u.userId', 'u.name', 'u.lastName', 'u.email'])
    .where(
      'u.userId',
      'in',
      inScope.map((r) => r.userId),
    )
    .where((eb) =>
      eb.or([
        eb('u.mergedUserId', 'is not', null),
        eb.exists(eb.selectFrom('users as c').select('c.userId').whereRef('c.mergedUserId', '=', 'u.userId')),
      ]),
    )
    .orderBy('u.userId')
    .execute();
}

/** The pending change of a record with its names (for the detail view). */
export function findPendingChange(q: Executor, requestId: number | null) {
  return q
    .selectFrom('requests as p')
    .innerJoin('requestTypes as t', 't.requestTypeId', 'p.requestTypeId')
    .innerJoin('requestStatuses as s', 's.statusId', 'p.statusId')
    .select([
      'p.requestId',
      'p.requestTypeId',
      't.description as requestTypeName',
      'p.statusId',
      's.description as statusName',
      'p.createdDate',
    ])
    .where('p.requestId', '=', requestId ?? -1)
    .where('p.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .executeTakeFirst();
}

/** One line with every name the detail view shows, inside the actor's scope. */
export function findDetail(q: Executor, actor: Actor, requestId: number) {
  return namedLines(q, (eb) => eb.and([eb('r.requestId', '=', requestId), modifiableBy(eb, actor)]))
    .selectAll('r')
    .select([
      't.description as requestTypeName',
      's.description as statusName',
      'u.name as userName',
      'u.lastName as userLastName',
      'u.email as userEmail',
      'ag.description as agencyName',
      'pr.description as practiceName',
      'pl.description as platformName',
      'pl.businessAccess as platformBusinessAccess',
      'c.description as clientName',
      'at.description as assetName',
      'ca.description as clientAccountName',
      'put.description as platformUserTypeName',
      'put.basicName as platformUserTypeBasicName',
    ])
    .executeTakeFirst();
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof findDetail>>>;
