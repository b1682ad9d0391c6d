import { nowIso, type Executor } from '../../db/connection.ts';
import * as reportQueries from '../profiles/status-queries.ts';
import type { JobDefinition } from './runner.ts';

export const USER_STATUS_REPORT = 'user-status-report';

/** How far back the very first run looks. */
const FIRST_RUN_DAYS = 7;

/** Where the last completed run started (changes after it are new), else FIRST_RUN_DAYS back. */
async function since(q: Executor, currentRunStart: string): Promise<string> {
  const last = await reportQueries.findLastCompletedRunStart(q, USER_STATUS_REPORT, currentRunStart);
  return last ?? new Date(Date.parse(currentRunStart) - FIRST_RUN_DAYS * 86_400_000).toISOString();
}

/** What changed in the directory entry, as the report's Description reads. */
export function describeChange(entry: { isDeleted: number; active: number }): string {
  if (entry.isDeleted === 1) {
    return 'Deleted from the directory';
  }
  return entry.active === 1 ? 'Directory details changed' : 'Account disabled in the directory';
}

/**
 * The internal user status report (spec 3 §2.7): every profile whose directory entry changed
 * since the last run gets a row to acknowledge (one open row per person and change).
 */
export const userStatusReportJob: JobDefinition = {
  name: USER_STATUS_REPORT,
  title: 'User Status Report',
  schedule: '0 4 * * *',
  maxAttempts: 3,
  async run({ db }) {
    const q = db.kysely;
    const changed = await reportQueries.findDirectoryChangesSince(q, await since(q, nowIso()));
    const key = (userId: number, change: string) => `${userId}\u0000${change}`;
    const open = new Set(
      (await reportQueries.findOpenStatusRows(q, [...new Set(changed.map((row) => row.userId))])).map((row) =>
        key(row.userId, row.changeDescription),
      ),
    );
    const fresh = new Map<string, reportQueries.NewStatusRow>();
    for (const row of changed) {
      const changeDescription = describeChange(row);
      const rowKey = key(row.userId, changeDescription);
      if (!open.has(rowKey) && !fresh.has(rowKey)) {
        fresh.set(rowKey, {
          userId: row.userId,
          roleName: row.roleName,
          changeDescription,
          agency: row.organization,
          operationDate: row.updatedDate,
        });
      }
    }
    await reportQueries.insertStatusRows(q, [...fresh.values()]);
    return { changed: changed.length, added: fresh.size };
  },
};
