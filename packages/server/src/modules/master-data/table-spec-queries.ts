import { sql, type SqlBool } from 'kysely';
import type { MasterDataType } from '@uap/domain';
import type { SearchIndex, TableColumn, TableSpec } from '../../db/table-query.ts';
import {
  clientAssetSearch,
  clientAssetSearched,
  clientSearch,
  clientSearched,
} from './table-client-queries.ts';
import { isDeletedOf } from './table-row-queries.ts';

/** The Database Manager's table of each type: its columns (sort, filter, search) and shaped searches. */

const textColumn = (field: string): TableColumn => ({
  sql: sql.ref(`m.${field}`),
  kind: 'text',
  isFilterable: true,
  isSortable: true,
  isSearchable: true,
});

/**
 * The status filter on the stored flag (`is_deleted`), not on the 'Active'/'Inactive' text made
 * from it: the planner then knows how many rows it keeps (PostgreSQL guessed 0.5% of the rows for
 * the text and joined every row one by one) and the flag's indexes serve.
 */
const statusColumn: TableColumn = {
  ...textColumn('status'),
  filterWhere: (values) => {
    const flags = [...new Set(values.map((v) => isDeletedOf[v]).filter((f) => f !== undefined))];
    return flags.length > 0
      ? sql<SqlBool>`${sql.ref('m.isDeleted')} in (${sql.join(flags)})`
      : sql<SqlBool>`1 = 0`;
  },
};

/** The types whose search is shaped by hand, with the searchable columns it covers. */
const searchIndexes: Partial<Record<MasterDataType, { columns: string[]; index: SearchIndex }>> = {
  'Client Asset': { columns: clientAssetSearched, index: clientAssetSearch },
  'Client - Client Code': { columns: clientSearched, index: clientSearch },
};

const specs = new Map<MasterDataType, TableSpec>();

/** The columns named (row field names), each with its SQL. */
function columnMap(columns: readonly string[]): Record<string, TableColumn> {
  const map: Record<string, TableColumn> = {};
  for (const field of columns) {
    map[field] =
      field === 'id'
        ? { sql: sql.ref('m.id'), kind: 'number', isSortable: true, isSearchable: true }
        : field === 'updatedDate'
          ? { sql: sql.ref('m.updatedDate'), kind: 'date', isSortable: true }
          : field === 'status'
            ? statusColumn
            : textColumn(field);
  }
  return map;
}

/** Every type's columns in one spec: what the table's declaration is checked against at start-up. */
export function everyMasterDataColumn(columns: readonly string[]): TableSpec {
  return {
    columns: columnMap(columns),
    id: sql.ref<number>('m.id'),
    defaultOrder: { column: 'description', isAscending: true },
  };
}

/** The table of one type (keys = row field names; see masterDataColumns), by name A→Z by default. */
export function masterDataSpec(type: MasterDataType, columns: readonly string[]): TableSpec {
  const cached = specs.get(type);
  if (cached) {
    return cached;
  }
  const map = columnMap(columns);
  const searched = Object.entries(map)
    .filter(([, c]) => c.isSearchable)
    .map(([k]) => k);
  const shaped = searchIndexes[type];
  const spec: TableSpec = {
    columns: map,
    id: sql.ref<number>('m.id'),
    defaultOrder: { column: 'description', isAscending: true },
    // Only when it covers exactly the columns the type searches (else the LIKE scan).
    searchIndex:
      shaped && searched.length === shaped.columns.length && searched.every((k) => shaped.columns.includes(k))
        ? shaped.index
        : undefined,
  };
  specs.set(type, spec);
  return spec;
}
