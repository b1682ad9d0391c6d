import {
  masterDataColumns,
  masterDataItemsTable,
  type MasterDataRow,
  type MasterDataTableQuery,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import type { TableReader } from '../../http/table-routes.ts';
import {
  mayWriteGlobal,
  mayWriteMarket,
  mayWriteRegion,
  platformsWritable,
  writeScopeForRead,
  type WriteScope,
} from './scope.ts';
import { locate } from './item-queries.ts';
import * as q from './table-queries.ts';
import type { MasterDataDbRow } from './table-row-queries.ts';
import { everyMasterDataColumn, masterDataSpec } from './table-spec-queries.ts';

function specOf(query: MasterDataTableQuery) {
  return masterDataSpec(query.masterDataType, masterDataColumns[query.masterDataType]);
}

function present(
  row: MasterDataDbRow,
  type: MasterDataTableQuery['masterDataType'],
  canEdit: boolean,
): MasterDataRow {
  return {
    ...row,
    masterDataType: type,
    businessAccess: row.businessAccess === null ? null : row.businessAccess === 1,
    status: row.isDeleted === 1 ? 'Inactive' : 'Active',
    isDeleted: row.isDeleted === 1,
    canEdit,
  };
}

/** Whether the caller may change each row (see scope.ts). */
async function editable(db: Db, scope: WriteScope, query: MasterDataTableQuery, rows: MasterDataDbRow[]) {
  switch (query.masterDataType) {
    case 'Region':
    case 'Account Ownership':
      return rows.map(() => mayWriteGlobal(scope));
    case 'Market':
      return rows.map((r) => mayWriteRegion(scope, r.regionId));
    case 'Platform User Type': {
      const byPlatform = await platformsWritable(
        db.kysely,
        scope,
        rows.map((r) => r.platformId ?? 0),
      );
      return rows.map((r) => byPlatform.get(r.platformId ?? 0) ?? false);
    }
    case 'Agency':
    case 'Practice':
    case 'Platform':
    case 'Client - Client Code':
    case 'Client Asset':
      return rows.map((r) => mayWriteMarket(scope, r.regionId, r.marketId));
  }
}

/**
 * Whether the caller may add an item of the table's type under its chosen parents: the check the
 * save makes (write-*.ts), so the Add button is offered only where the save passes. A parent not
 * chosen, or not found, gives false to an administrator (the screen asks for the parent first).
 */
async function mayAdd(db: Db, scope: WriteScope, query: MasterDataTableQuery): Promise<boolean> {
  if (scope.kind !== 'admin') {
    return scope.kind === 'all';
  }
  const at = async (type: 'Market' | 'Agency' | 'Client - Client Code', id: number | null | undefined) => {
    const found = id ? await locate(db.kysely, type, id) : undefined;
    return found !== undefined && mayWriteMarket(scope, found.regionId, found.marketId);
  };
  switch (query.masterDataType) {
    case 'Region':
    case 'Account Ownership':
      return mayWriteGlobal(scope);
    case 'Market':
      return mayWriteRegion(scope, query.regionId ?? null);
    case 'Agency':
      return at('Market', query.marketId);
    case 'Practice':
    case 'Platform':
    case 'Client - Client Code':
      return at('Agency', query.agencyId);
    case 'Client Asset':
      return at('Client - Client Code', query.clientId);
    case 'Platform User Type': {
      const platformId = query.platformId ?? 0;
      return (
        platformId > 0 && ((await platformsWritable(db.kysely, scope, [platformId])).get(platformId) ?? false)
      );
    }
  }
}

/** The table body: the type and its parents beside the table query. */
const bodyOf = (query: TableQuery) => query as MasterDataTableQuery;

/**
 * PUT api/Catalogs/MasterDataTable (+ /Filters, /Export): the items of one type under the parents
 * chosen; canEdit per row and canAdd say what the caller may change. The export's rows carry no
 * canEdit (false).
 */
export const masterDataReader: TableReader<MasterDataRow> = {
  spec: everyMasterDataColumn(masterDataItemsTable.columns.map((column) => column.id)),
  specOf: (query) => specOf(bodyOf(query)),
  page: async (db, actor, tableQuery) => {
    adminScopeOf(actor, 'read');
    const query = bodyOf(tableQuery);
    const [{ rows, totalCount }, scope] = await Promise.all([
      q.findMasterDataPage(db, specOf(query), query),
      writeScopeForRead(db.kysely, actor),
    ]);
    const [canEdit, canAdd] = await Promise.all([editable(db, scope, query, rows), mayAdd(db, scope, query)]);
    return {
      rows: rows.map((r, i) => present(r, query.masterDataType, canEdit[i] ?? false)),
      totalCount,
      listFields: { canAdd },
    };
  },
  values: (db, actor, tableQuery, column) => {
    adminScopeOf(actor, 'read');
    const query = bodyOf(tableQuery);
    return q.findMasterDataValues(db, specOf(query), query, column);
  },
  batches: (db, actor, tableQuery) => {
    adminScopeOf(actor, 'read');
    const query = bodyOf(tableQuery);
    return async (beforeId, limit) =>
      (await q.findMasterDataBatch(db, specOf(query), query, beforeId, limit)).map((r) =>
        present(r, query.masterDataType, false),
      );
  },
};
