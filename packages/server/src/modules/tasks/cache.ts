import type { FastifyInstance } from 'fastify';
import { Role, type TaskCounts } from '@uap/domain';
import type { Actor } from '../../http/actor.ts';
import { mayWrite } from '../../http/access.ts';

interface Entry {
  roleId: number;
  counts: TaskCounts;
  expiresAt: number;
}

/** Past this many users held, expired entries are dropped before the next one is added. */
const SWEEP_AT = 10_000;

/**
 * The home tiles' task counts, reused per user for a few seconds (the tiles poll them). A
 * moment's staleness after someone else's write is harmless; the user's own write is not, so
 * `forget` drops the user's entry, and a count that was being read while the user wrote is not
 * kept (each user has a generation that `forget` advances).
 */
export class TaskCountCache {
  private readonly entries = new Map<number, Entry>();
  /** A user's generation is the clock's value at their last `forget`: never reused after a sweep. */
  private readonly generations = new Map<number, number>();
  private clock = 0;
  /** The clock's value at the last `forgetAll`. */
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(actor: Actor, read: () => Promise<TaskCounts>): Promise<TaskCounts> {
    if (this.ttlMs <= 0) {
      return read();
    }
    const entry = this.entries.get(actor.userId);
    if (entry && entry.roleId === actor.roleId && entry.expiresAt > this.now()) {
      return entry.counts;
    }
    const generation = this.generations.get(actor.userId) ?? 0;
    const epoch = this.epoch;
    const counts = await read();
    if ((this.generations.get(actor.userId) ?? 0) === generation && this.epoch === epoch) {
      this.sweep();
      this.entries.set(actor.userId, { roleId: actor.roleId, counts, expiresAt: this.now() + this.ttlMs });
    }
    return counts;
  }

  /** The user wrote: their next read counts again. */
  forget(userId: number): void {
    if (this.ttlMs <= 0) {
      return;
    }
    this.entries.delete(userId);
    this.generations.set(userId, ++this.clock);
  }

  /** Routing changed (an approval path was written): everyone's next read counts again. */
  forgetAll(): void {
    if (this.ttlMs <= 0) {
      return;
    }
    this.entries.clear();
    this.generations.clear();
    this.epoch = ++this.clock;
  }

  private sweep(): void {
    if (this.entries.size < SWEEP_AT) {
      return;
    }
    const now = this.now();
    for (const [userId, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(userId);
        this.generations.delete(userId);
      }
    }
  }
}

/**
 * Every call of a route that may write (any method but GET/HEAD, on a route the read-only
 * auditor may not call) forgets the caller's task counts, before the answer leaves: the
 * approve, reject, provision, cancel or create the user just made shows on their next read.
 * A write on an administrators' route (approval paths, master approvers, leavers) changes what
 * waits on other people, so it forgets everyone's counts: rare writes, exact badges after them.
 */
export function forgetTaskCountsOnWrite(app: FastifyInstance, cache: TaskCountCache): void {
  app.addHook('onSend', async (request) => {
    if (!mayWrite(request) || !request.actor) {
      return;
    }
    const minRole = request.routeOptions.config.access?.minRole;
    if (typeof minRole === 'number' && minRole >= Role.ADMIN) {
      cache.forgetAll();
    } else {
      cache.forget(request.actor.userId);
    }
  });
}
