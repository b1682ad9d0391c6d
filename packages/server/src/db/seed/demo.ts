import { chainUnchained } from '../chain/seal.ts';
import { sql } from 'kysely';
import type { Db } from '../connection.ts';
import { insertDemoAssignments } from './assignments.ts';
import { DAY, resetIdentities } from './batch.ts';
import { insertDemoCatalog, loadCatalog } from './catalog.ts';
import { insertDemoRequests } from './demo-requests.ts';
import { insertDemoPeople } from './people.ts';
import { Rng } from './random.ts';
import { insertDemoSupport } from './support.ts';

/**
 * Loads the demo agency group into an empty, migrated database in one transaction (a no-op
 * when the master data is already there; an error when other data exists): master
 * data, ~220 directory entries and ~200 profiles (the demo accounts among them), assignments,
 * ~1,000 requests with history, and the support tables. Deterministic: each part draws from its
 * own seeded PRNG, and dates are relative to now, so counts and statuses are stable run to run.
 */
export async function seedDemo(db: Db): Promise<void> {
  const nowMs = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') {
      // Two instances starting together on an empty database: one seeds, the other waits here.
      await sql`select pg_advisory_xact_lock(hashtext('uap-demo-seed'))`.execute(trx);
    }
    if (await trx.selectFrom('regions').select('regionId').limit(1).executeTakeFirst()) {
      return; // already loaded
    }
    if (await trx.selectFrom('users').select('userId').limit(1).executeTakeFirst()) {
      throw new Error('The demo seed needs an empty database (only migrations applied).');
    }
    await insertDemoCatalog(trx, new Rng(1001), new Date(nowMs - 800 * DAY).toISOString());
    const catalog = await loadCatalog(trx);
    const people = await insertDemoPeople(trx, new Rng(2002), nowMs);
    const routing = await insertDemoAssignments(trx, new Rng(3003), nowMs, catalog, people);
    const lines = await insertDemoRequests(trx, new Rng(4004), nowMs, catalog, people, routing);
    await insertDemoSupport(trx, new Rng(5005), nowMs, people, lines);
    await resetIdentities(trx, db.dialect);
    // The demo's history (and the triggers' record of its appointments) written in bulk: chained at once.
    await chainUnchained(trx, db.dialect);
  });
}
