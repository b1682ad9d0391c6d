import {
  fullName,
  type FilterOptions,
  type TableQuery,
  type UserStatusFilterQuery,
  type UserStatusPage,
  type UserStatusRow,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import * as reportQueries from './status-queries.ts';

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
