/**
 * Throughput of the real server: starts `packages/server/src/main.ts` as `npm start`
 * does, with its node flags (without rebuilding the web app), on a copy of the large seed,
 * then, over HTTP on 127.0.0.1 with 32 concurrent keep-alive clients:
 *   - Request Tracker pages/s (PUT api/Request/AllRequests, pages 1–20, default sort) as the
 *     super admins and auditors (every line);
 *   - task-count reads/s (GET api/Request/TaskCounts), 32 users;
 *   - /api/health latency while the heaviest search (a word that matches nothing) runs, and
 *     while a full export runs;
 *   - the full export (PUT api/Request/AllRequests/Export, every line) against reading the same
 *     rows directly (the export's own keyset batch query, in this process).
 * It reports errors, the server's CPU time per answer (all its threads, from /proc), its RSS
 * before and after, and the load average.
 *
 *   npx tsx bench/throughput.ts [DATABASE_URL ...]
 *
 * Defaults: sqlite:/tmp/uap-large-throughput.db and postgres://uap@127.0.0.1:54329/uap_large_throughput
 * (copies: `cp /tmp/uap-large.db /tmp/uap-large-throughput.db`, `CREATE DATABASE
 * uap_large_throughput TEMPLATE uap_large`): the server migrates the database it starts on.
 * Env: BENCH_SECONDS (each load phase, default 15), BENCH_WARMUP_SECONDS (the same load first,
 * unmeasured, default 10: the server's heap grows to its working size under 32 clients, and
 * memory is flat when it then stays within its band), BENCH_SKIP_EXPORT=1 (no full export),
 * BENCH_CPU_PROF=dir (the server's CPU profile, written there when it stops), BENCH_PROCESSES
 * (server processes sharing the load, default 1), BENCH_SERVER_FLAGS (more flags for the server's
 * node, e.g. `--trace-gc`; its output goes to BENCH_SERVER_LOG when set), BENCH_ONLY=tracker|counts (that load phase
 * alone, e.g. for a profile of it), BENCH_ONLY=export (the full export with the health checks
 * beside it and the direct read, nothing else).
 */
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { Role, startOfTodayUtc, trackerQuery } from '@uap/domain';
import { serviceLevelsFrom } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { LINES_BATCH_SIZE } from '../packages/server/src/db/csv-export.ts';
import { trackerSpec } from '../packages/server/src/modules/tracker/line-queries.ts';
import * as tracker from '../packages/server/src/modules/tracker/queries.ts';
import {
  closeConnections,
  healthDuring,
  load,
  ownMemoryMb,
  quantile,
  request,
  rssMb,
  sampleMemory,
  serverEnv,
  startServer,
  tokensOf,
  type Answer,
} from './http-load.ts';
import { freePort } from './signed-in-server.ts';

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-throughput.db', 'postgres://uap@127.0.0.1:54329/uap_large_throughput'];

/** CPU time the process has used (user + system, all its threads), in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** `CLIENTS` loops calling `call(client, i)` for `SECONDS`; requests/s, latency, errors. */
/** PostgreSQL's backends serving the database (their CPU is the database's share of an answer). */
async function backendPids(db: Db): Promise<number[]> {
  if (db.dialect !== 'postgres') {
    return [];
  }
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
  return rows.map((r) => r.pid);
}

/** CPU ms of each of these processes (gone or unreadable ones: 0). */
const cpuOf = (pids: number[]) =>
  new Map(
    pids.map((pid) => {
      try {
        return [pid, cpuMs(pid)];
      } catch {
        return [pid, 0];
      }
    }),
  );

