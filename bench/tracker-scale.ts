/**
 * Request Tracker at a million lines: pages without search in every offered sort
 * (ascending and descending), the last page, filtered pages, the exact count on request and
 * every filter menu (each as the super admin, who sees every line, and as a region admin; three
 * under filters), through the whole app (app.inject) AND the same SQL run directly (the
 * statements the request ran, captured by the query log and replayed one after another).
 * Median and p95 of RUNS runs. It migrates the
 * database, so run it on copies:
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-sortcount.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_sortcount TEMPLATE uap_large'
 *   npx tsx bench/tracker-scale.ts [--only sort|first|menu|page|deep|depth|step|overdue] [--columns a,b] [--match text] [DATABASE_URL ...]
 *
 * `depth`: pages 11, 51, 201 and 437 under three filters (15,000–45,000 lines) in three orders.
 * `deep`: the last and middle pages of the deep sorts as a region admin and under the status and
 * region filters.
 * `first`: page 1 of every offered sort, both directions, under the three filters, as the
 * region admin and as a provisioner (the lines routed to them).
 * `step`: the next and previous page from a middle page and the page before the last, each
 * read on from the edge line of the page shown (the tracker query's anchor), as the pager asks;
 * then from the middle of three filtered results and of the region admin's lines.
 *
 * Targets: a page without search < 50 ms median, a filter menu < 50 ms, API ≤ 1.5× SQL.
 */
import os from 'node:os';
import type { CompiledQuery } from 'kysely';
import { startOfTodayUtc, type TableQueryInput } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, serviceLevelsFrom } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { trackerSpec } from '../packages/server/src/modules/tracker/line-queries.ts';
import { fmt, timeRuns, type Timing } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const RUNS = 10;
const WARMUP = 2;
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const columnsAt = args.indexOf('--columns');
/** `--columns a,b`: only these columns' menus (with `--only menu`). */
const menuColumns = columnsAt >= 0 ? args.splice(columnsAt, 2)[1]?.split(',') : undefined;
const matchAt = args.indexOf('--match');
/** `--match text`: only the cases whose label and caller (`menu status prov`) hold this text. */
const match = matchAt >= 0 ? args.splice(matchAt, 2)[1] : undefined;
const urls = args.length
  ? args
  : ['sqlite:/tmp/uap-large-sortcount.db', 'postgres://uap@127.0.0.1:54329/uap_large_sortcount'];

/** The statements of one request, captured while `capturing` is set. */
let capturing: CompiledQuery[] | null = null;
const log = (event: { level: string; query: CompiledQuery }) => {
  capturing?.push(event.query);
};

/**
 * The app's database with a query log (the bench replays what a request ran): on SQLite its one
 * main connection, the file read through a memory map as the server's connections read it
 * (SQLITE_MMAP_MB from the environment; 0 for none).
 */
const openLogged = (url: string, mmapMb: number): Db => openDb(url, { log, mmapMb });

const spec = trackerSpec(startOfTodayUtc().toISOString(), { now: new Date(), levels: serviceLevelsFrom({}) });
const sortable = Object.entries(spec.columns)
  .filter(([, c]) => c.isSortable)
  .map(([key]) => key);
const filterable = Object.entries(spec.columns)
  .filter(([, c]) => c.isFilterable)
  .map(([key]) => key);

/** A tracker body: a table query and, for a step from the page shown, its edge line. */
type Body = TableQueryInput & { anchor?: { requestId: number; isBefore: boolean } };

