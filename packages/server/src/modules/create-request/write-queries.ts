import type { Insertable } from 'kysely';
import { historySteps, RequestStatus, RequestType } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { chainLater } from '../../db/chain/pending.ts';

export type NewLine = Insertable<Database['requests']>;

/** A request to write: its planned lines and the comments its history rows carry. */
export interface NewRequest {
  lines: NewLine[];
  comments: string;
}

/** Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 30_000;

/** The columns a line sets (a column left undefined takes its default). */
const setColumns = (line: NewLine) =>
  Object.entries(line)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column)
    .sort()
    .join(',');

/**
 * Consecutive items cut into runs of one shape (`shapeOf`) and at most `perRun` items: each run
 * is one multi-row INSERT. (A multi-row INSERT sets a column one row leaves out to NULL on
 * SQLite, not to its default: rows of one statement set the same columns.)
 */
function runsOf<T>(items: T[], shapeOf: (item: T) => string, perRun: (item: T) => number): T[][] {
  const runs: T[][] = [];
  let shape = '';
  for (const item of items) {
    const last = runs.at(-1);
    const itemShape = shapeOf(item);
    if (last && itemShape === shape && last.length < perRun(item)) {
      last.push(item);
    } else {
      runs.push([item]);
      shape = itemShape;
    }
  }
  return runs;
}

/**
 * Inserts the lines of one or more requests with their 'Submitted' history rows, all lines in
 * one multi-row INSERT (and all history rows in another) up to PARAMETERS_PER_INSERT, and
 * answers each request's new ids in the order of its lines.
 *
 * One statement for many lines matters on SQLite beyond the round trips: the search index's
 * insert trigger (migration 0012) adds each line's document to the FTS5 table, and FTS5 writes
 * its pending documents to disk at the start of every statement that writes it, so one INSERT
 * per line wrote one index segment per line (and merged them); one INSERT for a batch writes
 * one segment at commit.
 *
 * Both engines allocate the ids in the order of the VALUES rows (SQLite's rowid, PostgreSQL's
 * identity), but RETURNING may list them in any order: sorted, they are the lines' ids in order.
 */
export async function insertRequestsWithHistory(trx: Executor, requests: NewRequest[]): Promise<number[][]> {
  const lines = requests.flatMap((request, r) => request.lines.map((line) => ({ line, r })));
  const ids: number[] = [];
  for (const run of runsOf(
    lines,
    ({ line }) => setColumns(line),
    ({ line }) => Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(line).length)),
  )) {
    const rows = await trx
      .insertInto('requests')
      .values(run.map(({ line }) => line))
      .returning('requestId')
      .execute();
    if (rows.length !== run.length) {
      throw new Error(`Inserted ${rows.length} request lines of ${run.length}.`);
    }
    ids.push(...rows.map((row) => row.requestId).sort((a, b) => a - b));
  }
  const history = lines.map(({ line, r }, i) => ({
    requestId: ids[i]!,
    statusId: RequestStatus.SUBMITTED,
    requestTypeId: RequestType.ADD,
    stepDescription: historySteps.submitted(RequestType.ADD),
    changeDesc: null,
    comments: requests[r]!.comments,
    approverComment: null,
    provisionerComment: null,
    createdBy: line.createdBy,
    createdDate: line.createdDate!,
    before: null,
    after: null,
  }));
  const historyColumns = Object.keys(history[0] ?? {}).length;
  for (const run of runsOf(
    history,
    () => '',
    () => Math.floor(PARAMETERS_PER_INSERT / historyColumns),
  )) {
    const rows = await trx.insertInto('requestHistory').values(run).returning('id').execute();
    chainLater(
      trx,
      'request_history',
      rows.map((r) => r.id),
    );
  }
  const answer = requests.map((): number[] => []);
  lines.forEach(({ r }, i) => answer[r]!.push(ids[i]!));
  return answer;
}
