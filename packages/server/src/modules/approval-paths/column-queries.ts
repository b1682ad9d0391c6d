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
