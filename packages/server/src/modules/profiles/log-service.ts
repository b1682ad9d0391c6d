import {
  messages,
  profileLogFields,
  type ProfileLogPage,
  type ProfileLogRow,
  type SecondaryEmailLogPage,
  type SecondaryEmailLogRow,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { notFound } from '../../http/errors.ts';
import * as a from './admin-queries.ts';
import * as logQueries from './log-queries.ts';

/** A profile's change logs: each change's old and new values, newest first. */

function parseSnapshot(text: string | null): Record<string, unknown> {
  if (text === null) {
    return {};
  }
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
const personOf = (name: string | null, lastName: string | null) =>
  name === null ? '' : `${name} ${lastName ?? ''}`.trim();

interface LogDbRow {
  userId: number;
  changedDate: string;
  before: string | null;
  after: string | null;
  name: string | null;
  lastName: string | null;
}

/** A log row as the log pages show it: old/new per changed field. */
function presentProfileLog(r: LogDbRow, serialNo: number): ProfileLogRow {
  const before = parseSnapshot(r.before);
  const after = parseSnapshot(r.after);
  const changes = profileLogFields
    .filter(([key]) => key in before || key in after)
    .map(([key, field]) => ({ field, oldValue: asText(before[key]), newValue: asText(after[key]) }))
    .filter((c) => c.oldValue !== c.newValue);
  return {
    serialNo,
    userId: r.userId,
    changes,
    newLastUpdated: r.changedDate,
    lastModifiedByName: personOf(r.name, r.lastName),
  };
}

/** Log rows, newest first, numbered from the oldest. */
function presentProfileLogs(rows: LogDbRow[]): ProfileLogRow[] {
  return rows.map((r, i) => presentProfileLog(r, rows.length - i));
}

/** GET api/User/UserLogs/{userId}: every change of a profile, newest first, old/new per changed field. */
export async function findUserLogs(db: Db, actor: Actor, userId: number): Promise<ProfileLogRow[]> {
  adminScopeOf(actor, 'read');
  if (!(await a.profileExists(db, userId))) {
    throw notFound(messages.uapIdMissing);
  }
  return presentProfileLogs(await a.findProfileLogs(db, userId));
}

/**
 * GET api/User/ParentGUIDLogs/{parentGuid}: the ParentGUID log (spec 3 §8), every change of the
 * profiles that carry this ParentGUID (a parent and the profiles merged into it), newest first,
 * each naming its UAP Id. No profile with it: 'ParentGUID doesn't exist'.
 */
export async function findParentGuidLogs(db: Db, actor: Actor, parentGuid: string): Promise<ProfileLogRow[]> {
  adminScopeOf(actor, 'read');
  if (!(await a.parentGuidExists(db, parentGuid))) {
    throw notFound(messages.parentGuidMissing);
  }
  return presentProfileLogs(await a.findParentGuidLogs(db, parentGuid));
}

/** GET api/User/LogUserAditionalEmail/{userId}: the profile's secondary email changes, newest first. */
export async function findSecondaryEmailLogs(
  db: Db,
  actor: Actor,
  userId: number,
): Promise<SecondaryEmailLogRow[]> {
  adminScopeOf(actor, 'read');
  if (!(await a.profileExists(db, userId))) {
    throw notFound(messages.userIdMissing);
  }
  const rows = await a.findSecondaryEmailLogs(db, userId);
  return rows.map((r, i) => ({
    serialNo: rows.length - i,
    operation: r.operation,
    newEmail: r.newEmail,
    oldEmail: r.oldEmail,
    newLastUpdated: r.changedDate,
    lastModifiedBy: personOf(r.name, r.lastName),
  }));
}

/** PUT api/User/UserLogs/{userId}: one page of a profile's log, numbered from its first change. */
export async function findUserLogPage(
  db: Db,
  actor: Actor,
  userId: number,
  query: TableQuery,
): Promise<ProfileLogPage> {
  adminScopeOf(actor, 'read');
  assertTableQuery(logQueries.profileLogSpec, query);
  if (!(await a.profileExists(db, userId))) {
    throw notFound(messages.uapIdMissing);
  }
  const { rows, totalCount } = await logQueries.findProfileLogPage(db, userId, query);
  return { logs: rows.map((r) => presentProfileLog(r, Number(r.serialNo))), page: query.page, totalCount };
}

/** PUT api/User/ParentGUIDLogs/{parentGuid}: one page of the ParentGUID log, numbered from its first change. */
export async function findParentGuidLogPage(
  db: Db,
  actor: Actor,
  parentGuid: string,
  query: TableQuery,
): Promise<ProfileLogPage> {
  adminScopeOf(actor, 'read');
  assertTableQuery(logQueries.parentGuidLogSpec, query);
  if (!(await a.parentGuidExists(db, parentGuid))) {
    throw notFound(messages.parentGuidMissing);
  }
  const { rows, totalCount } = await logQueries.findParentGuidLogPage(db, parentGuid, query);
  return { logs: rows.map((r) => presentProfileLog(r, Number(r.serialNo))), page: query.page, totalCount };
}

/** PUT api/User/LogUserAditionalEmail/{userId}: one page of a profile's secondary email log. */
export async function findSecondaryEmailLogPage(
  db: Db,
  actor: Actor,
  userId: number,
  query: TableQuery,
): Promise<SecondaryEmailLogPage> {
  adminScopeOf(actor, 'read');
  assertTableQuery(logQueries.emailLogSpec, query);
  if (!(await a.profileExists(db, userId))) {
    throw notFound(messages.userIdMissing);
  }
  const { rows, totalCount } = await logQueries.findEmailLogPage(db, userId, query);
  return {
    logs: rows.map((r) => ({
      serialNo: Number(r.serialNo),
      operation: r.operation,
      newEmail: r.newEmail,
      oldEmail: r.oldEmail,
      newLastUpdated: r.changedDate,
      lastModifiedBy: personOf(r.name, r.lastName),
    })),
    page: query.page,
    totalCount,
  };
}
