import {
  sql,
  type AliasedSelectQueryBuilder,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import type { MasterDataTableQuery } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import { likePattern } from '../../db/table-query.ts';

/** The Database Manager row, one shape for every type, and the parts each type's row query is made of. */

/** A Database Manager row as the database returns it (flags and ids as stored). */
export interface MasterDataDbRow {
  id: number;
  description: string;
  code: string | null;
  regionId: number | null;
  regionName: string | null;
  marketId: number | null;
  marketName: string | null;
  agencyId: number | null;
  agencyName: string | null;
  practiceId: number | null;
  practiceName: string | null;
  platformId: number | null;
  platformName: string | null;
  clientId: number | null;
  clientName: string | null;
  assetId: number | null;
  assetTypeName: string | null;
  assetReference: string | null;
  basicName: string | null;
  businessAccess: number | null;
  bussinesAccessName: string | null;
  status: string;
  isDeleted: number;
  updatedDate: string;
}

/** The parent selectors a table query may name. */
export type Parents = Pick<
  MasterDataTableQuery,
  'regionId' | 'marketId' | 'agencyId' | 'practiceId' | 'platformId' | 'clientId'
>;

/** 'Active' or 'Inactive' from the stored flag. */
export const status = (isDeleted: string) =>
  sql<string>`case when ${sql.ref(isDeleted)} = 1 then 'Inactive' else 'Active' end`;
/** A parent selector narrows the rows when it names an id (0 or absent: any). */
export const picked = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

/** One type's rows with every row field, narrowed by the parent selectors, as the derived table `m`. */
export type Base = (db: Db, q: Executor, p: Parents) => AliasedSelectQueryBuilder<MasterDataDbRow, 'm'>;

/** The row fields a type fills itself; the last three come from its own table's columns. */
type OwnField = Exclude<keyof MasterDataDbRow, 'status' | 'isDeleted' | 'updatedDate'>;

/** The row fields in their select order. */
const ownFields: readonly OwnField[] = [
  'id',
  'description',
  'code',
  'regionId',
  'regionName',
  'marketId',
  'marketName',
  'agencyId',
  'agencyName',
  'practiceId',
  'practiceName',
  'platformId',
  'platformName',
  'clientId',
  'clientName',
  'assetId',
  'assetTypeName',
  'assetReference',
  'basicName',
  'businessAccess',
  'bussinesAccessName',
];

/**
 * One type's rows as the derived table `m`: `from` (its tables joined) narrowed by the parent
 * selectors it names (each on the stored column given), with the row fields it has (a column or
 * an expression; null for the others) and the status, flag and date of the row's table `table`.
 */
export function rowsFrom<DB, TB extends keyof DB>(
  from: SelectQueryBuilder<DB, TB, object>,
  p: Parents,
  narrowedBy: Partial<Record<keyof Parents, StringReference<DB, TB>>>,
  table: string,
  fields: Partial<Record<OwnField, StringReference<DB, TB> | Expression<unknown>>>,
): AliasedSelectQueryBuilder<MasterDataDbRow, 'm'> {
  let qb = from;
  for (const [parent, column] of Object.entries(narrowedBy) as [keyof Parents, string][]) {
    const id = p[parent];
    if (picked(id)) {
      qb = qb.where(sql<SqlBool>`${sql.ref(column)} = ${id}`);
    }
  }
  const value = (field: OwnField) => {
    const given = fields[field];
    return typeof given === 'string' ? sql.ref(given) : (given ?? sql`null`);
  };
  return qb
    .select([
      ...ownFields.map((field) => sql`${value(field)}`.as(field)),
      status(`${table}.isDeleted`).as('status'),
      sql.ref(`${table}.isDeleted`).as('isDeleted'),
      sql.ref(`${table}.updatedDate`).as('updatedDate'),
    ])
    .$castTo<MasterDataDbRow>()
    .as('m');
}

/** The stored flag (`is_deleted`) of each status text. */
export const isDeletedOf: Record<string, number> = { Active: 0, Inactive: 1 };

/** The id (a term of digits) and the status (the flags whose text contains the term) of a row. */
export function rowArms(term: string): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  if (/^\d+$/.test(term)) {
    parts.push(sql<SqlBool>`cast(${sql.ref('m.id')} as text) like ${likePattern(term)} escape '\\'`);
  }
  const needle = term.toLowerCase();
  const flags = Object.entries(isDeletedOf)
    .filter(([text]) => text.toLowerCase().includes(needle))
    .map(([, flag]) => flag);
  if (flags.length > 0) {
    parts.push(sql<SqlBool>`${sql.ref('m.isDeleted')} in (${sql.join(flags)})`);
  }
  return parts;
}
