import type { Executor } from './line-query.ts';

/** The comment histories a line keeps beside its own columns (same columns in both tables). */
export type LineCommentTable = 'leaverComments' | 'provisionerComments';

/** Adds the comment to each line's history, written by `by` at `now`. */
export async function insertLineComments(
  q: Executor,
  table: LineCommentTable,
  requestIds: readonly number[],
  comment: string,
  by: number,
  now: string,
): Promise<void> {
  await q
    .insertInto(table)
    .values(requestIds.map((requestId) => ({ requestId, comment, createdBy: by, createdDate: now })))
    .execute();
}

/** A line's comment history, newest first, with who wrote each. */
export function findLineComments(q: Executor, table: LineCommentTable, requestId: number) {
  return (
    q
      // Both tables have the same columns, so the leaver comments' type reads either.
      .selectFrom(`${table} as lc` as 'leaverComments as lc')
      .innerJoin('users as u', 'u.userId', 'lc.createdBy')
      .select(['lc.id', 'lc.requestId', 'lc.comment', 'lc.createdDate', 'u.name', 'u.lastName', 'u.email'])
      .where('lc.requestId', '=', requestId)
      .orderBy('lc.createdDate', 'desc')
      .orderBy('lc.id', 'desc')
      .execute()
  );
}
