import { sql, type Expression } from 'kysely';
import type { TableColumn } from '../../db/table-query.ts';

/** The full name of the users row `alias` as the tables show and sort it (`name || ' ' || last_name`). */
export const fullName = <T extends string | null = string | null>(alias: string) =>
  sql<T>`${sql.ref(`${alias}.name`)} || ' ' || ${sql.ref(`${alias}.lastName`)}`;

/** A text column of a table that filters, sorts and searches. */
export const textColumn = (expression: Expression<unknown>): TableColumn => ({
  sql: expression,
  kind: 'text',
  isFilterable: true,
  isSortable: true,
  isSearchable: true,
});

/** A text column reading one column of the row (`alias.column`). */
export const refColumn = (reference: string) => textColumn(sql.ref(reference));

/** The levels of a practice path, as a row names its columns. */
export const PRACTICE_LEVELS = ['regionId', 'marketId', 'agencyId', 'practiceId'] as const;
/** The levels of a path down to the platform (the client apart: null means every client). */
export const PLATFORM_LEVELS = [...PRACTICE_LEVELS, 'platformId'] as const;
/** Every level of an assignment's path, its client (null: every client) last. */
export const CLIENT_LEVELS = [...PLATFORM_LEVELS, 'clientId'] as const;

/** The level ids the row `alias` carries, as a select list (`a.regionId`, …). */
export const levelColumns = <A extends string, L extends string>(alias: A, levels: readonly L[]) =>
  levels.map((level) => `${alias}.${level}` as const);

/** These columns of a row equal the path's (`eb.and(sameLevels(…))`: level = value for each). */
export function sameLevels<L extends string>(path: Readonly<Record<L, number>>, levels: readonly L[]) {
  return Object.fromEntries(levels.map((level) => [level, path[level]])) as Record<L, number>;
}