async function drive(
  label: string,
  pids: number[],
  db: Db,
  call: (client: number, i: number) => Promise<Answer>,
) {
  const latencies: number[] = [];
  const serverCpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  let errors = 0;
  const run = (seconds: number, onAnswer: (answer: Answer | null) => void) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; performance.now() < until; i += 1) {
          onAnswer(await call(client, i).catch(() => null));
        }
      }),
    );
  };
  // The same load first, unmeasured: the heap grows to its working size, then the window starts.
  const idleMemory = ownMemoryMb(pids[0]!);
  await run(WARMUP_SECONDS, () => undefined);
  const cpuBefore = serverCpu();
  const backendsBefore = cpuOf(await backendPids(db));
  const memory = sampleMemory(pids[0]!);
  const started = performance.now();
  await run(SECONDS, (answer) => {
    if (answer === null || answer.status !== 200) {
      errors += 1;
    }
    if (answer !== null) {
      latencies.push(answer.ms);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  // The server's own CPU per answer (all its threads): less at the mercy of the machine's load
  // than requests/s, and what one core can serve is 1,000 / this.
  const answers = Math.max(latencies.length, 1);
  const cpuPerRequest = (serverCpu() - cpuBefore) / answers;
  let backendCpu = 0;
  for (const [backend, ms] of cpuOf(await backendPids(db))) {
    backendCpu += ms - (backendsBefore.get(backend) ?? 0);
  }
  const database = db.dialect === 'postgres' ? `, PostgreSQL ${(backendCpu / answers).toFixed(2)} ms` : '';
  console.log(
    `  ${label}: ${(latencies.length / seconds).toFixed(0)} requests/s (${latencies.length} in ${seconds.toFixed(1)} s), ` +
      `p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms, errors ${errors}, ` +
      `CPU per answer: server ${cpuPerRequest.toFixed(2)} ms${database}; server's own memory ${idleMemory} MB ` +
      `before a ${WARMUP_SECONDS} s warm-up, then ${memory.stop()}; load ${load()}`,
  );
}

/** Reads every tracker row as the export does (same keyset batches), without writing a file. */
async function readDirectly(db: Db) {
  const today = startOfTodayUtc().toISOString();
  const clock = { now: new Date(), levels: serviceLevelsFrom({}) };
  const spec = trackerSpec(today, clock);
  const query = trackerQuery.parse({});
  const batchSize = LINES_BATCH_SIZE;
  const started = performance.now();
  let rows = 0;
  for (let before: number | null = null; ;) {
    const batch = await tracker.findTrackerBatch(
      db,
      { kind: 'all' },
      spec,
      query,
      today,
      clock,
      before,
      batchSize,
    );
    rows += batch.length;
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) {
      break;
    }
    before = last.requestId;
  }
  return { rows, ms: performance.now() - started };
}

async function bench(url: string) {
  const port = await freePort();
  const env = serverEnv(url, port);

  // BENCH_PROCESSES=n: n servers on their own ports (one PUBLIC_URL, so one issuer), the load's
  // clients spread over them; the search, the export and the health checks use the first.
  const processes = Number(process.env.BENCH_PROCESSES ?? 1);
  const ports = [port, ...(await Promise.all(Array.from({ length: processes - 1 }, freePort)))];
  console.log(
    `\n${url} (load ${load()}, ${os.availableParallelism()} cores, ${processes} server process${processes > 1 ? 'es' : ''})`,
  );
  const server = await startServer(env);
  const others = await Promise.all(
    ports
      .slice(1)
      .map((other) => startServer({ ...env, PORT: String(other), PUBLIC_URL: `http://127.0.0.1:${port}` })),
  );
  const pids = [server.pid!, ...others.map((o) => o.pid!)];
  const portOf = (client: number) => ports[client % ports.length]!;
  const db = openDb(url);
  try {
    const usersOf = (roles: number[]) => tokensOf(db, env, (eb) => eb('u.roleId', 'in', roles), CLIENTS);
    // Super admins and auditors see every line: the tracker at its full million.
    const trackerTokens = await usersOf([Role.SUPERADMIN, Role.AUDITOR]);
    const taskTokens = await usersOf([Role.APPROVER, Role.MASTERAPPROVER, Role.PROVISIONER, Role.ADMIN]);
    const [superToken] = await usersOf([Role.SUPERADMIN]);
    console.log(`  ${trackerTokens.length} tracker users, ${taskTokens.length} task-count users`);
    const rssBefore = rssMb(server.pid!);

    const only = process.env.BENCH_ONLY;
    if (only !== 'counts' && only !== 'export') {
      await drive('tracker pages', pids, db, (client, i) =>
        request(
          portOf(client),
          'PUT',
          '/api/Request/AllRequests',
          trackerTokens[client % trackerTokens.length]!,
          {
            page: 1 + ((client + i) % 20),
            pageSize: 50,
          },
        ),
      );
    }
    if (only !== 'tracker' && only !== 'export') {
      await drive('task counts', pids, db, (client) =>
        request(portOf(client), 'GET', '/api/Request/TaskCounts', taskTokens[client % taskTokens.length]!),
      );
    }
    const rssLoad = rssMb(server.pid!);

    if (only !== 'export') {
      await healthDuring(port, server.pid!, 'a search that matches nothing', () =>
        request(port, 'PUT', '/api/Request/AllRequests', superToken!, {
          pageSize: 50,
          searchCriteria: 'zq-nothing-matches-zq',
        }),
      );
    }
    if (process.env.BENCH_SKIP_EXPORT !== '1') {
      const exported = await healthDuring(port, server.pid!, 'the full export', () =>
        request(port, 'PUT', '/api/Request/AllRequests/Export', superToken!, {}),
      );
      const direct = await readDirectly(db);
      console.log(
        `  full export ${(exported.ms / 1000).toFixed(1)} s (${(exported.bytes / 1e6).toFixed(0)} MB) against ` +
          `${direct.rows} rows read directly in ${(direct.ms / 1000).toFixed(1)} s: ${(exported.ms / direct.ms).toFixed(2)}×; load ${load()}`,
      );
    }
    console.log(
      `  server RSS (own memory): ${rssBefore} MB at start, ${rssLoad} MB after the load, ${rssMb(server.pid!)} MB at the end`,
    );
  } finally {
    await db.kysely.destroy();
    for (const child of [server, ...others]) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

for (const url of urls) {
  await bench(url);
}
closeConnections();
