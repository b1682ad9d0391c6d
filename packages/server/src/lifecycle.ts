import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { pingDatabase, type Db } from './db/connection.ts';
import { pendingMigrationCount } from './db/migrate.ts';
import { instanceId } from './instance.ts';
import { releaseLeasesOf } from './modules/jobs/queries.ts';

/** What readiness found: each part, and whether the instance should be sent work. */
export interface Readiness {
  isReady: boolean;
  database: 'ok' | 'error';
  migrations: 'ok' | 'pending' | 'unknown';
  draining: boolean;
}

/**
 * An instance's place in its life, for the load balancer: ready once the database answers and
 * has run every migration of this code, not ready from the moment it is told to stop
 * (`draining`), while it still finishes what it holds.
 */
export class Lifecycle {
  /** Set once, by `drainAndClose`; readiness answers 503 from then on. */
  draining = false;
  private isMigrated = false;

  constructor(private readonly db: Db) {}

  async readiness(): Promise<Readiness> {
    let database: Readiness['database'] = 'ok';
    let migrations: Readiness['migrations'] = this.isMigrated ? 'ok' : 'unknown';
    try {
      await pingDatabase(this.db);
      if (!this.isMigrated) {
        // Once every migration has run it stays so for this code: asked again only until then.
        this.isMigrated = (await pendingMigrationCount(this.db)) === 0;
        migrations = this.isMigrated ? 'ok' : 'pending';
      }
    } catch {
      database = 'error';
    }
    return {
      isReady: database === 'ok' && migrations === 'ok' && !this.draining,
      database,
      migrations,
      draining: this.draining,
    };
  }
}

/**
 * Stops an instance the way a rolling restart needs (SIGTERM): readiness turns 503 at once while
 * the instance keeps serving for `delaySeconds`, so the load balancer sends new calls elsewhere;
 * then the listener closes, the calls in flight finish, the job runs and the outbox pass under
 * way end and release their leases, and the connections close. Answers the exit code: 0, or 1
 * when `graceSeconds` ran out first (what this instance still leased is then released, so
 * another instance takes the work at once instead of after the lease's end).
 */
export async function drainAndClose(
  app: FastifyInstance,
  db: Db,
  { delaySeconds, graceSeconds }: Config['shutdown'],
): Promise<number> {
  app.lifecycle.draining = true;
  app.log.info({ delaySeconds, graceSeconds }, 'draining: readiness answers 503');
  await sleep(delaySeconds * 1000);
  const closed = (async () => {
    await app.close();
    return 'closed' as const;
  })();
  const timedOut = sleep(graceSeconds * 1000, 'timed out' as const, { ref: false });
  const outcome = await Promise.race([closed, timedOut]);
  if (outcome === 'timed out') {
    const released = await releaseLeasesOf(db.kysely, instanceId).catch(() => 0);
    app.log.warn({ released }, 'grace period over: leaving with calls or jobs still running');
    return 1;
  }
  await db.kysely.destroy();
  app.log.info('stopped');
  return 0;
}
