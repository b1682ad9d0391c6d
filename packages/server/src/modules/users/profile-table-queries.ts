import { sql, type SqlBool, type Expression } from 'kysely';
import { AdEnabled, type TableQuery } from '@uap/domain';
import { toCount, type Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  pageOf,
  tableCondition,
  type TableColumn,
  type TableSpec,
} from '../../db/table-query.ts';

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
const userType = sql<string>`case when u.is_internal = 1 then 'Internal' else 'External' end`;

/** The All User Profiles columns (spec 3 §2.4): key → SQL and what may be done with it. */
export const profileSpec: TableSpec = {
  columns: {
    userId: { sql: sql.ref('u.userId'), kind: 'number', isSortable: true, isSearchable: true },
    adEnabled: { sql: adEnabled, kind: 'text', isFilterable: true },
    name: text('u.name', { isSearchable: true }),
    lastName: text('u.lastName', { isSearchable: true }),
    createdDate: { sql: sql.ref('u.createdDate'), kind: 'date', isSortable: true },
    userType: { sql: userType, kind: 'text', isFilterable: true },
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
};

/** The profiles with their role and directory entry, as `u`, `r`, `d`. */
function base(db: Db) {
  return db.kysely
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.roleId', 'u.roleId')
    .leftJoin('directoryUsers as d', 'd.directoryId', 'u.directoryId');
}

/** The active secondary emails of the row's profile, oldest first, joined with ', '. */
function secondaryEmails(db: Db) {
  return db.dialect === 'postgres'
    ? sql<string | null>`(select string_agg(e.email, ', ' order by e.id) from user_additional_emails e
        where e.user_id = u.user_id and e.is_deleted = 0)`
    : sql<string | null>`(select group_concat(email, ', ') from (select e.email from user_additional_emails e
        where e.user_id = u.user_id and e.is_deleted = 0 order by e.id))`;
}

function selectRow(db: Db, condition: Expression<SqlBool>) {
  return base(db)
    .where(condition)
    .select([
      'u.userId',
      'u.name',
      'u.lastName',
      'u.email',
      'u.title',
      'u.organization',
      'u.department',
      'u.officeNumber',
      'u.employeeId',
      'u.locationCountry',
      'u.isInternal',
      'u.roleId',
      'r.description as roleName',
      'u.parentGuid',
      'u.childGuid',
      'u.isChild',
      'u.mergedUserId',
      'u.isDeleted',
      'u.createdDate',
      'd.directoryId as directoryEntryId',
    ])
    .select(adEnabled.as('adEnabled'))
    .select(secondaryEmails(db).as('secondaryEmail'));
}
export type ProfileDbRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/** One page of All User Profiles and the count of the filtered result. */
export async function findProfilePage(db: Db, query: TableQuery) {
  const condition = tableCondition(db.dialect, profileSpec, query);
  const { limit, offset } = pageOf(query);
  const isFiltered = query.filters.some((f) => f.values.length > 0) || query.searchCriteria.trim() !== '';
  const [rows, total] = await Promise.all([
    selectRow(db, condition)
      .$call((qb) => orderTable(qb, profileSpec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    // Unfiltered, every profile counts: no join needed.
    (isFiltered ? base(db).where(condition) : db.kysely.selectFrom('users as u'))
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}

/** The distinct values of one column's filter menu under the other filters. */
export function findProfileValues(db: Db, query: TableQuery, column: string) {
  return distinctFilterValues(
    base(db).where(tableCondition(db.dialect, profileSpec, query, column)),
    profileSpec,
    column,
  );
}

/** The filterable column keys, in table order. */
export const profileFilterColumns = Object.entries(profileSpec.columns)
  .filter(([, c]) => c.isFilterable)
  .map(([key]) => key);
