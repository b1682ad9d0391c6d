import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, refreshPlannerStatistics, type Db } from '../src/db/connection.ts';

/**
 * SQLite loads the planner statistics when a connection opens: after a table grows a lot, the
 * read workers must be told to load the new ones, or they keep planning for the old size.
 * A table with two indexes whose better one flips when the data changes shows which
 * statistics a connection plans with.
 */
let folder: string;
let db: Db;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-stats-'));
});
afterAll(async () => {
  await db?.kysely.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

// A table outside the app's schema: the untyped handle keeps the typed one honest.
const k = () => db.kysely as unknown as Kysely<Record<string, { a: number; b: number }>>;

/** The plan of `a = 1 and b = 1` as a read worker makes it (a SELECT goes to the pool). */
async function workerPlan(): Promise<string> {
  const query = k().selectFrom('probe').selectAll().where('a', '=', 1).where('b', '=', 1).compile();
  const explained = { ...query, sql: `explain query plan ${query.sql}` };
  const result = await db.kysely.executeQuery<{ detail: string }>(explained);
  return result.rows.map((row) => row.detail).join('; ');
}

/** The same plan on the main connection (a raw statement does not go to the pool). */
async function mainPlan(): Promise<string> {
  const result = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw('explain query plan select * from probe where a = 1 and b = 1'),
  );
  return result.rows.map((row) => row.detail).join('; ');
}

/** `count` rows with (a, b) from `row`, in one statement. */
async function fill(count: number, a: string, b: string): Promise<void> {
  await sql`
    insert into probe (a, b)
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})
    select ${sql.raw(a)}, ${sql.raw(b)} from n`.execute(db.kysely);
}

describe('planner statistics on the SQLite read pool', () => {
  it('a read worker plans with the new statistics after refreshPlannerStatistics, not before', async () => {
    const url = `sqlite:${path.join(folder, 'stats.db')}`;
    const setup = openDb(url);
    await sql`create table probe (a integer, b integer)`.execute(setup.kysely);
    await sql`create index probe_a on probe (a)`.execute(setup.kysely);
    await sql`create index probe_b on probe (b)`.execute(setup.kysely);
    db = setup;
    // a unique, b two values: a's index is the one to use.
    await fill(1_000, 'i', 'i % 2');
    await sql`analyze`.execute(setup.kysely);
    await setup.kysely.destroy();

    db = openDb(url, { readWorkers: 2 });
    expect(db.readPool?.workers).toBe(2);
    expect(await workerPlan()).toContain('INDEX probe_a');

    // Now b is unique and a has two values, on a table 100 times the size.
    await sql`delete from probe`.execute(db.kysely);
    await fill(100_000, 'i % 2', 'i');
    // Both workers still plan for the old data (two reads: the pool spreads them).
    expect([await workerPlan(), await workerPlan()].join(' | ')).not.toContain('probe_b');

    await refreshPlannerStatistics(db);
    const stat = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'probe_b'`.execute(
      db.kysely,
    );
    expect(stat.rows[0]?.stat.split(' ')[1]).toBe('1');
    expect(await mainPlan()).toContain('INDEX probe_b');
    for (let i = 0; i < 4; i += 1) {
      expect(await workerPlan()).toContain('INDEX probe_b');
    }
  });
});
