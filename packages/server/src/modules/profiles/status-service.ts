import { fullName, type UserStatusRow } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { TableReader } from '../../http/table-routes.ts';
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

/** PUT api/User/UserStatusReport (+ /Filters): every report row (administrators are not scoped). */
export const userStatusReader: TableReader<UserStatusRow> = {
  spec: reportQueries.userStatusSpec,
  page: async (db, _actor, query) => {
    const { rows, totalCount } = await reportQueries.findUserStatusPage(db, query);
    return { rows: rows.map(presentStatusRow), totalCount };
  },
  values: (db, _actor, query, column) => reportQueries.findUserStatusValues(db, query, column),
};

/** Acknowledges (isDeleted true) or reopens rows; answers how many rows exist among `ids`. */
export function acknowledgeRows(db: Db, ids: readonly number[], isDeleted: boolean): Promise<number> {
  return reportQueries.setStatusRowsAcknowledged(db, ids, isDeleted);
}
