/**
 * Imports directory users from a CSV file (DATABASE_URL selects the database, see config.ts):
 *   npm run directory:import -- FILE.csv
 * Prints one line per row (created / updated / unchanged / refused and why) and the totals.
 * Exits 0 when every row was taken, 2 when some were refused, 1 when the file could not be read.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { messages } from '@uap/domain';
import { notifyChannel } from '../db/change-channel.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DirectoryImportError, importDirectoryCsv } from './csv-import.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('usage: npm run directory:import -- FILE.csv');
    return 1;
  }
  const config = loadConfig();
  const db = openDb(config.databaseUrl);
  try {
    // Read whole first: a file holding U+0000 (byte 0 in UTF-8) is refused before any row is written.
    const bytes = fs.readFileSync(file);
    if (bytes.includes(0)) {
      console.error(messages.directoryFileHasNul);
      return 1;
    }
    await migrateToLatest(db);
    const result = await importDirectoryCsv(db, Readable.from(bytes));
    // A person turned off loses access on every running instance at once.
    await notifyChannel(db);
    for (const r of result.rows) {
      console.log(`row ${r.row}\t${r.outcome}\t${r.mail ?? ''}${r.reason ? `\t${r.reason}` : ''}`);
    }
    console.log(
      `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.refused} refused`,
    );
    return result.refused > 0 ? 2 : 0;
  } catch (error) {
    console.error(error instanceof DirectoryImportError ? error.message : error);
    return 1;
  } finally {
    await db.kysely.destroy();
  }
}

process.exitCode = await main();
