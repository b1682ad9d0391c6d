/**
 * Times SCIM PATCH /scim/v2/Users/{id} (a mover's title, and a leaver's Entra-style
 * `active: "False"` and back) and the userName filter Entra sends before every create, through
 * the whole app (app.inject), on copies of the large seed (200,000 directory users). Each PATCH
 * writes (the value alternates). The script migrates the copy and changes directory entries, so
 * never point it at the shared read-only databases. Target: PATCH median under 20 ms.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-scim.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_scim TEMPLATE uap_large'
 *   npx tsx bench/scim.ts [DATABASE_URL ...]
 */
import os from 'node:os';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { fmt, timeRuns } from './timing.ts';

const RUNS = 40;
const WARMUP = 5;
const SECRET = 'bench-scim-secret';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const urls = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite:/tmp/uap-large-scim.db'];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

for (const url of urls) {
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const config = loadConfig({ DATABASE_URL: url, WEB_DIST_DIR: '/nonexistent', SCIM_TOKEN: SECRET });
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const total = await db.kysely
      .selectFrom('directoryUsers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // People spread over the table (every 997th), not the first rows a cache already holds.
    const people = await db.kysely
      .selectFrom('directoryUsers')
      .select(['directoryId', 'userPrincipalName'])
      .where('isDeleted', '=', 0)
      .where('userPrincipalName', 'is not', null)
      .orderBy('directoryId')
      .offset(0)
      .limit(200_000)
      .execute()
      .then((rows) => rows.filter((_, i) => i % 997 === 0).slice(0, RUNS + WARMUP));
    const headers = {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/scim+json',
    };
    let i = 0;
    const patch = (operations: (n: number) => object[]) => async () => {
      const person = people[i++ % people.length]!;
      const res = await app.inject({
        method: 'PATCH',
        url: `/scim/v2/Users/${person.directoryId}`,
        headers,
        payload: JSON.stringify({ schemas: [PATCH_OP], Operations: operations(i) }),
      });
      if (res.statusCode !== 200) {
        throw new Error(`PATCH: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };
    const byUserName = async () => {
      const person = people[i++ % people.length]!;
      const filter = encodeURIComponent(`userName eq "${person.userPrincipalName}"`);
      const res = await app.inject({ method: 'GET', url: `/scim/v2/Users?filter=${filter}`, headers });
      if (res.statusCode !== 200 || res.json<{ totalResults: number }>().totalResults !== 1) {
        throw new Error(`filter: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };

    console.log(
      `\n${db.dialect} (${Number(total.n).toLocaleString('en-US')} directory users${applied.length ? `; applied ${applied.join(', ')}` : ''}); load average ${load()}`,
    );
    const mover = await timeRuns(
      patch((n) => [{ op: 'Replace', path: 'title', value: `Bench title ${n % 2}` }]),
      RUNS,
      WARMUP,
    );
    console.log(`  PATCH title (mover)                        ${fmt(mover)}`);
    const leaver = await timeRuns(
      patch((n) => [{ op: 'Replace', path: 'active', value: n % 2 ? 'False' : 'True' }]),
      RUNS,
      WARMUP,
    );
    console.log(`  PATCH active "False"/"True" (leaver)       ${fmt(leaver)}`);
    console.log(
      `  GET Users?filter=userName eq "…"           ${fmt(await timeRuns(byUserName, RUNS, WARMUP))}`,
    );
    console.log(`  load average after: ${load()}`);
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
