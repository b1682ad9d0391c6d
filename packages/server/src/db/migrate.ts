import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import type { Db } from './connection.ts';
import type { Migration } from './migrations/helpers.ts';
import { migrations } from './migrations/index.ts';

/** Kysely's migrator over our migration list; each migration gets the dialect it runs on. */
function provider(db: Db): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(migrations).map(([name, m]: [string, Migration]) => [
            name,
            {
              up: (k: Kysely<unknown>) => m.up({ db: k, dialect: db.dialect }),
              down: (k: Kysely<unknown>) => m.down({ db: k, dialect: db.dialect }),
            },
          ]),
        ),
      ),
  };
}

/**
 * SQLite: gives statistics to the indexes of analyzed tables that have none. An index created
 * after the last ANALYZE has no row in sqlite_stat1, and the planner then takes it for a very
 * selective one (about ten rows per key) while its neighbours carry real numbers: on a million
 * lines a region filter read a third of them through such an index instead of walking the
 * created-date order. `PRAGMA optimize` does not fill that gap (it looks
 * at tables, not indexes). A full ANALYZE of one index reads it once (about half a second per
 * million rows); a sampled one (`analysis_limit`) misjudges indexes led by a few repeated values.
 * Tables never analyzed, or empty when last analyzed, are left to `PRAGMA optimize` at
 * connection open.
 */
export async function analyzeIndexesWithoutStatistics(db: Db): Promise<string[]> {
  if (db.dialect !== 'sqlite') {
    return [];
  }
  const hasStatistics = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(
    db.kysely,
  );
  if (!hasStatistics.rows[0]?.n) {
    return [];
  }
  const { rows } = await sql<{ name: string }>`
    select i.name from sqlite_master i
    where i.type = 'index' and i.name not like 'sqlite_autoindex%'
      and i.tbl_name in (select tbl from sqlite_stat1 where cast(stat as integer) > 0)
      and i.name not in (select idx from sqlite_stat1 where idx is not null)
    order by i.name`.execute(db.kysely);
  for (const { name } of rows) {
    await sql`analyze ${sql.id(name)}`.execute(db.kysely);
  }
  return rows.map((row) => row.name);
}

/** How many of the code's migrations the database has not run yet (readiness waits for 0). */
export async function pendingMigrationCount(db: Db): Promise<number> {
  const migrations = await new Migrator({ db: db.kysely, provider: provider(db) }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).length;
}

/**
 * Brings the schema to the latest migration; throws on the first failure. Then indexes without
 * planner statistics get them (those a migration just added, or an earlier one left without).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  }
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  await analyzeIndexesWithoutStatistics(db);
  return applied;
}
