import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
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

/** Brings the schema to the latest migration; throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
