import type { Db } from '../connection.ts';
import { seedDemo } from './demo.ts';
import { seedFirstSuperAdmin } from './first-admin.ts';
import { seedLarge, type LargeSeedOptions } from './large.ts';

export type SeedScale = 'demo' | 'large';

/** Whether the demo organisation (master data) is loaded. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('regions').select('regionId').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Defaults of the large (benchmark) dataset: bench/README.md. */
export const largeDefaults = { users: 200_000, requests: 1_000_000 } as const;

/**
 * Seeds a migrated database. 'demo' loads the demo organisation once (returns false, doing
 * nothing, when it is already there). 'large' tops the database up to the benchmark dataset,
 * loading the demo organisation first when needed.
 */
export async function seed(
  db: Db,
  scale: SeedScale,
  options: Partial<LargeSeedOptions> = {},
): Promise<boolean> {
  switch (scale) {
    case 'demo':
      if (await isSeeded(db)) {
        return false;
      }
      await seedDemo(db);
      return true;
    case 'large':
      await seedLarge(db, { ...largeDefaults, ...options });
      return true;
  }
}

/**
 * What a start loads into a migrated database: with `firstSuperAdmin`, that one super
 * administrator on a database without any profile (`seedFirstSuperAdmin`); without, the demo
 * organisation when it is not there. Answers what it loaded, or null.
 */
export async function seedFirstStart(
  db: Db,
  firstSuperAdmin: string | null,
): Promise<'superAdmin' | 'demo' | null> {
  if (firstSuperAdmin !== null) {
    return (await seedFirstSuperAdmin(db, firstSuperAdmin)) ? 'superAdmin' : null;
  }
  return (await seed(db, 'demo')) ? 'demo' : null;
}

export { seedDemo, seedLarge };
