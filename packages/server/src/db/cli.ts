/**
 * Database command line (DATABASE_URL selects the database, see config.ts):
 *   tsx packages/server/src/db/cli.ts migrate
 *   tsx packages/server/src/db/cli.ts seed --scale demo|large [--users N] [--requests N]
 * `seed` migrates first. The demo seed runs once; the large seed tops the data up to its
 * targets (200,000 users and 1,000,000 request lines by default), loading the demo first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDb, type Db } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { isSeeded, largeDefaults, seedDemo, seedLarge } from './seed/index.ts';

const usage = 'usage: cli.ts migrate | cli.ts seed --scale demo|large [--users N] [--requests N]';

function seconds(startMs: number): string {
  return `${((Date.now() - startMs) / 1000).toFixed(1)} s`;
}

/** This process's CPU time so far (user + system, every thread: SQLite's sorter helpers too). */
function cpuSeconds(): string {
  const { user, system } = process.cpuUsage();
  return `${((user + system) / 1e6).toFixed(1)} s`;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) {
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`--${name} must be a non-negative integer, got ${value}`);
  }
  return n;
}

async function migrate(db: Db): Promise<void> {
  const started = Date.now();
  const applied = await migrateToLatest(db);
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')} (${seconds(started)})`
      : `Database is up to date (${seconds(started)})`,
  );
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { scale: { type: 'string' }, users: { type: 'string' }, requests: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'migrate' && command !== 'seed') {
    console.error(usage);
    return 2;
  }
  const scale = values.scale ?? 'demo';
  if (command === 'seed' && scale !== 'demo' && scale !== 'large') {
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const db = openDb(config.databaseUrl);
  console.log(`Database: ${db.dialect === 'postgres' ? 'PostgreSQL' : config.databaseUrl}`);
  try {
    await migrate(db);
    if (command === 'migrate') {
      return 0;
    }
    const started = Date.now();
    if (scale === 'demo') {
      if (await isSeeded(db)) {
        console.log('The demo data is already loaded; nothing to do.');
        return 0;
      }
      await seedDemo(db);
      console.log(`Demo data loaded in ${seconds(started)}`);
      return 0;
    }
    await seedLarge(db, {
      users: positiveInt(values.users, largeDefaults.users, 'users'),
      requests: positiveInt(values.requests, largeDefaults.requests, 'requests'),
      onProgress: (msg) => console.log(`[${seconds(started)}, CPU ${cpuSeconds()}] ${msg}`),
    });
    console.log(`Large dataset ready in ${seconds(started)}`);
    return 0;
  } finally {
    await db.kysely.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
