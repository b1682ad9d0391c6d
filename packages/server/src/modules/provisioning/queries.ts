import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RequestRowUpdate } from '../../db/schema.ts';
import { type Executor } from '../request-lines/line-query.ts';
import { insertLineComments } from '../request-lines/comments.ts';
import {
  insideAdminScope,
  onBehalfOf,
  provisionableBy,
  type ProvisioningScope,
} from '../request-lines/routing.ts';

export type { Executor };

export { provisionableBy, type ProvisioningScope };

/**
 * The lines the actor may act on (decide, comment), whatever their status, locked on PostgreSQL
 * for the transaction; `alsoProvisionedBy` adds the lines the actor completed.
 */
export async function findActionableLines(
  trx: Executor,
  dialect: Db['dialect'],
  scope: ProvisioningScope,
  ids: readonly number[],
  options: { alsoProvisionedBy?: boolean; alsoAdminScope?: boolean } = {},
) {
  let query = trx
    .selectFrom('requests as r')
    .selectAll('r')
    .select((eb) => onBehalfOf(eb, scope.userId, 'provision').as('onBehalfOf'))
    .where('r.requestId', 'in', [...ids])
    .where((eb) => {
      const parts = [provisionableBy(eb, scope, true)];
      if (options.alsoProvisionedBy) {
        parts.push(eb('r.provisionedBy', '=', scope.userId));
      }
      if (options.alsoAdminScope && scope.kind === 'admin') {
        parts.push(insideAdminScope(eb, scope.userId));
      }
      return eb.or(parts);
    });
  if (dialect === 'postgres') {
    query = query.forUpdate('r');
  }
  return query.execute();
}
export type ActionableLine = Awaited<ReturnType<typeof findActionableLines>>[number];

/** The active standard comments of a type, oldest first. */
export function findStandardComments(db: Db, type: number) {
  return db.kysely
    .selectFrom('standardComments')
    .select(['id', 'comment'])
    .where('type', '=', type)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
}

export async function insertStandardComment(db: Db, comment: string, type: number, actorId: number) {
  const row = await db.kysely
    .insertInto('standardComments')
    .values({ comment, type, createdBy: actorId })
    .returning(['id', 'comment'])
    .executeTakeFirstOrThrow();
  return row;
}

/** Soft-deletes an active standard comment; false when there is none with that id. */
export async function softDeleteStandardComment(db: Db, id: number) {
  const result = await db.kysely
    .updateTable('standardComments')
    .set({ isDeleted: 1 })
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the actor may read a line's provisioner comments (their work, provisioned by them, or in an admin's rows). */
export async function canReadLine(db: Db, scope: ProvisioningScope, requestId: number) {
  const row = await db.kysely
    .selectFrom('requests as r')
    .select('r.requestId')
    .where('r.requestId', '=', requestId)
    .where((eb) =>
      eb.or([
        provisionableBy(eb, scope, true),
        eb('r.provisionedBy', '=', scope.userId),
        scope.kind === 'admin' ? insideAdminScope(eb, scope.userId) : sql<SqlBool>`1 = 0`,
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Provisioned Add lines become active records. */
export async function activateAddLines(trx: Executor, requestIds: readonly number[]) {
  if (requestIds.length > 0) {
    await trx
      .updateTable('requests')
      .set({ isDeleted: 0 })
      .where('requestId', 'in', [...requestIds])
      .execute();
  }
}

/** The records that completed changes apply to, with the columns a change may write. */
export function findRecordsToApply(trx: Executor, recordIds: readonly number[]) {
  return trx
    .selectFrom('requests')
    .select([
      'requestId',
      'statusId',
      'requestTypeId',
      'pendingChangeRequestId',
      'isDeleted',
      'platformUserTypeId',
      'email',
      'userId',
      'beginningDate',
      'expirationDate',
    ])
    .where('requestId', 'in', [...recordIds])
    .execute();
}

/** The profiles with these emails (a reassignment's new user), by email. */
export async function findUsersByEmail(trx: Executor, emails: string[]) {
  if (emails.length === 0) {
    return new Map<string, { userId: number; isInternal: number }>();
  }
  const rows = await trx
    .selectFrom('users')
    .select(['userId', 'email', 'isInternal'])
    .where('email', 'in', emails)
    .execute();
  return new Map(rows.map((u) => [u.email, { userId: u.userId, isInternal: u.isInternal }]));
}

/** Writes a completed change on its record (one statement by primary key). */
export async function updateRecord(
  trx: Executor,
  recordId: number,
  set: RequestRowUpdate,
  actorId: number,
  now: string,
) {
  await trx
    .updateTable('requests')
    .set((eb) => ({
      ...set,
      updatedDate: now,
      updatedBy: actorId,
      version: eb('version', '+', 1),
    }))
    .where('requestId', '=', recordId)
    .execute();
}

/** Adds a provisioner comment to each line and makes it the line's latest; answers how many lines took it. */
export async function addProvisionerComment(
  trx: Executor,
  requestIds: readonly number[],
  comment: string,
  actorId: number,
  now: string,
): Promise<number> {
  await insertLineComments(trx, 'provisionerComments', requestIds, comment, actorId, now);
  const result = await trx
    .updateTable('requests')
    .set((eb) => ({
      provisionerComment: comment,
      updatedDate: now,
      updatedBy: actorId,
      version: eb('version', '+', 1),
    }))
    .where('requestId', 'in', [...requestIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
