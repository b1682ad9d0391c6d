/**
 * Times a 50,000-row User Records upload (POST api/BulkData/UploadFile, then the background
 * processing to its end, followed through GET api/BulkData/Status/{code}) over real HTTP on a
 * copy of the large seed, then the same file a second time (it must create nothing). Rows are
 * made from the seed's own client accounts and internal users: one request line each, unless
 * the seed already holds that access (then the row is refused as a duplicate, as the wizard
 * would). It writes requests, so run it on copies only; BENCH_ROWS sets the size and
 * BENCH_ACCOUNT_OFFSET skips the accounts an earlier run used.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-bulk.db
 *   npx tsx bench/bulk-upload.ts [DATABASE_URL ...]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openConfiguredDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { withDirectoryId } from './signed-in-server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
/** Client accounts to skip (a second run on the same copy uses accounts the first did not). */
const ACCOUNT_OFFSET = Number(process.env.BENCH_ACCOUNT_OFFSET ?? 0);
const urls = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite:/tmp/uap-large-bulk.db'];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Client accounts with their whole path by name, and a user type of their asset. */
async function accounts(db: Db, limit: number) {
  return db.kysely
    .selectFrom('clientAccounts as ca')
    .innerJoin('clients as c', 'c.clientId', 'ca.clientId')
    .innerJoin('platformAgencies as pa', (j) =>
      j.onRef('pa.platformId', '=', 'c.platformId').onRef('pa.agencyId', '=', 'c.agencyId'),
    )
    .innerJoin('agencies as ag', 'ag.agencyId', 'c.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'ag.marketId')
    .innerJoin('regions as rg', 'rg.regionId', 'mk.regionId')
    .innerJoin('practices as pr', 'pr.practiceId', 'pa.practiceId')
    .innerJoin('platforms as pl', 'pl.platformId', 'c.platformId')
    .innerJoin('assetTypes as at', 'at.assetId', 'ca.assetId')
    .select([
      'rg.description as region',
      'mk.description as market',
      'ag.description as agency',
      'pr.description as practice',
      'pl.description as platform',
      'c.description as client',
      'at.description as asset',
      'ca.description as account',
      (eb) =>
        eb
          .selectFrom('platformUserTypes as t')
          .select('t.description')
          .whereRef('t.assetId', '=', 'ca.assetId')
          .where('t.isDeleted', '=', 0)
          .orderBy('t.platformUserTypeId')
          .limit(1)
          .as('userType'),
    ])
    .where('ca.isDeleted', '=', 0)
    .where('c.isDeleted', '=', 0)
    .where('pa.isDeleted', '=', 0)
    .where('at.isSystemRecord', '=', 0)
    .orderBy('ca.clientAccountId')
    .limit(limit)
    .offset(ACCOUNT_OFFSET)
    .execute();
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '0',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000',
    UAP_DATA_DIR: os.tmpdir(),
  });
  const db = openConfiguredDb(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const token = await mintAccessToken(
      config,
      app.signingMaterial!,
      await withDirectoryId(db, { mail: 'sue.super@agency.example', displayName: 'Sue Super' }),
    );
    const headers = { authorization: `Bearer ${token}` };
    const users = await db.kysely
      .selectFrom('users')
      .select('email')
      .where('isDeleted', '=', 0)
      .where('isInternal', '=', 1)
      .orderBy('userId', 'desc')
      .limit(50)
      .execute();
    const paths = (await accounts(db, Math.ceil(ROWS / users.length))).filter((p) => p.userType);
    const lines = [
      'User Email,Platform Email,Region,Market,Agency,Practice,Platform,Client,Client Code,Asset Type,Asset Name,Platform User Type,Start Date,End Date,Urgent,Comments,Manager Email,Manager Name',
    ];
    outer: for (const p of paths) {
      for (const u of users) {
        if (lines.length > ROWS) {
          break outer;
        }
        lines.push(
          [
            u.email,
            '',
            p.region,
            p.market,
            p.agency,
            p.practice,
            p.platform,
            p.client,
            '',
            p.asset,
            p.account,
          ]
            .concat([
              p.userType!,
              '',
              '',
              'No',
              'Bulk access for the benchmark campaign',
              'boss@agency.example',
              'The Boss',
            ])
            .map(cell)
            .join(','),
        );
      }
    }
    const file = `${lines.join('\r\n')}\r\n`;
    const before = await db.kysely
      .selectFrom('requests')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n${db.dialect}: ${(lines.length - 1).toLocaleString('en-US')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB), ${paths.length} accounts × ${users.length} users`,
    );
    for (const attempt of ['first upload', 'same file again']) {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'text/csv' }), 'bench-user-records.csv');
      const start = performance.now();
      const res = await fetch(`${base}/api/BulkData/UploadFile`, { method: 'POST', headers, body: form });
      const answer = (await res.json()) as { data: { codeFile: string } | null; message: string };
      if (!answer.data) {
        throw new Error(`upload refused: ${answer.message}`);
      }
      const answered = performance.now() - start;
      let status: {
        status: string;
        processedRows: number;
        successRows: number;
        totalRows: number | null;
        error: string | null;
      };
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const s = await fetch(`${base}/api/BulkData/Status/${answer.data.codeFile}`, { headers });
        status = ((await s.json()) as { data: typeof status }).data;
        if (status.status !== 'Processing') {
          break;
        }
      }
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `  ${attempt}: answered in ${answered.toFixed(0)} ms; ${status.status} in ${seconds.toFixed(1)} s ` +
          `(${Math.round(status.processedRows / seconds)} rows/s): ${status.processedRows} processed, ${status.successRows} created` +
          `${status.error ? `, error ${status.error}` : ''}; load ${load()}`,
      );
    }
    const after = await db.kysely
      .selectFrom('requests')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    console.log(`  request lines added in all: ${Number(after.n) - Number(before.n)}`);
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
