/**
 * The audit chain (issue 47) on copies of the large seed:
 * - the migration that chains the rows already written (0052), when the copy has not run it;
 * - a full verification of every entry and history row (target: SQLite < 60 s, PostgreSQL < 90 s);
 * - a day's writing (BENCH_DAY_ROWS history rows, 10,000 by default, in transactions of 100),
 *   then the incremental verification of them (target < 1 s);
 * - the time the chain adds to a decision: one history row written in its own transaction, with
 *   the chain (the application's writer) and without (the same insert alone), 200 runs each,
 *   alternated (target: < 1 ms added, median).
 * The bulk approval of 1,000 lines (< 2 s) is `approvals.ts`, run on a copy after this one.
 * `BENCH_ONLY=verify` stops after the full verification.
 * It migrates and writes history, so run it on copies:
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-chain.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_chain TEMPLATE uap_large'
 *   npx tsx bench/audit-chain.ts [DATABASE_URL ...]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { RequestStatus } from '@uap/domain';
import { inTransaction, openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { chainedTables } from '../packages/server/src/db/chain/format.ts';
import { verifyAndRecord } from '../packages/server/src/modules/audit/chain-service.ts';
import { insertHistoryRows } from '../packages/server/src/modules/request-lines/transitions.ts';

const DAY_ROWS = Number(process.env.BENCH_DAY_ROWS ?? 10_000);
const DECISIONS = 200;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-chain.db', 'postgres://uap@127.0.0.1:54329/uap_large_chain'];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = () => os.loadavg()[0]!.toFixed(1);
const mb = () => Math.round(process.memoryUsage().rss / 1e6);

async function historyRowCount(db: Db): Promise<number> {
  let total = 0;
  for (const table of chainedTables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.raw(table)}`.execute(db.kysely);
    total += Number(rows[0]!.n);
  }
  return total;
}

/** A line and a person to write history steps for. */
async function someLine(db: Db) {
  return db.kysely
    .selectFrom('requests')
    .select(['requestId', 'createdBy'])
    .orderBy('requestId', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

const step = (requestId: number, i: number) => ({
  requestId,
  statusId: RequestStatus.SUBMITTED,
  requestTypeId: 1,
  stepDescription: `bench step ${i}`,
  comments: 'audit chain bench',
});

async function decisionCost(db: Db): Promise<void> {
  const line = await someLine(db);
  const withChain = () =>
    inTransaction(db, (trx) => insertHistoryRows(trx, line.createdBy, [step(line.requestId, 0)]));
  const without = () =>
    inTransaction(db, async (trx) => {
      await trx
        .insertInto('requestHistory')
        .values({ ...step(line.requestId, 0), createdBy: line.createdBy })
        .execute();
    });
  const samples = { withChain: [] as number[], without: [] as number[] };
  for (let i = 0; i < 20; i += 1) {
    await withChain();
    await without();
  }
  for (let i = 0; i < DECISIONS; i += 1) {
    for (const [name, fn] of [
      ['withChain', withChain],
      ['without', without],
    ] as const) {
      const t = performance.now();
      await fn();
      samples[name].push(performance.now() - t);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
  const a = median(samples.withChain);
  const b = median(samples.without);
  console.log(
    `  one history row per transaction, ${DECISIONS} runs alternated: with the chain median ${a.toFixed(3)} ms ` +
      `(p95 ${p95(samples.withChain).toFixed(3)}), without ${b.toFixed(3)} ms (p95 ${p95(samples.without).toFixed(3)}); ` +
      `added ${(a - b).toFixed(3)} ms (load ${load()})`,
  );
  // The rows written without the chain are unchained on purpose: chain them, so the copy verifies.
  const unchained = await db.kysely
    .selectFrom('requestHistory as h')
    .select('h.id')
    .where('h.comments', '=', 'audit chain bench')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('auditChain as c')
            .select('c.seq')
            .where('c.tableName', '=', 'request_history')
            .whereRef('c.rowId', '=', 'h.id'),
        ),
      ),
    )
    .execute();
  await db.kysely
    .deleteFrom('requestHistory')
    .where(
      'id',
      'in',
      unchained.map((r) => r.id),
    )
    .execute();
}

async function bench(url: string): Promise<void> {
  console.log(`\n== ${url}`);
  // SQLite reads on worker threads, as the server does (SQLITE_READ_WORKERS).
  const db = openDb(url, { readWorkers: url.startsWith('sqlite') ? 2 : 0 });
  try {
    let t = performance.now();
    const applied = await migrateToLatest(db);
    if (applied.includes('0052_add_audit_chain')) {
      console.log(`  migration 0052 chained the rows already written: ${seconds(t)} s (load ${load()})`);
    }
    const rows = await historyRowCount(db);
    const { rows: entries } = await sql<{ n: number }>`select count(*) as n from audit_chain`.execute(
      db.kysely,
    );
    console.log(
      `  ${rows.toLocaleString('en')} history rows, ${Number(entries[0]!.n).toLocaleString('en')} chain entries`,
    );

    t = performance.now();
    const rss0 = mb();
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, mb())), 200);
    const full = await verifyAndRecord(db, 'full', null);
    clearInterval(sampler);
    console.log(
      `  full verification: ${seconds(t)} s, ${full.checkedRows.toLocaleString('en')} checked, break ${JSON.stringify(full.firstBreak)}, ` +
        `RSS ${rss0} → max ${peak} MB (load ${load()})`,
    );

    if (process.env.BENCH_ONLY === 'verify') {
      return;
    }
    const line = await someLine(db);
    t = performance.now();
    for (let i = 0; i < DAY_ROWS; i += 100) {
      await inTransaction(db, (trx) =>
        insertHistoryRows(
          trx,
          line.createdBy,
          Array.from({ length: Math.min(100, DAY_ROWS - i) }, (_, j) => step(line.requestId, i + j)),
        ),
      );
    }
    console.log(`  a day's writing: ${DAY_ROWS.toLocaleString('en')} rows in ${seconds(t)} s`);
    t = performance.now();
    const day = await verifyAndRecord(db, 'incremental', null);
    console.log(
      `  incremental verification of them: ${(performance.now() - t).toFixed(0)} ms, ${day.checkedRows.toLocaleString('en')} checked, ` +
        `break ${JSON.stringify(day.firstBreak)} (load ${load()})`,
    );

    await decisionCost(db);
  } finally {
    await db.kysely.destroy();
  }
}

for (const url of urls) {
  await bench(url);
}
