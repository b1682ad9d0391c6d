/**
 * The evidence of an access review campaign of 10,000 items as a PDF
 * (GET /api/AccessReviews/{id}/Evidence/Pdf, issue 46 item 6), and as CSV for comparison, from
 * the real server (as `npm start` runs it) over HTTP on 127.0.0.1. No large seed is needed: the
 * script makes a fresh database (the demo seed), then with the test factories a path whose
 * approver reviews 10,000 active access records of 200 people, starts a campaign over its
 * market (`PUT …/Start`), and decides 4,000 items keep and 2,000 revoke (each a Deactivate line)
 * through the API, leaving 4,000 undecided. Then:
 *   - the PDF once with `/api/health` polled every 50 ms from a thread of its own and the
 *     server's own memory sampled every half second (flat: it must not grow with the items);
 *   - the PDF and the CSV, each the median and slowest of 5 (after the first).
 *
 *   npx tsx bench/access-review-evidence.ts [DATABASE_URL ...]
 *
 * Defaults: sqlite:/tmp/uap-bench-evidence.db and
 * postgres://uap@127.0.0.1:54329/uap_bench_evidence, both dropped and made again on each run
 * (never point it at a database you keep). Target: the PDF of 10,000 items under 10 s.
 */
import fs from 'node:fs';
import pg from 'pg';
import { Role } from '@uap/domain';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seed } from '../packages/server/src/db/seed/index.ts';
import { buildPath, buildRecord, buildUser, type BuiltUser } from '../packages/server/test/factories.ts';
import {
  closeConnections,
  healthDuring,
  load,
  quantile,
  request,
  serverEnv,
  startServer,
  tokensOf,
  type Answer,
} from './http-load.ts';
import { endRun, superAdminToken } from './access-review-calls.ts';
import { freePort } from './signed-in-server.ts';

const ITEMS = 10_000;
const PEOPLE = 200;
const KEEP = 4_000;
const REVOKE = 2_000;
const RUNS = 5;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-bench-evidence.db', 'postgres://uap@127.0.0.1:54329/uap_bench_evidence'];

/** A fresh database at `url`: the file removed, or the PostgreSQL database dropped and made again. */
async function freshDatabase(url: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm']) {
      fs.rmSync(`${file}${suffix}`, { force: true });
    }
    return;
  }
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`not a plain database name: ${name}`);
  }
  const cluster = new URL(url);
  cluster.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: cluster.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/**
 * The demo seed, then a path whose approver reviews ITEMS active access records of PEOPLE people
 * (one built record, copied in multi-row inserts). Answers the approver's id and the market.
 */
async function buildScene(db: Db): Promise<{ approverId: number; marketId: number }> {
  const k = db.kysely;
  await migrateToLatest(db);
  await seed(db, 'demo');
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Bench', lastName: 'Reviewer' });
  const provisioner = await buildUser(k, {
    roleId: Role.PROVISIONER,
    name: 'Bench',
    lastName: 'Provisioner',
  });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const people: BuiltUser[] = [];
  for (let i = 0; i < PEOPLE; i += 1) {
    people.push(await buildUser(k, { name: `Holder${i}`, lastName: `Evidence ${i}` }));
  }
  const template = await buildRecord(k, { path, user: people[0]!, decidedBy: approver.userId });
  const { requestId: _id, ...columns } = template;
  const copies = Array.from({ length: ITEMS - 1 }, (_, i) => {
    const person = people[(i + 1) % PEOPLE]!;
    return { ...columns, submissionId: `bench-evidence-${i}`, userId: person.userId, email: person.email };
  });
  for (let i = 0; i < copies.length; i += 500) {
    await k
      .insertInto('requests')
      .values(copies.slice(i, i + 500))
      .execute();
  }
  return { approverId: approver.userId, marketId: path.marketId };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The median and slowest of RUNS calls, after one unmeasured. */
async function timed(label: string, call: () => Promise<Answer>) {
  const first = await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    times.push((await call()).ms);
  }
  console.log(
    `  ${label}: median ${seconds(quantile(times, 0.5))}, slowest ${seconds(Math.max(...times))} ` +
      `(status ${first.status}, ${(first.bytes / 1024 / 1024).toFixed(1)} MB); load ${load()}`,
  );
}

function ok(answer: Answer, what: string): Answer {
  if (answer.status !== 200) {
    throw new Error(`${what}: ${answer.status} ${answer.text ?? ''}`);
  }
  return answer;
}

async function bench(url: string) {
  console.log(`\n${url} (load ${load()})`);
  await freshDatabase(url);
  const db = openDb(url);
  const made = performance.now();
  const scene = await buildScene(db);
  console.log(
    `  built ${ITEMS.toLocaleString('en-US')} active records in ${seconds(performance.now() - made)}`,
  );
  const port = await freePort();
  const env = serverEnv(url, port);
  const server = await startServer(env);
  try {
    const superToken = await superAdminToken(db, env);
    const [reviewerToken] = await tokensOf(db, env, (eb) => eb('u.userId', '=', scene.approverId), 1);
    const created = ok(
      await request(
        port,
        'POST',
        '/api/AccessReviews',
        superToken,
        {
          name: `Evidence bench ${new Date().toISOString()}`,
          scope: { marketIds: [scene.marketId] },
          dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          whenUndecided: 'keep',
        },
        true,
      ),
      'create',
    );
    const reviewId = (JSON.parse(created.text!) as { data: { reviewId: number } }).data.reviewId;
    const started = ok(
      await request(port, 'PUT', `/api/AccessReviews/${reviewId}/Start`, superToken, undefined, true),
      'start',
    );
    console.log(`  start: ${seconds(started.ms)}: ${started.text}`);
    const itemIds = (
      await db.kysely
        .selectFrom('accessReviewItems')
        .select('itemId')
        .where('reviewId', '=', reviewId)
        .orderBy('itemId')
        .execute()
    ).map((i: { itemId: number }) => i.itemId);
    const decideAll = async (ids: number[], decision: 'keep' | 'revoke', chunk: number) => {
      const began = performance.now();
      for (let i = 0; i < ids.length; i += chunk) {
        ok(
          await request(
            port,
            'PATCH',
            '/api/AccessReviews/Items',
            reviewerToken!,
            {
              itemIds: ids.slice(i, i + chunk),
              decision,
              comment: decision === 'revoke' ? 'No longer on the account (bench)' : 'Still needed (bench)',
            },
            true,
          ),
          decision,
        );
      }
      console.log(`  ${decision} ${ids.length} items: ${seconds(performance.now() - began)}`);
    };
    await decideAll(itemIds.slice(0, KEEP), 'keep', 1_000);
    await decideAll(itemIds.slice(KEEP, KEEP + REVOKE), 'revoke', 500);

    const pdfUrl = `/api/AccessReviews/${reviewId}/Evidence/Pdf?localTimeZone=Europe%2FWarsaw`;
    const csvUrl = `/api/AccessReviews/${reviewId}/Evidence?localTimeZone=Europe%2FWarsaw`;
    await healthDuring(port, server.pid!, `the PDF of ${ITEMS.toLocaleString('en-US')} items`, () =>
      request(port, 'GET', pdfUrl, superToken),
    );
    await timed(`PDF of ${ITEMS.toLocaleString('en-US')} items`, () =>
      request(port, 'GET', pdfUrl, superToken),
    );
    await timed(`CSV of ${ITEMS.toLocaleString('en-US')} items`, () =>
      request(port, 'GET', csvUrl, superToken),
    );
  } finally {
    await endRun(db, server);
  }
}

for (const url of urls) {
  await bench(url);
}
closeConnections();
