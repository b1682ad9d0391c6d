// Starts and stops a throwaway PostgreSQL 15 cluster on 127.0.0.1 for tests and benchmarks.
// PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

function ensureBinaries() {
  if (fs.existsSync(path.join(BIN, 'postgres'))) {
    return;
  }
  if (!isRoot) {
    throw new Error(
      `PostgreSQL 15 server binaries are missing in ${BIN}: install the Debian package postgresql-15.`,
    );
  }
  console.log('Installing postgresql-15 with apt-get…');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-15'], {
    stdio: 'inherit',
  });
}

function asPgUser(cmd, args, opts = {}) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', ...opts });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Creates and starts a cluster in a fresh temp dir; returns its URL and a stop function. */
export function startCluster({ port = 54000 + Math.floor(Math.random() * 1000), dir } = {}) {
  ensureBinaries();
  const base = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'uap-pg-'));
  fs.mkdirSync(base, { recursive: true });
  const data = path.join(base, 'data');
  const log = path.join(base, 'postgres.log');
  if (isRoot) {
    execFileSync('chown', ['-R', 'postgres', base]);
    fs.chmodSync(base, 0o755);
  }
  asPgUser(path.join(BIN, 'initdb'), ['-D', data, '-U', 'uap', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    '\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\nshared_buffers = 256MB\n',
  );
  asPgUser(path.join(BIN, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    log,
    '-w',
    '-o',
    `-k ${base} -h 127.0.0.1 -p ${port}`,
    'start',
  ]);
  const url = `postgres://uap@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dir: base,
    stop() {
      try {
        asPgUser(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// `node scripts/pg.mjs` starts a cluster for local work and prints its URL; Ctrl-C stops it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PG_PORT ?? 54329);
  const dir = path.join(os.tmpdir(), `uap-pg-dev-${port}`);
  // A cluster left by a run that did not stop cleanly (a machine reset): its server is gone, and
  // initdb refuses a directory that is not empty, so start from a fresh one. One still running
  // is left alone.
  const pidFile = path.join(dir, 'data', 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid > 0 && isAlive(pid)) {
    throw new Error(`A cluster is already running in ${dir} (pid ${pid})`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const cluster = startCluster({ port, dir });
  console.log(`PostgreSQL ready: DATABASE_URL=${cluster.url}`);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
