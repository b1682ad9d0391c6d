import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDb } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seed } from '../packages/server/src/db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded SQLite file each journey file copies (see server.ts). */
    e2eTemplate: string;
  }
}

/**
 * Migrates and seeds the demo organisation once; every journey file then serves its own copy
 * of it (e2e/server.ts), so files pass alone and in any order.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-e2e-template-'));
  const file = path.join(dir, 'template.db');
  const db = openDb(`sqlite:${file}`);
  await migrateToLatest(db);
  await seed(db, 'demo');
  // Fold the WAL into the main file so a plain file copy is complete.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  await db.kysely.destroy();
  project.provide('e2eTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
