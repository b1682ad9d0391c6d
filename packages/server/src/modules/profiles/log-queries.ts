import { sql } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { readPageAndCount, tableCondition, type TableColumn, type TableSpec } from '../../db/table-query.ts';

/**
 * The profile log pages as server-paged tables: one profile's log rows, numbered in the order
 * they were written (serialNo 1 is the first change) before any search, so a row keeps its
 * number on every page and in every order. A profile's rows are read through
 * idx_user_profile_logs_user_id_changed_date (idx_user_additional_email_logs_user_id_changed_date).
 */

const changedBy = sql<string>`trim(coalesce(${sql.ref('x.name')}, '') || ' ' || coalesce(${sql.ref('x.lastName')}, ''))`;
const searchable = (ref: string): TableColumn => ({ sql: sql.ref(ref), kind: 'text', isSearchable: true });

const common = {
  serialNo: { sql: sql.ref('x.serialNo'), kind: 'number', isSortable: true },
  newLastUpdated: { sql: sql.ref('x.changedDate'), kind: 'date', isSortable: true },
} as const satisfies Record<string, TableColumn>;

/** The profile log's columns (row field names); newest first by default. */
export const profileLogSpec: TableSpec = {
  columns: {
    ...common,
    lastModifiedByName: { sql: changedBy, kind: 'text', isSearchable: true },
  },
  id: sql.ref('x.id'),
  defaultOrder: { column: 'newLastUpdated', isAscending: false },
};

/** The ParentGUID log's columns: the profile log's and the UAP Id of the profile each row changed. */
export const parentGuidLogSpec: TableSpec = {
  ...profileLogSpec,
  columns: {
    ...profileLogSpec.columns,
    userId: { sql: sql.ref('x.userId'), kind: 'number', isSortable: true, isSearchable: true },
  },
};

/** The secondary email log's columns (row field names); newest first by default. */
export const emailLogSpec: TableSpec = {
  columns: {
    ...common,
    operation: searchable('x.operation'),
    oldEmail: searchable('x.oldEmail'),
    newEmail: searchable('x.newEmail'),
    lastModifiedBy: { sql: changedBy, kind: 'text', isSearchable: true },
  },
  id: sql.ref('x.id'),
  defaultOrder: { column: 'newLastUpdated', isAscending: false },
};

const serial = sql<number>`row_number() over (order by l.changed_date, l.id)`;

/** One profile's log rows with who made each change and their number, as `x`. */
function profileLogs(db: Db, userId: number) {
  return db.kysely
    .selectFrom('userProfileLogs as l')
    .leftJoin('users as b', 'b.userId', 'l.changedBy')
    .select(['l.id', 'l.userId', 'l.changedDate', 'l.before', 'l.after', 'b.name', 'b.lastName'])
    .select(serial.as('serialNo'))
    .where('l.userId', '=', userId)
    .as('x');
}

/** The log rows of every profile carrying the ParentGUID (a family), numbered together, as `x`. */
function parentGuidLogs(db: Db, parentGuid: string) {
  return db.kysely
    .selectFrom('userProfileLogs as l')
    .innerJoin('users as u', 'u.userId', 'l.userId')
    .leftJoin('users as b', 'b.userId', 'l.changedBy')
    .select(['l.id', 'l.userId', 'l.changedDate', 'l.before', 'l.after', 'b.name', 'b.lastName'])
    .select(serial.as('serialNo'))
    .where('u.parentGuid', '=', parentGuid)
    .as('x');
}

function emailLogs(db: Db, userId: number) {
  return db.kysely
    .selectFrom('userAdditionalEmailLogs as l')
    .leftJoin('users as b', 'b.userId', 'l.changedBy')
    .select(['l.id', 'l.operation', 'l.oldEmail', 'l.newEmail', 'l.changedDate', 'b.name', 'b.lastName'])
    .select(serial.as('serialNo'))
    .where('l.userId', '=', userId)
    .as('x');
}

/** One page of a profile's log and the count of its matching rows. */
export function findProfileLogPage(db: Db, userId: number, query: TableQuery) {
  const matching = db.kysely
    .selectFrom(profileLogs(db, userId))
    .where(tableCondition(db.dialect, profileLogSpec, query));
  return readPageAndCount(matching, (qb) => qb.selectAll(), profileLogSpec, query);
}

/** One page of a profile's secondary email log and the count of its matching rows. */
export function findEmailLogPage(db: Db, userId: number, query: TableQuery) {
  const matching = db.kysely
    .selectFrom(emailLogs(db, userId))
    .where(tableCondition(db.dialect, emailLogSpec, query));
  return readPageAndCount(matching, (qb) => qb.selectAll(), emailLogSpec, query);
}

/** One page of a ParentGUID's log and the count of its matching rows. */
export function findParentGuidLogPage(db: Db, parentGuid: string, query: TableQuery) {
  const matching = db.kysely
    .selectFrom(parentGuidLogs(db, parentGuid))
    .where(tableCondition(db.dialect, parentGuidLogSpec, query));
  return readPageAndCount(matching, (qb) => qb.selectAll(), parentGuidLogSpec, query);
}
