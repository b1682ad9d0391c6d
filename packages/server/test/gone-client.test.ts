import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type Db } from '../src/db/connection.ts';
import { copyOfTemplate } from './harness.ts';
import { until } from './processes.ts';

/**
 * A process killed in the middle of a statement (a bench stopped with Ctrl-C or kill -9) does not
 * leave the statement running on PostgreSQL: it is cancelled within a couple of seconds.
 */
describe.runIf(process.env.TEST_PG_URL !== undefined)('a statement whose client has gone', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>;
  let db: Db;
  beforeAll(async () => {
    copy = await copyOfTemplate();
    db = openDb(copy.url);
  });
  afterAll(async () => {
    await db.kysely.destroy();
    await copy.drop();
  });

  const running = async (marker: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where query like ${`%${marker}%`} and pid <> pg_backend_pid()`.execute(
        db.kysely,
      )
    ).rows[0]!.n;

  it('is cancelled about a second after the process is killed', async () => {
    const marker = `gone_client_${Date.now()}`;
    const connection = fileURLToPath(new URL('../src/db/connection.ts', import.meta.url));
    const script = `
      const { openDb } = await import(${JSON.stringify(connection)});
      const { sql } = await import('kysely');
      const db = openDb(${JSON.stringify(copy.url)});
      await sql.raw("select pg_sleep(60) as ${marker}").execute(db.kysely);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
    });
    await until(async () => (await running(marker)) === 1, 30_000);
    child.kill('SIGKILL');
    const killed = Date.now();
    await until(async () => (await running(marker)) === 0, 10_000);
    const gone = Date.now() - killed;
    console.log(`gone client: statement ended ${gone} ms after the kill`);
    expect(gone).toBeLessThan(5_000);
  });
});
