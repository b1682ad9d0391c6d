/**
 * What the access review benches share: a super administrator's token, the decision on many
 * items at once (keep, then revoke), and the end of a run.
 */
import type { ChildProcess } from 'node:child_process';
import type { Db } from '../packages/server/src/db/connection.ts';
import { load, request, tokensOf } from './http-load.ts';

/** A token of the first live super administrator with a directory entry. */
export async function superAdminToken(db: Db, env: NodeJS.ProcessEnv): Promise<string> {
  const [token] = await tokensOf(
    db,
    env,
    (eb) =>
      eb.exists(eb.selectFrom('superAdmins as s').whereRef('s.userId', '=', 'u.userId').select('s.userId')),
    1,
  );
  if (!token) {
    throw new Error('no super administrator with a directory entry to sign in with');
  }
  return token;
}

/**
 * Keeps `count` of the reviewer's undecided items in one call, then revokes `count` more (each a
 * Deactivate line), and prints each call's time. Only items whose record waits on no other
 * change are taken (a revoke of one that does is refused).
 */
export async function decideAtOnce(o: {
  db: Db;
  port: number;
  token: string;
  reviewId: number;
  reviewerId: number;
  count: number;
}): Promise<void> {
  for (const [decision, comment] of [
    ['keep', undefined],
    ['revoke', 'No longer needed (bench)'],
  ] as const) {
    const items = await o.db.kysely
      .selectFrom('accessReviewItems as i')
      .innerJoin('requests as r', 'r.requestId', 'i.recordId')
      .select('i.itemId')
      .where('i.reviewId', '=', o.reviewId)
      .where('i.reviewerUserId', '=', o.reviewerId)
      .where('i.decision', 'is', null)
      .where('r.pendingChangeRequestId', 'is', null)
      .orderBy('i.itemId')
      .limit(o.count)
      .execute();
    const decided = await request(
      o.port,
      'PATCH',
      '/api/AccessReviews/Items',
      o.token,
      { itemIds: items.map((item) => item.itemId), decision, ...(comment ? { comment } : {}) },
      true,
    );
    console.log(
      `  ${decision} ${items.length} items at once: ${decided.ms.toFixed(1)} ms, status ${decided.status}` +
        `${decided.status === 200 ? '' : `: ${decided.text}`}; load ${load()}`,
    );
  }
}

/** Closes the bench's own connection and stops the server, waiting for it to exit. */
export async function endRun(db: Db, server: ChildProcess): Promise<void> {
  await db.kysely.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
