import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openConfiguredDb, type Db } from '../src/db/connection.ts';
import { mintAccessToken } from '../src/auth/verify.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** A valid access token of a directory account, as the embedded provider issues it. */
  tokenFor(email: string, options?: { expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

/** A copy of the seeded template database, private to the calling test file. */
export async function copyOfTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  const name = `uap_t_${crypto.randomBytes(6).toString('hex')}`;
  if (template.dialect === 'postgres') {
    const clusterUrl = process.env.TEST_PG_URL!;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.location}`);
    await admin.end();
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: clusterUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const file = path.join(os.tmpdir(), `${name}.db`);
  fs.copyFileSync(template.location, file);
  return {
    url: `sqlite:${file}`,
    drop: () => {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(`${file}${suffix}`, { force: true });
      }
      return Promise.resolve();
    },
  };
}

/** Builds the real app on its own seeded database (`logger`: where its log goes; none by default). */
export async function createTestContext(
  env: Record<string, string> = {},
  { logger = false }: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestContext> {
  const copy = await copyOfTemplate();
  const config = loadConfig({
    PORT: '3999',
    DATABASE_URL: copy.url,
    WEB_DIST_DIR: '/nonexistent',
    // One connection and no reuse of counts, unless a test asks for them.
    SQLITE_READ_WORKERS: '0',
    TASK_COUNTS_CACHE_SECONDS: '0',
    // Tests change roles behind the API's back: the caller's profile is read on every request.
    ACTOR_CACHE_SECONDS: '0',
    // Every answer also encoded by zod: a shape the compiled encoding writes differently fails.
    RESPONSE_CHECK: '1',
    // The API limit counts per person: a test calling as one user for a whole file would reach
    // it. The tests of the limit set their own.
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    ...env,
  });
  const db = openConfiguredDb(config);
  const app = await buildApp({ config, db, logger });
  await app.ready();
  return {
    app,
    db,
    config,
    async tokenFor(email, options) {
      if (!app.signingMaterial) {
        throw new Error('tokenFor needs the embedded identity provider');
      }
      const account = await db.kysely
        .selectFrom('directoryUsers')
        .select(['mail', 'displayName', 'directoryId'])
        .where('mail', '=', email)
        .executeTakeFirstOrThrow();
      return mintAccessToken(
        config,
        app.signingMaterial,
        { mail: account.mail!, displayName: account.displayName, directoryId: account.directoryId },
        options,
      );
    },
    async close() {
      await app.close();
      await db.kysely.destroy();
      await copy.drop();
    },
  };
}

export const demo = {
  standard: 'sam.standard@agency.example',
  approver: 'alex.approver@agency.example',
  master: 'mia.master@agency.example',
  provisioner: 'pat.provisioner@agency.example',
  admin: 'ada.admin@agency.example',
  auditor: 'avery.auditor@agency.example',
  superAdmin: 'sue.super@agency.example',
  guest: 'gina.guest@client.example',
} as const;

/**
 * Appoints `user` administrator of one (region, market) as the super administrator does
 * (POST api/User/AssignAdminRegion) and answers the new administrator's token.
 */
export async function appointRegionAdmin(
  ctx: TestContext,
  user: { userId: number; email: string },
  place: { regionId: number; marketId: number },
): Promise<string> {
  const appointed = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/AssignAdminRegion',
    headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
    payload: { userId: user.userId, regionId: place.regionId, marketId: place.marketId },
  });
  if (appointed.statusCode !== 200) {
    throw new Error(`AssignAdminRegion answered ${appointed.statusCode}: ${appointed.body}`);
  }
  return ctx.tokenFor(user.email);
}
