import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/connection.ts';

/**
 * SQLite's WAL checkpoints run on the read pool's checkpoint worker, never inside a commit on the
 * main connection (which serves every request): a large commit leaves its pages in the WAL, and
 * the worker copies them into the database file moments later.
 */
let folder: string;
let db: Db | undefined;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-wal-'));
});
afterAll(async () => {
  await db?.kysely.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('SQLite WAL checkpoints', () => {
  it('a commit of 8 MB leaves the database file as it was; the checkpoint worker then copies it in', async () => {
    const file = path.join(folder, 'wal.db');
    db = openDb(`sqlite:${file}`, { readWorkers: 1 });
    const [setting] = (
      await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely)
    ).rows;
    expect(setting).toEqual({ walAutocheckpoint: 0 });
    await sql`create table filler (id integer primary key, body text not null)`.execute(db.kysely);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = fs.statSync(file).size;

    await sql`
      insert into filler (body)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 7999)
      select printf('%.1000c', 'x') from n`.execute(db.kysely);
    expect(fs.statSync(file).size).toBe(before);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(8_000_000);

    const copied = Date.now() + 5_000;
    while (fs.statSync(file).size < before + 8_000_000 && Date.now() < copied) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fs.statSync(file).size).toBeGreaterThan(before + 8_000_000);
  });
});
