import { sql, type SqlBool, type Expression } from 'kysely';
import { AdEnabled, type TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Dialect } from '../../db/connection.ts';
import {
  distinctFilterValues,
  idOfTerm,
  idsInWindow,
  orderTable,
  readPageAndCount,
  readPageByIds,
  tableCondition,
  type TableColumn,
  type TableSpec,
} from '../../db/table-query.ts';
import { profileColumns } from './admin-queries.ts';

const text = (ref: string, o: Partial<TableColumn> = {}): TableColumn => ({
  sql: sql.ref(ref),
  kind: 'text',
  isSortable: true,
  isFilterable: true,
  ...o,
});

/** 'AD Account Enabled': internal profiles only; a deleted profile or directory entry shows Deleted. */
const adEnabled = sql<string>`case
  when u.is_internal = 0 then ''
  when u.is_deleted = 1 or d.is_deleted = 1 then ${sql.lit(AdEnabled.DELETED)}
  when d.active = 1 then ${sql.lit(AdEnabled.YES)}
  else ${sql.lit(AdEnabled.NO)} end`;
/** A merge parent: a profile other profiles were merged into (idx_users_merged_user_id). */
const hasMergedChildren = sql<number>`case when exists (select 1 from users c
  where c.merged_user_id = u.user_id and c.is_child = 1) then 1 else 0 end`;
const userType = sql<string>`case when u.is_internal = 1 then 'Internal' else 'External' end`;

/** The user type filter on the stored flag: 'Internal' is 1, 'External' 0, anything else nothing. */
function isInternalIn(values: readonly string[]): Expression<SqlBool> {
  const flags = values.flatMap((v) => (v === 'Internal' ? [1] : v === 'External' ? [0] : []));
  return flags.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`u.is_internal in (${sql.join(flags)})`;
}

/** The largest code point: `term || TOP` bounds every text that begins with the term. */
const TOP = '\u{10FFFF}';

/**
 * Matches a term at the beginning of the first name, last name, primary email, employee id or
 * parent GUID (case-insensitive), or the exact UAP Id. Prefixes, unlike 'contains', are served
 * by the columns' indexes: on SQLite as ranges (`lower(name)` has an expression index; emails
 * are stored lowercased), on PostgreSQL as LIKE 'term%'.
 */
