import type { FastifyInstance } from 'fastify';
import { ExpiringMap } from '../expiring-map.ts';
import { mayWrite } from './access.ts';
import type { Actor } from './actor.ts';

/** At most this many callers' profiles are kept (past it, the oldest goes first). */
const CAPACITY = 10_000;

/**
 * The callers' profiles (user id, role) reused for a few seconds (ACTOR_CACHE_SECONDS): the
 * auth hook read the profile on every request, the one statement of a cached task-count read.
 * What may change a profile's role or state (a role given or taken, a deactivation, a
 * deletion, a merge) is a write: every call of a route that may write, on this process, and
 * every job run forget every profile before the answer leaves (`forgetAll`), so the change
 * holds at once here; a profile being read while that happened is not kept (the epoch). Only
 * found profiles are kept: a caller without one (before their first sign-in) is read again.
 * On PostgreSQL the other instances are told through `ChangeChannel` and forget theirs too;
 * while an instance is not listening (`isShared` false) it keeps nothing.
 */
export class ActorMemo {
  private readonly actors: ExpiringMap<string, Actor>;
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Whether every instance that may write is heard (always, with one process). */
    private readonly isShared: () => boolean = () => true,
  ) {
    this.actors = new ExpiringMap(CAPACITY, now);
  }

  async find(email: string, read: () => Promise<Actor | null>): Promise<Actor | null> {
    if (this.ttlMs <= 0 || !this.isShared()) {
      return read();
    }
    const kept = this.actors.get(email);
    if (kept) {
      return kept;
    }
    const epoch = this.epoch;
    const actor = await read();
    if (actor && epoch === this.epoch) {
      this.actors.set(email, actor, this.now() + this.ttlMs);
    }
    return actor;
  }

  /** Something was written: every caller's next request reads their profile again. */
  forgetAll(): void {
    this.epoch += 1;
    this.actors.clear();
  }
}

/**
 * Every call of a route that may write (any method but GET/HEAD, on a route the read-only
 * auditor may not call; public ones included: SCIM, sign-in) forgets the kept profiles before
 * its answer leaves, whether it succeeded or not.
 */
export function forgetActorsOnWrite(
  app: FastifyInstance,
  memo: ActorMemo,
  tellOthers: () => Promise<void>,
): void {
  app.addHook('onSend', async (request) => {
    if (mayWrite(request)) {
      memo.forgetAll();
      await tellOthers();
    }
  });
}