const pad = (s: string, n: number) => s.padEnd(n);
const ratio = (api: Timing, direct: Timing) => (api.median / Math.max(direct.median, 0.01)).toFixed(2);

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3997',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    // Hundreds of calls a minute from one token: the API's per-token limit would answer 429.
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    SQLITE_MMAP_MB: process.env.SQLITE_MMAP_MB,
  });
  const db = openLogged(url, config.sqliteMmapMb);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const tokenOf = async (mail: string, displayName: string) =>
      mintAccessToken(config, app.signingMaterial!, await withDirectoryId(db, { mail, displayName }));
    const people = {
      super: { authorization: `Bearer ${await tokenOf('sue.super@agency.example', 'Sue Super')}` },
      admin: { authorization: `Bearer ${await tokenOf('ada.admin@agency.example', 'Ada Admin')}` },
      prov: {
        authorization: `Bearer ${await tokenOf('pat.provisioner@agency.example', 'Pat Provisioner')}`,
      },
    };
    const region = await db.kysely
      .selectFrom('requests as r')
      .innerJoin('regions as rg', 'rg.regionId', 'r.regionId')
      .select('rg.description')
      .groupBy('rg.description')
      .orderBy((o) => o.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();

    /**
     * A rare combination of two filters on lookup names: a platform and a client name several
     * clients share (each key of that name is tested), whose lines on that platform number
     * nearest 1,500 (1,586 on the large seed's SQLite file).
     */
    const sharedNames = new Set(
      (
        await db.kysely
          .selectFrom('clients')
          .select('description')
          .groupBy('description')
          .having((eb) => eb.fn.countAll(), '>', 1)
          .execute()
      ).map((c) => c.description),
    );
    const pairs = await db.kysely
      .selectFrom('requests as r')
      .innerJoin('platforms as pl', 'pl.platformId', 'r.platformId')
      .innerJoin('clients as c', 'c.clientId', 'r.clientId')
      .select(['pl.description as platform', 'c.description as client', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['pl.description', 'c.description'])
      .execute();
    const rare = pairs
      .filter((p) => sharedNames.has(p.client))
      .map((p) => ({ ...p, n: Number(p.n) }))
      .sort(
        (a, b) =>
          Math.abs(a.n - 1_500) - Math.abs(b.n - 1_500) ||
          a.platform.localeCompare(b.platform) ||
          a.client.localeCompare(b.client),
      )[0]!;
    const platformAndClient = [
      { column: 'platformName', values: [rare.platform] },
      { column: 'clientName', values: [rare.client] },
    ];

    const call = async (headers: Record<string, string>, url: string, payload: Body) => {
      const res = await app.inject({ method: 'PUT', url, headers, payload });
      if (res.statusCode !== 200) {
        throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json<{
        data: {
          totalCount?: number;
          isCountEstimate?: boolean;
          values?: string[];
          requests?: { requestId: number }[];
        };
      }>().data;
    };
    /** Times the call through the app, then the statements it ran, directly. */
    const measure = async (label: string, who: keyof typeof people, path: string, body: Body) => {
      if (match && !`${label} ${who}`.includes(match)) {
        return;
      }
      capturing = [];
      const first = await call(people[who], path, body);
      const statements = capturing;
      capturing = null;
      if (process.env.BENCH_EXPLAIN) {
        // Each statement the request ran, its time alone and the plan the database chose.
        for (const statement of statements) {
          const started = performance.now();
          await db.kysely.executeQuery(statement);
          const ms = (performance.now() - started).toFixed(1);
          // BENCH_EXPLAIN=analyze: PostgreSQL's plan as run, with its times and buffers.
          const explain =
            db.dialect === 'sqlite'
              ? 'explain query plan '
              : process.env.BENCH_EXPLAIN === 'analyze'
                ? 'explain (analyze, buffers) '
                : 'explain ';
          const plan = await db.kysely.executeQuery({ ...statement, sql: explain + statement.sql });
          console.log(`    ${ms} ms  ${statement.sql}\n      ${JSON.stringify(statement.parameters)}`);
          for (const row of plan.rows) {
            console.log(`      ${Object.values(row as object).join(' | ')}`);
          }
        }
      }
      const api = await timeRuns(() => call(people[who], path, body), RUNS, WARMUP);
      const direct = await timeRuns(
        async () => {
          for (const statement of statements) {
            await db.kysely.executeQuery(statement);
          }
        },
        RUNS,
        WARMUP,
      );
      const what =
        first.values !== undefined
          ? `${first.values.length} values`
          : `${first.isCountEstimate ? 'about ' : ''}${first.totalCount?.toLocaleString('en-US')}`;
      console.log(
        `  ${pad(label, 44)} ${pad(who, 5)} API ${fmt(api)} | SQL ${fmt(direct)} | ×${ratio(api, direct)} | ${what}`,
      );
    };

    const lines = await db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n${db.dialect} (${Number(lines.n).toLocaleString('en-US')} request lines${applied.length ? `; applied ${applied.join(', ')}` : ''}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(`  platform + client: ${rare.platform} / ${rare.client}, ${rare.n} lines`);
    const tracker = '/api/Request/AllRequests';
    // The sorts whose deep pages are timed: by date, by a small lookup's name, by a large
    // lookup's name (two), by a person's name (two).
    const deepSorts = [
      ['default order', {}],
      ['platformName asc', { orderBy: 'platformName', orderAsc: true }],
      ['clientName asc', { orderBy: 'clientName', orderAsc: true }],
      ['clientAccountName desc', { orderBy: 'clientAccountName', orderAsc: false }],
      ['requestUserName desc', { orderBy: 'requestUserName', orderAsc: false }],
      ['createdByName asc', { orderBy: 'createdByName', orderAsc: true }],
    ] as const;
    const filters = [
      { column: 'status', values: ['Submitted', 'Approved'] },
      { column: 'regionName', values: [region.description] },
    ];
    /** Three filtered results of 15,000–45,000 lines. */
    const filteredResults: [string, Body['filters']][] = [
      ['status', [{ column: 'status', values: ['Submitted', 'Approved'] }]],
      ['type', [{ column: 'requestTypeName', values: ['Activate access'] }]],
      ['status + region', filters],
    ];
    /**
     * Those results as the super admin, then the lines a region admin and a provisioner see, and
     * theirs under the status and region filters.
     */
    const narrowedResults: [string, keyof typeof people, Body['filters']][] = [
      ...filteredResults.map(([name, narrowing]): [string, 'super', Body['filters']] => [
        name,
        'super',
        narrowing,
      ]),
      ['admin', 'admin', []],
      ['provisioner', 'prov', []],
      ['admin + status + region', 'admin', filters],
      ['provisioner + status + region', 'prov', filters],
      ['platform + client', 'super', platformAndClient],
    ];
    /** The last and the middle page of an order (its total counted exactly first). */
    const lastAndMiddle = async (label: string, who: keyof typeof people, body: Body) => {
      const total = (await call(people[who], tracker, { pageSize: 50, exactCount: true, ...body }))
        .totalCount!;
      const last = Math.ceil(total / 50);
      for (const [where, page] of [
        ['last', last],
        ['middle', Math.ceil(last / 2)],
      ] as const) {
        await measure(`${label}, ${where} page (${page})`, who, tracker, { pageSize: 50, page, ...body });
      }
    };
    if (!only || only === 'page') {
      await measure('default order, page 1', 'super', tracker, { pageSize: 50 });
      await measure('default order, page 1', 'admin', tracker, { pageSize: 50 });
      await measure('default order, exactCount', 'super', tracker, { pageSize: 50, exactCount: true });
      await measure('status + region filters', 'super', tracker, { pageSize: 50, filters });
      await measure('status + region filters', 'admin', tracker, { pageSize: 50, filters });
      for (const who of ['super', 'admin'] as const) {
        await measure(`platform + client names (${rare.n.toLocaleString('en-US')} lines)`, who, tracker, {
          pageSize: 50,
          filters: platformAndClient,
        });
      }
      for (const [label, body] of deepSorts) {
        await lastAndMiddle(label, 'super', body);
      }
    }
    if (!only || only === 'deep') {
      // The same deep pages as a region admin (the lines of their rows) and under the status and
      // region filters: the page reader's branches for a scope or filters, not the whole table's.
      const deepCases = [
        ['admin', 'admin', {}],
        ['filtered', 'super', { filters }],
      ] as const;
      for (const [label, body] of deepSorts) {
        for (const [name, who, narrowing] of deepCases) {
          await lastAndMiddle(`${label}, ${name}`, who, { ...body, ...narrowing });
        }
      }
    }
    if (!only || only === 'depth') {
      // Pages by number ever deeper into three filtered results of 15,000–45,000 lines (where a
      // page is found by sorting the filtered lines once its walk would be long), in the default
      // order, by a large lookup's name and by a person's name.
      const narrowings = filteredResults;
      const depthSorts = new Set(['default order', 'clientName asc', 'requestUserName desc']);
      for (const [name, narrowing] of narrowings) {
        for (const [label, body] of deepSorts.filter(([l]) => depthSorts.has(l))) {
          for (const page of [11, 51, 201, 437]) {
            // The deepest asks for the exact count, as the pager's Count exactly does.
            await measure(`${label}, ${name}, page ${page}`, 'super', tracker, {
              pageSize: 50,
              page,
              filters: narrowing,
              ...body,
              ...(page === 437 ? { exactCount: true } : {}),
            });
          }
        }
      }
    }
    if (!only || only === 'step') {
      /** The next and previous page from page `shown`, each read on from the shown page's edge line. */
      const stepsFrom = async (
        label: string,
        who: keyof typeof people,
        body: Body,
        shown: number,
        last: number,
      ) => {
        const rows = (await call(people[who], tracker, { pageSize: 50, page: shown, ...body })).requests!;
        const edges = [
          ['next', shown + 1, rows.at(-1)!.requestId, false],
          ['previous', shown - 1, rows[0]!.requestId, true],
        ] as const;
        for (const [move, page, requestId, isBefore] of edges) {
          if (page > last) {
            continue;
          }
          await measure(`${label}, ${move} from page ${shown}`, who, tracker, {
            pageSize: 50,
            page,
            anchor: { requestId, isBefore },
            ...body,
          });
        }
      };
      const lastPageOf = async (who: keyof typeof people, body: Body) =>
        Math.ceil(
          (await call(people[who], tracker, { pageSize: 50, exactCount: true, ...body })).totalCount! / 50,
        );
      for (const [label, body] of deepSorts) {
        const last = await lastPageOf('super', body);
        for (const shown of [Math.ceil(last / 2), last]) {
          await stepsFrom(label, 'super', body, shown, last);
        }
      }
      // The pager steps through filtered results, the admin's lines and a provisioner's filtered
      // ones the same way: from the middle of each (the pages by number there are the slowest,
      // see `depth` and `deep`). A provisioner's every line is left out: its middle page by
      // number is not a page anyone reaches.
      const narrowings = narrowedResults.filter(([name]) => name !== 'provisioner');
      const stepSorts = new Set(['default order', 'clientName asc', 'requestUserName desc']);
      for (const [name, who, narrowing] of narrowings) {
        for (const [label, body] of deepSorts.filter(([l]) => stepSorts.has(l))) {
          const narrowed = { ...body, filters: narrowing };
          const last = await lastPageOf(who, narrowed);
          await stepsFrom(`${label}, ${name}`, who, narrowed, Math.ceil(last / 2), last);
        }
      }
    }
    if (!only || only === 'overdue') {
      // The Overdue filter (tasks past their service level): each waiting status's index of
      // waiting-since read as a range, under the other filters and sorts.
      const overdue = [{ column: 'overdue', values: ['Overdue'] }];
      await measure('overdue, page 1', 'super', tracker, { pageSize: 50, filters: overdue });
      await measure('overdue, page 1', 'admin', tracker, { pageSize: 50, filters: overdue });
      await measure('overdue, exactCount', 'super', tracker, {
        pageSize: 50,
        filters: overdue,
        exactCount: true,
      });
      await measure('overdue + region', 'super', tracker, {
        pageSize: 50,
        filters: [...overdue, { column: 'regionName', values: [region.description] }],
      });
      await measure('overdue, sort clientName asc', 'super', tracker, {
        pageSize: 50,
        orderBy: 'clientName',
        orderAsc: true,
        filters: overdue,
      });
      await measure('overdue, sort requestId asc', 'super', tracker, {
        pageSize: 50,
        orderBy: 'requestId',
        orderAsc: true,
        filters: overdue,
      });
      await measure('not overdue (blank), page 1', 'super', tracker, {
        pageSize: 50,
        filters: [{ column: 'overdue', values: [''] }],
      });
      await measure('menu overdue', 'super', `${tracker}/Filters`, { column: 'overdue' } as TableQueryInput);
      await measure('menu overdue', 'admin', `${tracker}/Filters`, { column: 'overdue' } as TableQueryInput);
      await measure('menu platformName + overdue', 'super', `${tracker}/Filters`, {
        column: 'platformName',
        filters: overdue,
      } as TableQueryInput);
    }
    if (!only || only === 'sort') {
      for (const column of sortable) {
        for (const orderAsc of [true, false]) {
          await measure(`sort ${column} ${orderAsc ? 'asc' : 'desc'}`, 'super', tracker, {
            pageSize: 50,
            orderBy: column,
            orderAsc,
          });
        }
      }
      await measure('sort clientName asc + filters', 'super', tracker, {
        pageSize: 50,
        orderBy: 'clientName',
        orderAsc: true,
        filters,
      });
      await measure('sort clientName asc', 'admin', tracker, {
        pageSize: 50,
        orderBy: 'clientName',
        orderAsc: true,
      });
    }
    if (!only || only === 'first') {
      // The first page of every offered sort, both directions, in the three filtered results and
      // as the region admin: what a person sees after choosing a filter and a sort. Deeper
      // pages in the app are steps from it (`step`).
      for (const [name, who, narrowing] of narrowedResults) {
        for (const column of sortable) {
          for (const orderAsc of [true, false]) {
            await measure(`first ${column} ${orderAsc ? 'asc' : 'desc'}, ${name}`, who, tracker, {
              pageSize: 50,
              orderBy: column,
              orderAsc,
              filters: narrowing,
            });
          }
        }
      }
    }
    if (!only || only === 'menu') {
      for (const user of ['super', 'admin', 'prov'] as const) {
        for (const column of filterable.filter((c) => !menuColumns || menuColumns.includes(c))) {
          await measure(`menu ${column}`, user, `${tracker}/Filters`, { column } as TableQueryInput);
        }
      }
      const underFilters = ['clientName', 'platformName', 'marketName', 'agencyName', 'requestUserName'];
      for (const user of ['super', 'prov'] as const) {
        for (const column of underFilters.filter((c) => !menuColumns || menuColumns.includes(c))) {
          await measure(`menu ${column} + filters`, user, `${tracker}/Filters`, {
            column,
            filters,
          } as TableQueryInput);
        }
      }
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
