import { sql } from 'kysely';
import { hasNul, type BulkResultsQuery, type BulkUploadType } from '@uap/domain';
import { toCount, type Db, type Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { fitsAllRows, pageOf } from '../../db/table-query.ts';

/** The upload row by its code (the upload ID). */
export function findUpload(db: Db, code: string) {
  return db.kysely
    .selectFrom('bulkUploads')
    .select([
      'id',
      'code',
      'uploadType',
      'fileName',
      'status',
      'totalRows',
      'processedRows',
      'successRows',
      'createdBy',
      'fileHash',
      'error',
    ])
    .where('code', '=', code)
    .executeTakeFirst();
}
export type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

export async function insertUpload(
  db: Db,
  o: { code: string; uploadType: BulkUploadType; fileName: string; fileHash: string; createdBy: number },
): Promise<void> {
  await db.kysely
    .insertInto('bulkUploads')
    .values({ ...o, status: 'Processing', totalRows: 0, successRows: 0, processedRows: 0 })
    .execute();
}

/** Uploads a stopped server left unfinished (resumed at start-up). */
export function findUnfinishedCodes(db: Db) {
  return db.kysely.selectFrom('bulkUploads').select('code').where('status', '=', 'Processing').execute();
}

export async function setTotalRows(db: Db, id: number, totalRows: number): Promise<void> {
  await db.kysely.updateTable('bulkUploads').set({ totalRows }).where('id', '=', id).execute();
}

export async function finishUpload(
  db: Db,
  id: number,
  o: { status: 'Completed' | 'Failed'; error: string | null; finishedDate: string },
): Promise<void> {
  await db.kysely.updateTable('bulkUploads').set(o).where('id', '=', id).execute();
}

export interface RowResult {
  rowNumber: number;
  success: boolean;
  statusText: string;
  payload: string;
}

/**
 * The results of one batch and the upload's counters, in the batch's transaction (with the
 * rows it created): a crash keeps the whole batch or none of it. The unique (upload, row)
 * index refuses a batch a second processor already committed.
 */
export async function recordBatch(trx: Executor, uploadId: number, results: RowResult[]): Promise<void> {
  if (results.length === 0) {
    return;
  }
  await trx
    .insertInto('bulkUploadRows')
    .values(
      results.map((r) => ({
        uploadId,
        rowNumber: r.rowNumber,
        success: r.success ? 1 : 0,
        statusText: r.statusText,
        payload: r.payload,
      })),
    )
    .execute();
  const created = results.filter((r) => r.success).length;
  await trx
    .updateTable('bulkUploads')
    .set((eb) => ({
      processedRows: eb('processedRows', '+', results.length),
      successRows: eb('successRows', '+', created),
    }))
    .where('id', '=', uploadId)
    .execute();
}

/**
 * Row numbers an earlier upload of the same file (same type and content hash) created: a
 * second upload reports them instead of creating them again.
 */
export async function findRowsDoneBefore(
  db: Db,
  o: { uploadId: number; uploadType: string; fileHash: string },
): Promise<Map<number, string>> {
  const rows = await db.kysely
    .selectFrom('bulkUploadRows as r')
    .innerJoin('bulkUploads as u', 'u.id', 'r.uploadId')
    .select(['r.rowNumber', 'u.code'])
    .where('u.uploadType', '=', o.uploadType)
    .where('u.fileHash', '=', o.fileHash)
    .where('u.id', '<>', o.uploadId)
    .where('r.success', '=', 1)
    .where('r.statusText', 'not like', 'Already created%')
    .execute();
  return new Map(rows.map((r) => [r.rowNumber, r.code]));
}

function resultsOf(db: Db, uploadType: BulkUploadType, query: BulkResultsQuery) {
  let qb = db.kysely
    .selectFrom('bulkUploadRows as r')
    .innerJoin('bulkUploads as u', 'u.id', 'r.uploadId')
    .where('u.uploadType', '=', uploadType);
  if (query.code) {
    qb = qb.where('u.code', '=', query.code);
  }
  const success = new Set((query.Filters ?? []).map((f) => (f === 'bulk_Success=true' ? 1 : 0)));
  if (success.size === 1) {
    qb = qb.where('r.success', '=', [...success][0]!);
  }
  if (query.searchCriteria && hasNul(query.searchCriteria)) {
    // No stored text holds U+0000, and PostgreSQL cannot bind it.
    qb = qb.where(sql.lit(false));
  } else if (query.searchCriteria) {
    qb = qb.where(sql`lower(${sql.ref('r.statusText')})`, 'like', `%${query.searchCriteria.toLowerCase()}%`);
  }
  return qb;
}

/** A page of row results of one type (one upload when `code` is given), newest upload first, rows in file order. */
export async function findResults(db: Db, uploadType: BulkUploadType, query: BulkResultsQuery) {
  const base = resultsOf(db, uploadType, query);
  const { limit, offset } = pageOf(query);
  const [rows, count] = await Promise.all([
    base
      .select(['r.rowNumber', 'u.code', 'r.success', 'r.statusText'])
      .orderBy('u.id', 'desc')
      .orderBy('r.rowNumber')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: fitsAllRows(query, rows), totalCount: toCount(count?.n) };
}

/** The refused rows of an upload with their original cells, in file order, a batch after `afterRow`. */
export function findRefusedRows(db: Db, uploadId: number, afterRow: number, limit: number) {
  return db.kysely
    .selectFrom('bulkUploadRows')
    .select(['rowNumber', 'statusText', 'payload'])
    .where('uploadId', '=', uploadId)
    .where('success', '=', 0)
    .where('rowNumber', '>', afterRow)
    .orderBy('rowNumber')
    .limit(limit)
    .execute();
}

/** The uploader as an actor (a resumed upload runs with its uploader's current role). */
export function findUploader(db: Db, userId: number) {
  return db.kysely
    .selectFrom('users')
    .select(['userId', 'roleId', 'email', 'isDeleted'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

// ------------------------------------------------------------- names → ids

const lowerEq = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

/**
 * The lowest id of `table`'s rows named `name` (any case, in `nameColumn`) under the parents given
 * (each column holding that id; null: none).
 */
function lowestNamed<T extends keyof Database>(
  db: Db,
  table: T,
  id: keyof Database[T] & string,
  parents: Partial<Record<keyof Database[T] & string, number | null>>,
  name: string,
  nameColumn: keyof Database[T] & string = 'description' as keyof Database[T] & string,
) {
  const from: keyof Database = table;
  let qb = db.kysely.selectFrom(from).select(sql<number>`${sql.ref(id)}`.as('id'));
  for (const [column, parentId] of Object.entries(parents)) {
    qb = qb.where(
      parentId === null
        ? sql<boolean>`${sql.ref(column)} is null`
        : sql<boolean>`${sql.ref(column)} = ${parentId}`,
    );
  }
  return qb.where(lowerEq(nameColumn, name)).orderBy(sql.ref(id));
}

/** Ids of master data and people named in a row; each answer is the lowest id of that name under its parent. */
export const lookups = {
  region: (db: Db, name: string) => lowestNamed(db, 'regions', 'regionId', {}, name),
  market: (db: Db, regionId: number, name: string) =>
    lowestNamed(db, 'markets', 'marketId', { regionId }, name),
  agency: (db: Db, marketId: number, name: string) =>
    lowestNamed(db, 'agencies', 'agencyId', { marketId }, name),
  practice: (db: Db, agencyId: number, name: string) =>
    db.kysely
      .selectFrom('practices as p')
      .innerJoin('agencyPractices as ap', 'ap.practiceId', 'p.practiceId')
      .select('p.practiceId as id')
      .where('ap.agencyId', '=', agencyId)
      .where(lowerEq('p.description', name))
      .orderBy('p.practiceId'),
  platform: (db: Db, agencyId: number, practiceId: number, name: string) =>
    db.kysely
      .selectFrom('platforms as p')
      .innerJoin('platformAgencies as pa', 'pa.platformId', 'p.platformId')
      .select('p.platformId as id')
      .where('pa.agencyId', '=', agencyId)
      .where('pa.practiceId', '=', practiceId)
      .where(lowerEq('p.description', name))
      .orderBy('p.platformId'),
  client: (db: Db, platformId: number, agencyId: number, name: string) =>
    lowestNamed(db, 'clients', 'clientId', { platformId, agencyId }, name),
  clientCode: (db: Db, clientId: number, code: string) =>
    lowestNamed(db, 'clientCodes', 'clientCodeId', { clientId }, code, 'code'),
  assetType: (db: Db, platformId: number, name: string) =>
    lowestNamed(db, 'assetTypes', 'assetId', { platformId }, name),
  clientAccount: (db: Db, clientId: number, assetId: number, name: string) =>
    lowestNamed(db, 'clientAccounts', 'clientAccountId', { clientId, assetId }, name),
  platformUserType: (db: Db, platformId: number, assetId: number | null, name: string) =>
    lowestNamed(db, 'platformUserTypes', 'platformUserTypeId', { platformId, assetId }, name),
  person: (db: Db, email: string) =>
    db.kysely
      .selectFrom('users')
      .select('userId as id')
      // Profiles keep emails lowercased: an equality the email index serves.
      .where('email', '=', email.trim().toLowerCase())
      .where('isDeleted', '=', 0)
      .orderBy('userId'),
};

/** The manager the profile holds, used when a user-record row names none. */
export function findManagerOf(db: Db, userId: number) {
  return db.kysely
    .selectFrom('users')
    .select(['managerEmail', 'managerName'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}
