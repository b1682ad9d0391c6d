import { sql, type Expression, type SqlBool } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { inList, type TableColumn, type TableSpec } from '../../db/table-query.ts';
import { lookupOf, ref } from '../request-lines/line-query.ts';
import { aliasOf, smallLookups, type Alias, type TrackerScope } from './line-queries.ts';
import { lookupColumns } from './lookup-count-queries.ts';

/**
 * A Request Tracker filter on a lookup's name (a status, a region, a client…) read as a filter
 * on the line's foreign key: the names are looked up in the lookup's table first, and the lines
 * are then filtered by the rows' ids, without joining the lookup. PostgreSQL estimates how many
 * lines hold a given key from its statistics, but not how many hold a name of a joined table:
 * under a status and a region filter it expected several times the lines and read every line of
 * the region through a bitmap, where the (region, status, …) index holds them in one range.
 * SQLite's planner does not weigh the lines that way, and its plans for the joined names are the
 * faster there, so SQLite reads the keys only for a provisioner's lines (tested one by one
 * against their routing, it read every line to count those of a status and a region, where the
 * keys let it read the (region, status, …) index) and for the large lookups in every scope
 * (`isLargeLookup`). bench/README.md has the measurements.
 */

/** The people's names are computed (first and last name), not a lookup's column: they stay joined. */
const keyedAliases = (alias: Alias): boolean => alias !== 'u' && alias !== 'cu';

/** The column a filter is on, read through its keyed column's name (`filtersAsKeys`) if it has one. */
export const filteredColumn = (filterColumn: string): string => filterColumn.split('#key')[0] ?? filterColumn;

/** Keys bound one by one up to this many; a longer list is bound as one value (`inList`). */
const SHORT_KEY_LIST = 100;

/**
 * `fk` is one of `ids`. SQLite reads a short list of bound values from an index on the key, but
 * not a list read from JSON text: with the statuses and region as `json_each` lists, it still
 * read every line to count a provisioner's.
 */
export function keyIn(dialect: Db['dialect'], fk: Expression<number>, ids: number[]): Expression<SqlBool> {
  return dialect === 'sqlite' && ids.length <= SHORT_KEY_LIST
    ? sql<SqlBool>`${fk} in (${sql.join(ids)})`
    : inList(dialect, fk, ids);
}

/** Which filters `filtersAsKeys` reads as keys, and how it binds them. */
export interface KeyedFilterOptions {
  /** The lookups whose filters are read as keys. */
  isKeyed: (alias: Alias) => boolean;
  /** A column whose own filter stays on its name (a filter menu's own column). */
  except?: string;
  /** Short lists of keys bound one by one (`keyIn`), or every list as one value (`inList`). */
  binding: 'short-lists-bound' | 'one-list';
}

/**
 * The table and query with the filters on a lookup's name that `options` names replaced by
 * filters on the lines' foreign key (the same lines: the lookups are joined on their primary
 * keys). One statement reads the ids of every filtered name's rows. A missing value ('') also
 * keeps the lines without the lookup (its key is null), as the joined filter's empty name does.
 * Each keyed filter reads a column of its own (`status#key0`), which no table declares (so no
 * caller can name it) and which joins nothing.
 */
export async function filtersAsKeys(
  db: Db,
  spec: TableSpec,
  query: TableQuery,
  options: KeyedFilterOptions,
): Promise<{ spec: TableSpec; query: TableQuery } | undefined> {
  const named = query.filters.filter((f) => {
    const alias = aliasOf(f.column);
    return (
      f.values.length > 0 && f.column !== options.except && alias !== undefined && options.isKeyed(alias)
    );
  });
  if (named.length === 0) {
    return undefined;
  }
  const reads = named.map((filter, index) => {
    const alias = aliasOf(filter.column) as Alias;
    const { table, key, name } = lookupColumns(alias);
    const texts = filter.values.filter((v) => v !== '');
    const tests: Expression<SqlBool>[] = [];
    if (texts.length > 0) {
      tests.push(inList(db.dialect, name, texts));
    }
    if (texts.length < filter.values.length) {
      tests.push(sql<SqlBool>`(${name} is null or ${name} = '')`);
    }
    return sql`select ${sql.lit(index)} as f, ${key} as id from ${sql.table(table)} as ${sql.id(alias)}
      where ${sql.join(tests, sql` or `)}`;
  });
  const { rows } = await sql<{ f: number | string; id: number | string }>`${sql.join(
    reads,
    sql` union all `,
  )}`.execute(db.kysely);
  const idsOf = named.map(() => [] as number[]);
  for (const row of rows) {
    idsOf[Number(row.f)]?.push(Number(row.id));
  }
  const bind = options.binding === 'short-lists-bound' ? keyIn : inList;
  const columns: Record<string, TableColumn> = {};
  const keyedColumnOf = new Map<TableQuery['filters'][number], string>();
  named.forEach((filter, index) => {
    const { foreignKey, isRequired } = lookupOf(aliasOf(filter.column) as Alias);
    const fk = ref<number>(foreignKey);
    const ids = idsOf[index] ?? [];
    const parts: Expression<SqlBool>[] = ids.length > 0 ? [bind(db.dialect, fk, ids)] : [];
    if (!isRequired && filter.values.includes('')) {
      parts.push(sql<SqlBool>`${fk} is null`);
    }
    const condition = parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
    const keyed = `${filter.column}#key${index}`;
    columns[keyed] = { sql: fk, kind: 'number', isFilterable: true, filterWhere: () => condition };
    keyedColumnOf.set(filter, keyed);
  });
  return {
    spec: { ...spec, columns: { ...spec.columns, ...columns } },
    query: {
      ...query,
      filters: query.filters.map((f) => {
        const keyed = keyedColumnOf.get(f);
        return keyed ? { ...f, column: keyed } : f;
      }),
    },
  };
}

/**
 * The large lookups (clients, client accounts: thousands of rows, a few hundred lines each), whose
 * filters SQLite reads as keys in every scope. A name's rows (a client name several clients share)
 * hold a few thousand lines, which requests(client_id, …) finds at once; as a joined name SQLite
 * could not tell how few they are, and read another filter's lines or the page's order instead
 * (a platform and a client name walked the created-date order and counted every line of the
 * platform). bench/README.md has the measurements.
 */
const isLargeLookup = (alias: Alias): boolean => keyedAliases(alias) && !smallLookups.has(alias);

/**
 * A page's or an export's filters on a lookup's name read as keys (`filtersAsKeys`): on
 * PostgreSQL and on SQLite for a provisioner's lines every lookup but people (see above); on
 * SQLite in other scopes the large lookups only (`isLargeLookup`).
 */
export async function keyedFilters(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
): Promise<{ spec: TableSpec; query: TableQuery }> {
  const isKeyed = db.dialect === 'postgres' || scope.kind === 'routed' ? keyedAliases : isLargeLookup;
  return (await filtersAsKeys(db, spec, query, { isKeyed, binding: 'short-lists-bound' })) ?? { spec, query };
}
