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
import * as logQueries from './log-queries.ts';
import type { ProfileLogSubject } from './log-queries.ts';

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
  serialNo: number;
}

/** A log row as the log pages show it: old/new per changed field, numbered from the first change. */
function presentProfileLog(r: LogDbRow): ProfileLogRow {
  const before = parseSnapshot(r.before);
  const after = parseSnapshot(r.after);
  const changes = profileLogFields
    .filter(([key]) => key in before || key in after)
    .map(([key, field]) => ({ field, oldValue: asText(before[key]), newValue: asText(after[key]) }))
    .filter((c) => c.oldValue !== c.newValue);
  return {
    serialNo: Number(r.serialNo),
    userId: r.userId,
    changes,
    newLastUpdated: r.changedDate,
    lastModifiedByName: personOf(r.name, r.lastName),
  };
}

function presentEmailLog(r: {
  serialNo: number;
  operation: string;
  oldEmail: string | null;
  newEmail: string | null;
  changedDate: string;
  name: string | null;
  lastName: string | null;
}): SecondaryEmailLogRow {
  return {
    serialNo: Number(r.serialNo),
    operation: r.operation,
    newEmail: r.newEmail,
    oldEmail: r.oldEmail,
    newLastUpdated: r.changedDate,
    lastModifiedBy: personOf(r.name, r.lastName),
  };
}

/**
 * Refuses a caller who may not read profiles (403) and the log of a profile or ParentGUID that
 * does not exist (404 `missing`).
 */
async function checkLogReadable(db: Db, actor: Actor, subject: ProfileLogSubject, missing: string) {
  adminScopeOf(actor, 'read');
  if (!(await logQueries.logSubjectExists(db, subject))) {
    throw notFound(missing);
  }
}

const missingOf = (subject: ProfileLogSubject) =>
  'userId' in subject ? messages.uapIdMissing : messages.parentGuidMissing;

/**
 * GET api/User/UserLogs/{userId}: every change of a profile, newest first, old/new per changed
 * field. GET api/User/ParentGUIDLogs/{parentGuid}: the ParentGUID log (spec 3 §8), every change of
 * the profiles that carry this ParentGUID (a parent and the profiles merged into it), each naming
 * its UAP Id. No profile with it: 'ParentGUID doesn't exist'.
 */
export async function findProfileLogs(
  db: Db,
  actor: Actor,
  subject: ProfileLogSubject,
): Promise<ProfileLogRow[]> {
  await checkLogReadable(db, actor, subject, missingOf(subject));
  return (await logQueries.findProfileLogs(db, subject)).map(presentProfileLog);
}

/** GET api/User/LogUserAditionalEmail/{userId}: the profile's secondary email changes, newest first. */
export async function findSecondaryEmailLogs(
  db: Db,
  actor: Actor,
  userId: number,
): Promise<SecondaryEmailLogRow[]> {
  await checkLogReadable(db, actor, { userId }, messages.userIdMissing);
  return (await logQueries.findEmailLogs(db, userId)).map(presentEmailLog);
}

/**
 * PUT api/User/UserLogs/{userId}, PUT api/User/ParentGUIDLogs/{parentGuid}: one page of a
 * profile's or a ParentGUID's log, numbered from its first change.
 */
export async function findProfileLogPage(
  db: Db,
  actor: Actor,
  subject: ProfileLogSubject,
  query: TableQuery,
): Promise<ProfileLogPage> {
  assertTableQuery(logQueries.profileLogSpecOf(subject), query);
  await checkLogReadable(db, actor, subject, missingOf(subject));
  const { rows, totalCount } = await logQueries.findProfileLogPage(db, subject, query);
  return { logs: rows.map(presentProfileLog), page: query.page, totalCount };
}

/** PUT api/User/LogUserAditionalEmail/{userId}: one page of a profile's secondary email log. */
export async function findSecondaryEmailLogPage(
  db: Db,
  actor: Actor,
  userId: number,
  query: TableQuery,
): Promise<SecondaryEmailLogPage> {
  assertTableQuery(logQueries.emailLogSpec, query);
  await checkLogReadable(db, actor, { userId }, messages.userIdMissing);
  const { rows, totalCount } = await logQueries.findEmailLogPage(db, userId, query);
  return { logs: rows.map(presentEmailLog), page: query.page, totalCount };
}
