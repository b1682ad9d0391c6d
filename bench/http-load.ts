/**
 * What the benches that drive the real server over HTTP share: the server started as `npm start`
 * runs it (on the given environment), calls with their status, size and time (and the answer's
 * text), `/api/health` polled from a thread of its own while something heavy runs, the server's
 * memory, and the load average.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Db } from '../packages/server/src/db/connection.ts';
import type { Database } from '../packages/server/src/db/schema.ts';
import { loadSigningMaterial } from '../packages/server/src/auth/keys.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { repoRoot, serverNodeArgs } from './signed-in-server.ts';

const root = repoRoot;

export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * The server's resident memory, MB: all of it, and in brackets its own (`RssAnon`), without the
 * pages of files it maps (SQLite's database file is read through a memory map: those pages are
 * the operating system's file cache).
 */
export function rssMb(pid: number): string {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return `${mb('VmRSS')} (${mb('RssAnon')})`;
}

/** The process's own memory (`RssAnon`), MB. */
export function ownMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * The process's own memory every half second until `stop`, which tells its course: the first
 * sample, the samples at each quarter, the lowest and highest, and how far those lie from the
 * first sample. Flat memory stays within a band around where it started (the target: 20 %).
 */
export function sampleMemory(pid: number) {
  const samples = [ownMemoryMb(pid)];
  const timer = setInterval(() => samples.push(ownMemoryMb(pid)), 500);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(ownMemoryMb(pid));
      const at = (q: number) => samples[Math.round(q * (samples.length - 1))]!;
      const first = samples[0]!;
      const [low, high] = [Math.min(...samples), Math.max(...samples)];
      const percent = (mb: number) =>
        `${mb >= first ? '+' : '−'}${((Math.abs(mb - first) / first) * 100).toFixed(0)} %`;
      return (
        `${[0, 0.25, 0.5, 0.75, 1].map(at).join(' → ')} MB (min ${low}, max ${high}: ` +
        `${percent(low)} / ${percent(high)} of the first sample)`
      );
    },
  };
}

/**
 * The environment of a bench's server on `url`, listening on 127.0.0.1:`port`: quiet logs, no web
 * app, and the per-person API limit lifted (one user's many clients would hit it at once).
 */
export function serverEnv(url: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    UAP_ENV: 'local',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  };
}

/** Starts the server; resolves when it prints that it is running. */
export function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_CPU_PROF=dir: the server writes a CPU profile there when it stops (--cpu-prof).
  const profile = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_FLAGS: more flags for the server's node (e.g. --trace-gc, printed on its stdout).
  const flags = env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, serverNodeArgs([...profile, ...flags]), {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    // The output is kept until the server runs; after that, only the log gets it.
    let output: string | null = '';
    const log = env.BENCH_SERVER_LOG ? fs.createWriteStream(env.BENCH_SERVER_LOG) : null;
    const onData = (chunk: Buffer) => {
      log?.write(chunk);
      if (output === null) {
        return;
      }
      output += chunk.toString();
      if (output.includes('UAP is running')) {
        output = null;
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it ran:\n${output}`)));
  });
}

/** Keep-alive sockets for up to 64 concurrent callers. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Closes the kept sockets, so that the bench's process can end. */
export function closeConnections(): void {
  agent.destroy();
}

export interface Answer {
  status: number;
  bytes: number;
  ms: number;
  /** The answer's text, when asked for (`keepText`). */
  text?: string;
}

export function request(
  port: number,
  method: string,
  url: string,
  token: string | null,
  body?: object,
  keepText = false,
): Promise<Answer> {
  const started = performance.now();
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepText) {
            chunks.push(chunk);
          }
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            ...(keepText ? { text: Buffer.concat(chunks).toString() } : {}),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

/**
 * The health checks' own thread: /api/health every 50 ms until told to stop, then the latencies.
 * A thread of its own, so that what this process does meanwhile (reading a 300 MB export, its
 * garbage collections) does not delay the checks: a browser's request is not queued behind
 * another download.
 */
const healthProbe = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const latencies = [];
let isStopped = false;
parentPort.on('message', () => (isStopped = true));
const check = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
(async () => {
  while (!isStopped) {
    latencies.push(await check());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage(latencies);
})();
`;

/**
 * /api/health every 50 ms (from its own thread) while `heavy` runs: its median, 99th percentile
 * and slowest answer; and the server's own memory (RssAnon) sampled every half second meanwhile.
 */
export async function healthDuring(port: number, pid: number, label: string, heavy: () => Promise<Answer>) {
  const probe = new Worker(healthProbe, { eval: true, workerData: { port } });
  const latenciesOf = new Promise<number[]>((resolve) => probe.once('message', resolve));
  const memory = sampleMemory(pid);
  const answer = await heavy();
  probe.postMessage('stop');
  const latencies = await latenciesOf;
  await probe.terminate();
  console.log(
    `  /api/health during ${label} (${(answer.ms / 1000).toFixed(1)} s, status ${answer.status}, ${answer.bytes} bytes): ` +
      `${latencies.length} checks, median ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, ` +
      `max ${Math.max(...latencies).toFixed(1)} ms; server's own memory ${memory.stop()}; load ${load()}`,
  );
  return answer;
}

/**
 * Access tokens, as the server started on `env` accepts them, for up to `limit` live profiles
 * that `which` picks (in profile id order) and that have a directory entry.
 */
export async function tokensOf(
  db: Db,
  env: NodeJS.ProcessEnv,
  which: (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) => Expression<SqlBool>,
  limit: number,
): Promise<string[]> {
  const config = loadConfig(env);
  const keys = await loadSigningMaterial(db);
  const rows = await db.kysely
    .selectFrom('users as u')
    .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
    .select(['d.mail', 'd.displayName', 'd.directoryId'])
    .where('u.isDeleted', '=', 0)
    .where(which)
    .orderBy('u.userId')
    .limit(limit)
    .execute();
  return Promise.all(
    rows.map((r) =>
      mintAccessToken(config, keys, {
        mail: r.mail!,
        displayName: r.displayName,
        directoryId: r.directoryId,
      }),
    ),
  );
}
