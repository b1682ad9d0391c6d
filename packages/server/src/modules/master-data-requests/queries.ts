import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { hasNul, type MasterDataRequestHistoryQuery, type MasterDataType } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../db/table-query.ts';

export async function insertMasterDataRequest(
  db: Db,
  row: { masterDataType: string; comments: string; createdBy: number },
) {
  await db.kysely
    .insertInto('masterDataRequests')
    .values({ ...row, createdDate: nowIso() })
    .execute();
}

type HistoryFilter = Pick<MasterDataRequestHistoryQuery, 'search' | 'type' | 'status'> & {
  /** One requester's history; null: everyone's. */
  createdBy: number | null;
};

type RequestEb = ExpressionBuilder<
  Database & { m: Database['masterDataRequests']; u: Database['users'] },
  'm' | 'u'
>;

function historyCondition(eb: RequestEb, f: HistoryFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (f.createdBy !== null) {
    parts.push(eb('m.createdBy', '=', f.createdBy));
  }
  if (f.type.length > 0) {
    parts.push(eb('m.masterDataType', 'in', f.type));
  }
  if (f.status.length === 1) {
    parts.push(eb('m.doneDate', f.status[0] === 'Done' ? 'is not' : 'is', null));
  }
  if (hasNul(f.search)) {
    // No stored text holds U+0000, and PostgreSQL cannot bind it.
    parts.push(sql<SqlBool>`1 = 0`);
  } else if (f.search !== '') {
    const pattern = likePattern(f.search);
    parts.push(
      sql<SqlBool>`(lower(m.comments) like ${pattern} escape '\\' or lower(m.master_data_type) like ${pattern} escape '\\' or lower(u.name || ' ' || u.last_name) like ${pattern} escape '\\')`,
    );
  }
  return eb.and(parts);
}

/** History newest first, with the requester's and the closer's names. */
export async function findMasterDataRequests(db: Db, f: HistoryFilter & { limit: number; offset: number }) {
  return db.kysely
    .selectFrom('masterDataRequests as m')
    .innerJoin('users as u', 'u.userId', 'm.createdBy')
    .leftJoin('users as d', 'd.userId', 'm.doneBy')
    .where((eb) => historyCondition(eb, f))
    .select([
      'm.id',
      'm.masterDataType',
      'm.comments',
      'm.createdDate',
      'm.doneDate',
      'm.doneItemId',
      'u.name',
      'u.lastName',
      'd.name as doneByName',
      'd.lastName as doneByLastName',
    ])
    .orderBy('m.createdDate', 'desc')
    .orderBy('m.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

export async function countMasterDataRequests(db: Db, f: HistoryFilter) {
  const row = await db.kysely
    .selectFrom('masterDataRequests as m')
    .innerJoin('users as u', 'u.userId', 'm.createdBy')
    .where((eb) => historyCondition(eb, f))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return row?.count;
}

export async function findMasterDataRequest(db: Executor, id: number) {
  return db
    .selectFrom('masterDataRequests')
    .select(['id', 'masterDataType'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function markMasterDataRequestDone(
  db: Executor,
  id: number,
  done: { doneBy: number; doneItemId: number | null },
) {
  await db
    .updateTable('masterDataRequests')
    .set({ ...done, doneDate: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The table and id column that hold the items of each master data type. */
const itemTables = {
  Region: ['regions', 'regionId'],
  Market: ['markets', 'marketId'],
  Agency: ['agencies', 'agencyId'],
  Practice: ['practices', 'practiceId'],
  Platform: ['platforms', 'platformId'],
  'Platform User Type': ['platformUserTypes', 'platformUserTypeId'],
  'Account Ownership': ['platformOwnerships', 'platformOwnershipId'],
  'Client - Client Code': ['clients', 'clientId'],
  'Client Asset': ['clientAccounts', 'clientAccountId'],
} as const satisfies Record<MasterDataType, readonly [keyof Database, string]>;

/** Items of one type by id (a read of the catalog tables; the catalog module owns their writes). */
export async function findItems(db: Executor, type: MasterDataType, ids: readonly number[]) {
  if (ids.length === 0) {
    return [];
  }
  const [table, idColumn] = itemTables[type];
  return (
    db
      // The table and column come from the constant map above, never from input.
      .selectFrom(sql.table(table).as('t') as unknown as 'regions')
      .select([
        sql<number>`${sql.ref(`t.${idColumn}`)}`.as('id'),
        sql<string>`t.description`.as('description'),
      ])
      .where(sql.ref(`t.${idColumn}`), 'in', ids)
      .execute()
  );
}

/** Up to `limit` items of one type whose name contains `search`, by name. */
export async function searchItems(db: Executor, type: MasterDataType, search: string, limit: number) {
  const [table, idColumn] = itemTables[type];
  let q = db
    .selectFrom(sql.table(table).as('t') as unknown as 'regions')
    .select([
      sql<number>`${sql.ref(`t.${idColumn}`)}`.as('id'),
      sql<string>`t.description`.as('description'),
    ]);
  if (hasNul(search)) {
    q = q.where(sql<SqlBool>`1 = 0`);
  } else if (search !== '') {
    q = q.where(sql<SqlBool>`lower(t.description) like ${likePattern(search)} escape '\\'`);
  }
  return q
    .orderBy(sql`t.description`)
    .orderBy(sql.ref(`t.${idColumn}`))
    .limit(limit)
    .execute();
}
