import {
  fullName,
  type FilterOptions,
  type TableQuery,
  type UserStatusFilterQuery,
  type UserStatusPage,
  type UserStatusRow,
} from '@uap/domain';
import { nowIso, type Db, type Executor } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import type { JobDefinition } from '../jobs/runner.ts';
import * as reportQueries from './status-queries.ts';

export const USER_STATUS_REPORT = 'user-status-report';

/** How far back the very first run looks. */
const FIRST_RUN_DAYS = 7;

/** Where the last completed run started (changes after it are new), else FIRST_RUN_DAYS back. */
async function since(q: Executor, currentRunStart: string): Promise<string> {
  const last = await reportQueries.findLastCompletedRunStart(q, USER_STATUS_REPORT, currentRunStart);
  return last ?? new Date(Date.parse(currentRunStart) - FIRST_RUN_DAYS * 86_400_000).toISOString();
}

/** What changed in the directory entry, as the report's Description reads. */
export function describeChange(entry: { isDeleted: number; active: number }): string {
  if (entry.isDeleted === 1) {
    return 'Deleted from the directory';
  }
  return entry.active === 1 ? 'Directory details changed' : 'Account disabled in the directory';
}

/**
 * The internal user status report (spec 3 §2.7): every profile whose directory entry changed
 * since the last run gets a row to acknowledge (one open row per person and change).
 */
export const userStatusReportJob: JobDefinition = {
  name: USER_STATUS_REPORT,
  title: 'User Status Report',
  schedule: '0 4 * * *',
  maxAttempts: 3,
  async run({ db }) {
    const q = db.kysely;
    const changed = await reportQueries.findDirectoryChangesSince(q, await since(q, nowIso()));
    const key = (userId: number, change: string) => `${userId}\u0000${change}`;
    const open = new Set(
      (await reportQueries.findOpenStatusRows(q, [...new Set(changed.map((row) => row.userId))])).map((row) =>
        key(row.userId, row.changeDescription),
      ),
    );
    const fresh = new Map<string, reportQueries.NewStatusRow>();
    for (const row of changed) {
      const changeDescription = describeChange(row);
      const rowKey = key(row.userId, changeDescription);
      if (!open.has(rowKey) && !fresh.has(rowKey)) {
        fresh.set(rowKey, {
          userId: row.userId,
          roleName: row.roleName,
          changeDescription,
          agency: row.organization,
          operationDate: row.updatedDate,
        });
      }
    }
    await reportQueries.insertStatusRows(q, [...fresh.values()]);
    return { changed: changed.length, added: fresh.size };
  },
};

/** A Status of Users row as the report shows it. */
function presentStatusRow(r: reportQueries.StatusDbRow): UserStatusRow {
  return {
    id: r.id,
    isDeleted: r.isDeleted === 1,
    isMerged: r.isMerged === true || Number(r.isMerged) === 1,
    userID: r.userId,
    fullName: fullName(r.name, r.lastName),
    role: r.roleName,
    roleId: r.roleId,
    operationDate: r.operationDate,
    activeRecordsCount: Number(r.activeRecordsCount ?? 0),
    agency: r.agency,
    changeDescription: r.changeDescription,
  };
}

/** GET api/User/UserStatusReport: the Status of Users rows, open ones first, then newest first. */
export async function findUserStatusRows(db: Db): Promise<UserStatusRow[]> {
  const rows = await reportQueries
    .selectStatusRows(db)
    .orderBy('s.isDeleted')
    .orderBy('s.operationDate', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map(presentStatusRow);
}

/** PUT api/User/UserStatusReport: one page of Status of Users (every row; administrators are not scoped). */
export async function findUserStatusPage(db: Db, query: TableQuery): Promise<UserStatusPage> {
  assertTableQuery(reportQueries.userStatusSpec, query);
  const { rows, totalCount } = await reportQueries.findUserStatusPage(db, query);
  return { statusRows: rows.map(presentStatusRow), page: query.page, totalCount };
}

/** PUT api/User/UserStatusReport/Filters: one column's distinct values under the other filters. */
export async function findUserStatusFilters(db: Db, query: UserStatusFilterQuery): Promise<FilterOptions> {
  assertTableQuery(reportQueries.userStatusSpec, query, query.column);
  const values = await reportQueries.findUserStatusValues(db, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

/** Acknowledges (isDeleted true) or reopens rows; answers how many rows exist among `ids`. */
export function acknowledgeRows(db: Db, ids: readonly number[], isDeleted: boolean): Promise<number> {
  return reportQueries.setStatusRowsAcknowledged(db, ids, isDeleted);
}
