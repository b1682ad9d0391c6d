import type { Readable } from 'node:stream';
import {
  masterDataColumns,
  type FilterOptions,
  type MasterDataFilterQuery,
  type MasterDataRow,
  type MasterDataTable,
  type MasterDataTableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { csvExport } from '../../db/csv-export.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
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
import { masterDataSpec } from './table-spec-queries.ts';

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

/** PUT api/Catalogs/MasterDataTable: one page of the Database Manager table of a type. */
export async function findMasterDataTable(
  db: Db,
  actor: Actor,
  query: MasterDataTableQuery,
): Promise<MasterDataTable> {
  adminScopeOf(actor, 'read');
  const spec = specOf(query);
  assertTableQuery(spec, query);
  const [{ rows, totalCount }, scope] = await Promise.all([
    q.findMasterDataPage(db, spec, query),
    writeScopeForRead(db.kysely, actor),
  ]);
  const [canEdit, canAdd] = await Promise.all([editable(db, scope, query, rows), mayAdd(db, scope, query)]);
  return {
    rows: rows.map((r, i) => present(r, query.masterDataType, canEdit[i] ?? false)),
    page: query.page,
    totalCount,
    canAdd,
  };
}

/** PUT api/Catalogs/MasterDataTable/Filters: one column's distinct values under the other filters. */
export async function findMasterDataFilterOptions(
  db: Db,
  actor: Actor,
  query: MasterDataFilterQuery,
): Promise<FilterOptions> {
  adminScopeOf(actor, 'read');
  const spec = specOf(query);
  assertTableQuery(spec, query, query.column);
  const values = await q.findMasterDataValues(db, spec, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

const csvHeaders: Record<string, string> = {
  id: 'Id',
  description: 'Description',
  code: 'Code',
  regionName: 'Region',
  marketName: 'Market',
  agencyName: 'Agency',
  practiceName: 'Practice',
  platformName: 'Platform',
  clientName: 'Client',
  assetTypeName: 'Asset Type',
  assetReference: 'Asset ID',
  basicName: 'Normalized User Type',
  bussinesAccessName: 'Business Access',
  status: 'Status',
  updatedDate: 'Updated Date',
};

/** PUT api/Catalogs/MasterDataTable/Export: the whole filtered table of a type as CSV. */
export async function exportMasterDataTable(
  db: Db,
  actor: Actor,
  query: MasterDataTableQuery,
): Promise<Readable> {
  adminScopeOf(actor, 'read');
  const spec = specOf(query);
  assertTableQuery(spec, query);
  const columns = masterDataColumns[query.masterDataType].map((field) => ({
    header: csvHeaders[field] ?? field,
    value: (row: MasterDataDbRow) => row[field as keyof MasterDataDbRow],
  }));
  return csvExport(
    (beforeId, limit) => q.findMasterDataBatch(db, spec, query, beforeId, limit),
    (row) => row.id,
    columns,
  );
}
