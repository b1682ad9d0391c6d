import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: { dialect: 'sqlite' | 'postgres'; location: string };
  }
}

/**
 * Migrates and seeds one template database for the whole run; each test file then works on
 * its own copy (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL).
 * TEST_PG_URL (a cluster URL) selects PostgreSQL; otherwise SQLite.
 */
export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_PG_URL;
  if (pgUrl) {
    const name = `uap_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const db = openDb(url.toString());
    await migrateToLatest(db);
    await seed(db, 'demo');
    await db.kysely.destroy();
    project.provide('templateDatabase', { dialect: 'postgres', location: name });
    return async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-test-'));
  const file = path.join(dir, 'template.db');
  const db = openDb(`sqlite:${file}`);
  await migrateToLatest(db);
  await seed(db, 'demo');
  // Fold the WAL into the main file so a plain file copy is complete.
  const { sql } = await import('kysely');
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  await db.kysely.destroy();
  project.provide('templateDatabase', { dialect: 'sqlite', location: file });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