function prefixCondition(dialect: Dialect, raw: string): Expression<SqlBool> {
  const term = raw.toLowerCase();
  const columns = [
    sql`lower(u.name)`,
    sql`lower(u.last_name)`,
    sql.ref('u.email'),
    sql.ref('u.employeeId'),
    sql.ref('u.parentGuid'),
  ];
  const parts: Expression<SqlBool>[] = columns.map((column) =>
    dialect === 'postgres'
      ? sql<SqlBool>`${column} like ${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
      : sql<SqlBool>`(${column} >= ${term} and ${column} < ${term + TOP})`,
  );
  const id = idOfTerm(term);
  if (id !== null) {
    parts.push(sql<SqlBool>`u.user_id = ${id}`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** The All User Profiles columns (spec 3 §2.4): key → SQL and what may be done with it. */
export const profileSpec: TableSpec = {
  columns: {
    userId: { sql: sql.ref('u.userId'), kind: 'number', isSortable: true, isSearchable: true },
    adEnabled: { sql: adEnabled, kind: 'text', isFilterable: true },
    name: text('u.name', { isSearchable: true }),
    lastName: text('u.lastName', { isSearchable: true }),
    createdDate: { sql: sql.ref('u.createdDate'), kind: 'date', isSortable: true },
    userType: { sql: userType, kind: 'text', isFilterable: true, filterWhere: isInternalIn },
    roleName: text('r.description', { isSortable: false }),
    email: text('u.email', { isSearchable: true, isFilterable: false }),
    title: text('u.title'),
    organization: text('u.organization'),
    locationCountry: text('u.locationCountry'),
    officeNumber: text('u.officeNumber', { isFilterable: false }),
    employeeId: text('u.employeeId', { isSearchable: true, isFilterable: false }),
    department: text('u.department'),
    parentGUID: text('u.parentGuid', { isFilterable: false, isSearchable: true }),
    childGUID: text('u.childGuid', { isFilterable: false }),
  },
  id: sql.ref('u.userId'),
  defaultOrder: { column: 'userId', isAscending: false },
  searchIndex: {
    covers: new Set(['userId', 'name', 'lastName', 'email', 'employeeId', 'parentGUID']),
    matching: prefixCondition,
  },
};

/** The profiles with their role and directory entry, as `u`, `r`, `d`. */
function base(db: Db) {
  return db.kysely
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.roleId', 'u.roleId')
    .leftJoin('directoryUsers as d', 'd.directoryId', 'u.directoryId');
}

/**
 * What the count, the page's ids and a filter menu read: the profiles, joined to the role and the
 * directory only when a filter (or the menu's own column) reads them, so the column indexes serve.
 */
function countBase(db: Db, query: TableQuery, menuColumn?: string) {
  const isFiltering = (column: string) =>
    column === menuColumn || query.filters.some((f) => f.column === column && f.values.length > 0);
  return db.kysely
    .selectFrom('users as u')
    .$if(isFiltering('roleName'), (qb) => qb.innerJoin('roles as r', 'r.roleId', 'u.roleId'))
    .$if(isFiltering('adEnabled'), (qb) =>
      qb.leftJoin('directoryUsers as d', 'd.directoryId', 'u.directoryId'),
    );
}

/** The active secondary emails of the row's profile, oldest first, joined with ', '. */
function secondaryEmails(db: Db) {
  return db.dialect === 'postgres'
    ? sql<string | null>`(select string_agg(e.email, ', ' order by e.id) from user_additional_emails e
        where e.user_id = u.user_id and e.is_deleted = 0)`
    : sql<string | null>`(select group_concat(email, ', ') from (select e.email from user_additional_emails e
        where e.user_id = u.user_id and e.is_deleted = 0 order by e.id))`;
}

/** The All User Profiles row's columns of the profiles `rows` reads. */
function withProfileColumns(db: Db, rows: ReturnType<typeof base>) {
  return rows
    .select([...profileColumns, 'u.isDeleted', 'u.createdDate', 'd.directoryId as directoryEntryId'])
    .select(adEnabled.as('adEnabled'))
    .select(secondaryEmails(db).as('secondaryEmail'))
    .select(hasMergedChildren.as('hasMergedChildren'));
}

function selectRow(db: Db, condition: Expression<SqlBool>) {
  return withProfileColumns(db, base(db).where(condition));
}
export type ProfileDbRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/** One page of All User Profiles and the count of the filtered result. */
export function findProfilePage(db: Db, query: TableQuery) {
  const condition = tableCondition(db.dialect, profileSpec, query);
  return readPageByIds(
    countBase(db, query),
    condition,
    (isOnPage) => selectRow(db, isOnPage),
    profileSpec,
    query,
  );
}

/**
 * One batch of the export: `limit` rows from `offset` in the table's order. The order may be on
 * any sortable column, nullable text included, so batches follow it by offset (the user id is
 * the tiebreak, so the order is total) rather than by a keyset on each engine's null order.
 */
export function findProfileBatch(db: Db, query: TableQuery, offset: number, limit: number) {
  const matching = countBase(db, query).where(tableCondition(db.dialect, profileSpec, query));
  return selectRow(db, idsInWindow(matching, profileSpec, query, { limit, offset }))
    .$call((qb) => orderTable(qb, profileSpec, query))
    .execute();
}

/** The profiles of a merged family: the parent and the profiles merged into it, deleted ones left out. */
function familyOf(parentUserId: number) {
  return sql<SqlBool>`(u.user_id = ${parentUserId} or u.merged_user_id = ${parentUserId}) and u.is_deleted = 0`;
}

/** A merged family as All User Profiles rows: the parent first, then its children by UAP Id. */
export function findFamilyRows(db: Db, parentUserId: number) {
  return selectRow(db, familyOf(parentUserId))
    .orderBy(sql`case when ${sql.ref('u.userId')} = ${parentUserId} then 0 else 1 end`)
    .orderBy('u.userId')
    .execute();
}

/**
 * The User Details List columns: All User Profiles' columns and `isParent`, the parent first by
 * default, then its children by UAP Id. A family is a handful of profiles read through
 * idx_users_merged_user_id, so any order sorts them in memory.
 */
export function familySpec(parentUserId: number): TableSpec {
  return {
    ...profileSpec,
    columns: {
      ...profileSpec.columns,
      isParent: {
        sql: sql<number>`case when u.user_id = ${parentUserId} then 1 else 0 end`,
        kind: 'number',
        isSortable: true,
      },
    },
    defaultOrder: { column: 'isParent', isAscending: false, thenBy: { column: 'userId', isAscending: true } },
  };
}

/** One page of a merged family (the User Details List) and the count of its filtered profiles. */
export function findFamilyPage(db: Db, parentUserId: number, query: TableQuery) {
  const spec = familySpec(parentUserId);
  const condition = sql<SqlBool>`${familyOf(parentUserId)} and ${tableCondition(db.dialect, spec, query)}`;
  return readPageAndCount(base(db).where(condition), (qb) => withProfileColumns(db, qb), spec, query);
}

/** The distinct values of one column's filter menu within a family, under the other filters. */
export function findFamilyValues(db: Db, parentUserId: number, query: TableQuery, column: string) {
  const spec = familySpec(parentUserId);
  return distinctFilterValues(
    base(db).where(
      sql<SqlBool>`${familyOf(parentUserId)} and ${tableCondition(db.dialect, spec, query, column)}`,
    ),
    spec,
    column,
  );
}

/** The distinct values of one column's filter menu under the other filters. */
export function findProfileValues(db: Db, query: TableQuery, column: string) {
  return distinctFilterValues(
    countBase(db, query, column).where(tableCondition(db.dialect, profileSpec, query, column)),
    profileSpec,
    column,
  );
}

/** The filterable column keys, in table order. */
export const profileFilterColumns = Object.entries(profileSpec.columns)
  .filter(([, c]) => c.isFilterable)
  .map(([key]) => key);
