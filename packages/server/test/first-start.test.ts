import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedFirstStart } from '../src/db/seed/index.ts';
import { mintAccessToken } from '../src/auth/verify.ts';

/**
 * The first start of an empty database: the demo organisation by default, or only the first
 * super administrator (FIRST_SUPER_ADMIN), who then signs in and holds the super administrator's
 * screens. Each test starts from a database that is migrated and holds nothing else.
 */

const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) {
    await drop();
  }
});

/** A freshly migrated database of the engine under test, with no data. */
async function emptyDatabase(): Promise<{ url: string; db: Db }> {
  const name = `uap_e_${crypto.randomBytes(6).toString('hex')}`;
  let url: string;
  const clusterUrl = process.env.TEST_PG_URL;
  if (clusterUrl) {
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const address = new URL(clusterUrl);
    address.pathname = `/${name}`;
    url = address.toString();
    dropped.push(async () => {
      const client = new pg.Client({ connectionString: clusterUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-first-start-'));
    url = `sqlite:${path.join(dir, `${name}.db`)}`;
    dropped.push(() => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })));
  }
  const db = openDb(url);
  dropped.unshift(() => db.kysely.destroy());
  await migrateToLatest(db);
  return { url, db };
}

const count = async (db: Db, table: 'users' | 'superAdmins' | 'regions') =>
  Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the first start of an empty database', () => {
  it('with FIRST_SUPER_ADMIN creates that super administrator alone, once, and they sign in', async () => {
    const { url, db } = await emptyDatabase();
    const config = loadConfig({
      DATABASE_URL: url,
      WEB_DIST_DIR: '/nonexistent',
      FIRST_SUPER_ADMIN: ' Grace.Hopper@Group.Example ',
    });
    expect(config.firstSuperAdmin).toBe('grace.hopper@group.example');
    // Two instances starting at the same moment: one creates the profile.
    const outcomes = await Promise.all([
      seedFirstStart(db, config.firstSuperAdmin),
      seedFirstStart(db, config.firstSuperAdmin),
    ]);
    expect(outcomes.sort()).toEqual([null, 'superAdmin']);
    expect(await seedFirstStart(db, config.firstSuperAdmin)).toBeNull();
    expect(await count(db, 'users')).toBe(1);
    expect(await count(db, 'superAdmins')).toBe(1);
    expect(await count(db, 'regions')).toBe(0);
    const profile = await db.kysely
      .selectFrom('users')
      .select(['email', 'roleId', 'isInternal'])
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ email: 'grace.hopper@group.example', roleId: Role.SUPERADMIN, isInternal: 1 });

    const app = await buildApp({ config, db });
    try {
      await app.ready();
      const token = await mintAccessToken(config, app.signingMaterial!, {
        mail: 'grace.hopper@group.example',
        displayName: 'Grace Hopper',
        directoryId: 'first-admin-directory-id',
      });
      const jobs = await app.inject({
        method: 'GET',
        url: '/api/Jobs',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(jobs.statusCode).toBe(200);
      // Anyone else is no one yet.
      const stranger = await mintAccessToken(config, app.signingMaterial!, {
        mail: 'someone.else@group.example',
        displayName: 'Someone Else',
        directoryId: 'someone-else-directory-id',
      });
      const refused = await app.inject({
        method: 'GET',
        url: '/api/Jobs',
        headers: { authorization: `Bearer ${stranger}` },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('without it loads the demo organisation, once', async () => {
    const { db } = await emptyDatabase();
    expect(await seedFirstStart(db, null)).toBe('demo');
    const regions = await count(db, 'regions');
    expect(regions).toBeGreaterThan(0);
    expect(await seedFirstStart(db, null)).toBeNull();
    expect(await count(db, 'regions')).toBe(regions);
  });

  it('refuses a FIRST_SUPER_ADMIN that is not an email address', () => {
    expect(() => loadConfig({ FIRST_SUPER_ADMIN: 'grace' })).toThrow(ConfigError);
  });
});
