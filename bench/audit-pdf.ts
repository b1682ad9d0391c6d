/**
 * Times the audit PDF of a date range (GET /api/Request/RequestDetailbyDate/{from}/{to}) over
 * real HTTP on a copy of the large seed: a range of about 10,000 request lines (target < 10 s)
 * and one of about 100,000, with the process's RSS sampled every 100 ms while the document
 * streams (target: flat, not growing with the range). The client reads the stream and keeps
 * only its length. The script only reads, but it migrates the copy, so never point it at the
 * shared originals.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-audit.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_audit TEMPLATE uap_large'
 *   npx tsx bench/audit-pdf.ts [DATABASE_URL ...]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openConfiguredDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { withDirectoryId } from './signed-in-server.ts';

const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-audit.db', 'postgres://uap@127.0.0.1:54329/uap_large_audit'];
const SIZES = [10_000, 100_000];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The days of a range that starts with the oldest line and holds at least `size` lines. */
async function rangeOf(db: Db, size: number): Promise<{ from: string; to: string }> {
  const first = await db.kysely
    .selectFrom('requests')
    .select('createdDate')
    .orderBy('createdDate')
    .limit(1)
    .executeTakeFirstOrThrow();
  const nth = await db.kysely
    .selectFrom('requests')
    .select('createdDate')
    .orderBy('createdDate')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirstOrThrow();
  const day = (value: string) => new Date(value).toISOString().slice(0, 10);
  return { from: day(first.createdDate), to: day(nth.createdDate) };
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '0',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000',
  });
  let db: Db;
  try {
    db = openConfiguredDb(config);
    await migrateToLatest(db);
  } catch (error) {
    console.log(`\n${url}: skipped (${error instanceof Error ? error.message : String(error)})`);
    continue;
  }
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const token = await mintAccessToken(
      config,
      app.signingMaterial!,
      await withDirectoryId(db, { mail: 'sue.super@agency.example', displayName: 'Sue Super' }),
    );
    const headers = { authorization: `Bearer ${token}` };
    console.log(`\n${db.dialect}`);
    for (const size of SIZES) {
      const { from, to } = await rangeOf(db, size);
      const countRes = await fetch(`http://127.0.0.1:${port}/api/Request/RequestsCount/${from}/${to}`, {
        headers,
      });
      const count = ((await countRes.json()) as { data: number }).data;
      global.gc?.();
      const rss: number[] = [process.memoryUsage().rss];
      const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 100);
      const start = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/Request/RequestDetailbyDate/${from}/${to}`, {
        headers,
      });
      if (res.status !== 200 || !res.body) {
        throw new Error(`RequestDetailbyDate: ${res.status} ${await res.text()}`);
      }
      let bytes = 0;
      let firstByte = 0;
      for await (const chunk of res.body) {
        if (bytes === 0) {
          firstByte = performance.now() - start;
        }
        bytes += (chunk as Uint8Array).byteLength;
      }
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      const sorted = [...rss].sort((a, b) => a - b);
      const quarter = Math.floor(rss.length / 4);
      console.log(
        `  ${from} to ${to}: ${count.toLocaleString('en-US')} records, ${mb(bytes)} PDF in ${seconds.toFixed(1)} s ` +
          `(first byte ${firstByte.toFixed(0)} ms, ${Math.round(count / seconds)} records/s)`,
      );
      console.log(
        `    RSS: start ${mb(rss[0]!)}, after 1/4 ${mb(rss[quarter]!)}, 1/2 ${mb(rss[2 * quarter]!)}, 3/4 ${mb(rss[3 * quarter]!)}, end ${mb(rss.at(-1)!)}; max ${mb(sorted.at(-1)!)} (${rss.length} samples); load ${load()}`,
      );
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
