/**
 * All User Profiles on the large seed (200,000 profiles): PUT api/User/GetAllUsers
 * through the whole app (app.inject: auth, validation, SQL, serialisation) as Ada Admin — page 1
 * in the default order, sorted by last name, a user type + organization filter, a search by a
 * last name, a search by an email, a middle page — and PUT api/User/ProfileFilters/ for the
 * organization menu. Median and p95 per query, with the load average.
 *
 *   npx tsx bench/user-profiles.ts [--runs 10] [DATABASE_URL ...]
 *
 * It migrates the database (0019), so run it on a copy: `cp /tmp/uap-large-0018.db
 * /tmp/uap-large-profiles.db` (the default). Target: < 50 ms median.
 */
import os from 'node:os';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { fmt, timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 10;
const urls = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const targets = urls.length ? urls : ['sqlite:/tmp/uap-large-profiles.db'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Page {
  totalCount: number;
  users: { lastName: string; email: string; organization: string | null }[];
}

for (const url of targets) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3995',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  console.log(`${url} (migrations applied: ${applied.length}; ${RUNS} runs; load ${load()})`);
  try {
    const token = await mintAccessToken(
      config,
      app.signingMaterial!,
      await withDirectoryId(db, { mail: 'ada.admin@agency.example', displayName: 'Ada Admin' }),
    );
    const put = async <T>(path: string, payload: object): Promise<T> => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/User/${path}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      if (res.statusCode !== 200) {
        throw new Error(`${path} ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      return res.json<{ data: T }>().data;
    };
    const first = await put<Page>('GetAllUsers', { page: 1, pageSize: 50 });
    const sample = first.users[25] ?? first.users[0];
    const organization = first.users.find((u) => u.organization)?.organization ?? '';
    console.log(
      `  ${first.totalCount} profiles; sample '${sample?.lastName}', organization '${organization}'`,
    );
    const middle = Math.max(1, Math.floor(first.totalCount / 50 / 2));
    const queries: [string, string, object][] = [
      ['page 1, default order', 'GetAllUsers', { page: 1, pageSize: 50 }],
      [
        'page 1, last name A→Z',
        'GetAllUsers',
        { page: 1, pageSize: 50, orderBy: 'lastName', orderAsc: true },
      ],
      [
        'filter: Internal + organization',
        'GetAllUsers',
        {
          page: 1,
          pageSize: 50,
          filters: [
            { column: 'userType', values: ['Internal'] },
            { column: 'organization', values: [organization] },
          ],
        },
      ],
      [
        'search: last name',
        'GetAllUsers',
        { page: 1, pageSize: 50, searchCriteria: sample?.lastName ?? 'a' },
      ],
      ['search: email', 'GetAllUsers', { page: 1, pageSize: 50, searchCriteria: sample?.email ?? 'a' }],
      [`page ${middle} (middle)`, 'GetAllUsers', { page: middle, pageSize: 50 }],
      ['organization menu', 'ProfileFilters/', { column: 'organization' }],
    ];
    for (const [label, path, body] of queries) {
      const timing = await timeRuns(() => put(path, body), RUNS, 2);
      console.log(`  ${label.padEnd(34)} ${fmt(timing)}  (load ${load()})`);
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
