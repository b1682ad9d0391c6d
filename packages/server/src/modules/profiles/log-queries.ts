import { sql, type AliasedSelectQueryBuilder } from 'kysely';
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

/** Whose profile log: one profile's, or that of every profile carrying a ParentGUID (a family). */
export type ProfileLogSubject = { userId: number } | { parentGuid: string };

/** Whether the subject of a log exists: a profile with the id, or one carrying the ParentGUID (deleted ones included). */
export async function logSubjectExists(db: Db, subject: ProfileLogSubject): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select(sql<number>`1`.as('one'))
    .where((eb) =>
      'userId' in subject ? eb('userId', '=', subject.userId) : eb('parentGuid', '=', subject.parentGuid),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The subject's profile log rows with who made each change and their number (a family's numbered together), as `x`. */
function profileLogs(db: Db, subject: ProfileLogSubject) {
  return db.kysely
    .selectFrom('userProfileLogs as l')
    .innerJoin('users as u', 'u.userId', 'l.userId')
    .leftJoin('users as b', 'b.userId', 'l.changedBy')
    .select(['l.id', 'l.userId', 'l.changedDate', 'l.before', 'l.after', 'b.name', 'b.lastName'])
    .select(serial.as('serialNo'))
    .where((eb) =>
      'userId' in subject ? eb('l.userId', '=', subject.userId) : eb('u.parentGuid', '=', subject.parentGuid),
    )
    .as('x');
}

/** One profile's secondary email log rows with who made each change and their number, as `x`. */
function emailLogs(db: Db, userId: number) {
  return db.kysely
    .selectFrom('userAdditionalEmailLogs as l')
    .leftJoin('users as b', 'b.userId', 'l.changedBy')
    .select(['l.id', 'l.operation', 'l.oldEmail', 'l.newEmail', 'l.changedDate', 'b.name', 'b.lastName'])
    .select(serial.as('serialNo'))
    .where('l.userId', '=', userId)
    .as('x');
}

/** Every row of a log, newest first. */
function everyRow<Row>(db: Db, log: AliasedSelectQueryBuilder<Row, 'x'>) {
  return db.kysely
    .selectFrom(log)
    .selectAll()
    .orderBy(sql.ref('x.changedDate'), 'desc')
    .orderBy(sql.ref('x.id'), 'desc')
    .execute();
}

/** One page of a log and the count of its matching rows. */
function pageOfLog<Row>(
  db: Db,
  log: AliasedSelectQueryBuilder<Row, 'x'>,
  spec: TableSpec,
  query: TableQuery,
) {
  const matching = db.kysely.selectFrom(log).where(tableCondition(db.dialect, spec, query));
  return readPageAndCount(matching, (qb) => qb.selectAll(), spec, query);
}

/** The subject's profile log, newest first. */
export const findProfileLogs = (db: Db, subject: ProfileLogSubject) => everyRow(db, profileLogs(db, subject));

/** A profile's secondary email log, newest first. */
export const findEmailLogs = (db: Db, userId: number) => everyRow(db, emailLogs(db, userId));

/** The table a subject's log pages through: a family's names the profile each row changed. */
export const profileLogSpecOf = (subject: ProfileLogSubject) =>
  'userId' in subject ? profileLogSpec : parentGuidLogSpec;

/** One page of the subject's profile log and the count of its matching rows. */
export const findProfileLogPage = (db: Db, subject: ProfileLogSubject, query: TableQuery) =>
  pageOfLog(db, profileLogs(db, subject), profileLogSpecOf(subject), query);

/** One page of a profile's secondary email log and the count of its matching rows. */
export const findEmailLogPage = (db: Db, userId: number, query: TableQuery) =>
  pageOfLog(db, emailLogs(db, userId), emailLogSpec, query);
