import type { Readable } from 'node:stream';
import {
  timeZoneOrUtc,
  startOfTodayUtc,
  type FilterOptions,
  type FilterOptionsQuery,
  type UserRecordRow,
  type UserRecordsPage,
  type UserRecordsQuery,
  userRecordsTable,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { csvExport } from '../../db/csv-export.ts';
import { assertTableQuery, filterOptionsOf } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { declaredCsvColumns } from '../../http/table-routes.ts';
import { getUserIdByEmail } from '../profiles/service.ts';
import * as q from './queries.ts';
import { presentUserRecord } from './present.ts';
import type { LineWhere } from '../request-lines/line-query.ts';
import { findColumnValues, findLineBatch, findLinePage } from '../request-lines/lists.ts';
import { recordScopeOf } from '../request-lines/scope.ts';
import { findMyRequestFilterOptions } from '../my-requests/service.ts';

/** UserRecordsByEmail answers at most this many records (a short list for the existing-access check). */
export const RECORDS_BY_EMAIL_LIMIT = 200;

const todayIso = () => startOfTodayUtc().toISOString();

/** The subject named by userId or email; the caller without either; null when nobody has that email. */
async function subjectOf(db: Db, actor: Actor, query: { userId?: number; email?: string }) {
  if (query.userId !== undefined) {
    return query.userId;
  }
  if (query.email !== undefined && query.email !== '') {
    return getUserIdByEmail(db, query.email);
  }
  return actor.userId;
}

/** The WHERE of the subject's lines the caller may read, or null when the subject does not exist. */
async function userRecordsWhere(db: Db, actor: Actor, query: UserRecordsQuery): Promise<LineWhere | null> {
  const subjectId = await subjectOf(db, actor, query);
  return subjectId === null ? null : q.userRecordsWhere(recordScopeOf(actor), subjectId);
}

/** A page of the subject's pending Add lines and records the caller may see. */
export async function findUserRecords(
  db: Db,
  actor: Actor,
  query: UserRecordsQuery,
): Promise<UserRecordsPage> {
  const today = todayIso();
  const spec = q.userRecordSpec(today);
  assertTableQuery(spec, query);
  const where = await userRecordsWhere(db, actor, query);
  if (!where) {
    return { requests: [], page: query.page, totalCount: 0 };
  }
  const { rows, totalCount, isCountEstimate } = await findLinePage(db, where, spec, query, today);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return {
    requests: rows.map((r) => presentUserRecord(r, timeZone)),
    page: query.page,
    totalCount,
    isCountEstimate,
  };
}

/** The whole filtered User Access Overview as CSV, read in keyset batches (the first one before it starts). */
export async function exportUserRecords(db: Db, actor: Actor, query: UserRecordsQuery): Promise<Readable> {
  const today = todayIso();
  const spec = q.userRecordSpec(today);
  assertTableQuery(spec, query);
  const where = await userRecordsWhere(db, actor, query);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return csvExport(
    async (beforeId, limit) =>
      where
        ? (await findLineBatch(db, where, spec, query, today, beforeId, limit)).map((r) =>
            presentUserRecord(r, timeZone),
          )
        : [],
    userRecordsTable.rowId,
    declaredCsvColumns(userRecordsTable, timeZone),
  );
}

/** The distinct values of one column of a table under its other filters. */
export async function findFilterOptions(
  db: Db,
  actor: Actor,
  query: FilterOptionsQuery,
): Promise<FilterOptions> {
  if (query.source !== 'UserRecords') {
    return findMyRequestFilterOptions(db, actor, query);
  }
  const spec = q.userRecordSpec(todayIso());
  assertTableQuery(spec, query, query.column);
  const where = await userRecordsWhere(db, actor, query);
  if (!where) {
    return { values: [], isTruncated: false };
  }
  const values = await findColumnValues(db, where, spec, query, query.column);
  return filterOptionsOf(values);
}

/** The records (completed or archived Add lines) of the user with this email, within scope. */
export async function findRecordsByEmail(db: Db, actor: Actor, email: string): Promise<UserRecordRow[]> {
  const subjectId = await getUserIdByEmail(db, email.trim().toLowerCase());
  if (subjectId === null) {
    return [];
  }
  const rows = await q.findRecordsOfUser(
    db,
    recordScopeOf(actor),
    subjectId,
    todayIso(),
    RECORDS_BY_EMAIL_LIMIT,
  );
  return rows.map((r) => presentUserRecord(r, 'UTC'));
}
