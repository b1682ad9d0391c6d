import { chainUnchained } from '../chain/seal.ts';
import { sql, type Kysely } from 'kysely';
import { RequestStatus, RequestType, Role, type RoleId } from '@uap/domain';
import type pg from 'pg';
import { postgresClient, type Db } from '../connection.ts';
import { suspendRequestSearch } from '../search-index-ddl.ts';
import {
  rebuildRequestPersonNames,
  suspendRequestPersonNames,
} from '../migrations/0039_add_request_person_names.ts';
import {
  restoreReviewItemRecordState,
  suspendReviewItemRecordState,
} from '../migrations/0051_add_review_item_record_state.ts';
import type { Database } from '../schema.ts';
import { Routing, type SeedAssignment } from './assignments.ts';
import { DAY, HOUR, maxId, resetIdentities, secondsSince } from './batch.ts';
import { restoreIndexes, suspendIndexes } from './bulk-indexes.ts';
import { assetReference, clientKey, loadCatalog, type Catalog, type CatalogPath } from './catalog.ts';
import * as data from './data.ts';
import { seedDemo } from './demo.ts';
import {
  kyselyWriter,
  postgresWriter,
  sqliteBulkConnection,
  sqliteWriter,
  TableBuffer,
  type Writer,
} from './writers.ts';
import { Rng } from './random.ts';
import { rebuildWithSearch } from './search-build.ts';
import { RequestGenerator, type Line, type Subject } from './requests.ts';

export interface LargeSeedOptions {
  /** Target number of user profiles (each internal one with its directory entry). */
  users: number;
  /** Target number of request lines. */
  requests: number;
  onProgress?: (msg: string) => void;
}

/** Clients the benchmark catalogue is topped up to, so filters have realistic distinct values. */
const TARGET_CLIENTS = 2_000;
/** Request lines written per commit (SQLite) / per flush (both). */
const FLUSH_LINES = 20_000;
const YEARS = 3;

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.raw(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Adds clients, client codes and accounts up to TARGET_CLIENTS over the existing paths. */
async function topUpCatalog(
  db: Kysely<Database>,
  writer: Writer,
  rng: Rng,
  catalog: Catalog,
  createdIso: string,
): Promise<number> {
  const existing = await count(db, 'clients');
  if (existing >= TARGET_CLIENTS) {
    return 0;
  }
  const pairs = [...new Set(catalog.paths.map((p) => clientKey(p.platformId, p.agencyId)))].filter((key) => {
    const platform = catalog.platforms.get(Number(key.split(':')[0]));
    return platform?.assets.some((a) => !a.isSystemRecord) ?? false;
  });
  const lines = [
    'Zero',
    'Classic',
    'Kids',
    'Pro',
    'Outlet',
    'Premium',
    'Local',
    'Online',
    'Retail',
    'Brand',
    'Direct',
    'Plus',
  ];
  const formats: Record<string, data.ReferenceFormat> = {};
  data.platforms.forEach((p) =>
    p.assets.forEach((a) => (formats[`${p.description}:${a.description}`] = a.reference)),
  );
  let clientId = await maxId(db, 'clients', 'client_id');
  let codeId = await maxId(db, 'client_codes', 'client_code_id');
  let accountId = await maxId(db, 'client_accounts', 'client_account_id');
  const dates = { isDeleted: 0, createdDate: createdIso, updatedDate: createdIso };
  const clients = new TableBuffer(writer, 'clients');
  const codes = new TableBuffer(writer, 'client_codes');
  const accounts = new TableBuffer(writer, 'client_accounts');
  for (let i = existing; i < TARGET_CLIENTS; i++) {
    const [platformId, agencyId] = rng.pick(pairs).split(':').map(Number) as [number, number];
    const platform = catalog.platforms.get(platformId);
    const marketCode = catalog.paths.find((p) => p.agencyId === agencyId)?.marketCode ?? 'US';
    const [brand, short, prefix] = rng.pick(data.brands);
    const line = rng.pick(lines);
    clientId += 1;
    clients.push({ clientId, platformId, agencyId, description: `${brand} ${line}`, ...dates });
    const n = rng.int(1, 3);
    for (let c = 1; c <= n; c++) {
      codeId += 1;
      codes.push({
        clientCodeId: codeId,
        clientId,
        code: `${prefix}-${marketCode}${line.slice(0, 2).toUpperCase()}${c}`,
        isSystemRecord: 0,
        ...dates,
      });
    }
    for (const asset of platform?.assets.filter((a) => !a.isSystemRecord) ?? []) {
      for (const suffix of rng.sample(data.accountSuffixes, rng.int(2, 6))) {
        accountId += 1;
        accounts.push({
          clientAccountId: accountId,
          clientId,
          assetId: asset.assetId,
          description: `${short} ${line} ${marketCode} ${suffix}`,
          assetReference: assetReference(
            rng,
            formats[`${platform?.description}:${asset.description}`] ?? 'none',
          ),
          ...dates,
        });
      }
    }
  }
  await clients.flush();
  await codes.flush();
  await accounts.flush();
  await writer.commit();
  return TARGET_CLIENTS - existing;
}

/** What the top-ups of profiles and request lines read from, write through and report to. */
interface TopUp {
  db: Kysely<Database>;
  writer: Writer;
  nowMs: number;
  progress: (m: string) => void;
}

/** Adds profiles (and directory entries) up to `target`. */
async function topUpUsers({ db, writer, nowMs, progress }: TopUp, rng: Rng, target: number) {
  const existing = await count(db, 'users');
  let userId = await maxId(db, 'users', 'user_id');
  const users = new TableBuffer(writer, 'users');
  const directory = new TableBuffer(writer, 'directory_users');
  const managers: { mail: string; name: string }[] = [];
  for (let i = existing; i < target; i++) {
    userId += 1;
    const given = rng.pick(data.firstNames);
    const surname = rng.pick(data.lastNames);
    const guest = rng.chance(0.04);
    const brand = rng.pick(data.brands);
    const agencyIndex = rng.int(0, data.agencies.length - 1);
    const agency = data.agencies[agencyIndex];
    const market = data.markets[(agency?.market ?? 1) - 1];
    const local = `${given}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
    const email = guest ? `${local}.${userId}@${brand[3]}` : `${local}.${userId}@agency.example`;
    const directoryId = rng.guid();
    const active = guest || rng.chance(0.98);
    const manager = !guest && managers.length > 0 ? rng.pick(managers) : null;
    const createdDate = new Date(nowMs - rng.int(30, YEARS * 365) * DAY).toISOString();
    const roll = rng.next();
    const roleId: RoleId = guest
      ? Role.STANDARD
      : roll < 0.005
        ? Role.APPROVER
        : roll < 0.008
          ? Role.PROVISIONER
          : roll < 0.009
            ? Role.MASTERAPPROVER
            : Role.STANDARD;
    const title = rng.pick(data.jobTitles);
    const department = rng.pick(data.departments);
    const phone = `${market?.phone ?? '+1 212 555 01'}${rng.digits(2)}`;
    const employeeId = guest ? null : `E${String(userId).padStart(7, '0')}`;
    directory.push({
      directoryId,
      mail: email,
      userPrincipalName: guest ? `${email.replace('@', '_')}#EXT#@agency.example` : email,
      displayName: `${given} ${surname}`,
      givenName: given,
      surname,
      jobTitle: title,
      companyName: guest ? brand[0] : (agency?.description ?? null),
      department,
      officeLocation: guest ? null : (market?.city ?? null),
      country: market?.description ?? null,
      mobilePhone: null,
      businessPhone: guest ? null : phone,
      employeeId,
      userType: guest ? 'Guest' : 'Member',
      active: active ? 1 : 0,
      managerMail: manager?.mail ?? null,
      managerDisplayName: manager?.name ?? null,
      createdDate,
      updatedDate: createdDate,
    });
    users.push({
      userId,
      email,
      name: given,
      lastName: surname,
      title,
      organization: guest ? brand[0] : (agency?.description ?? null),
      department,
      officeNumber: guest ? null : phone,
      employeeId,
      locationCountry: market?.description ?? null,
      isInternal: guest ? 0 : 1,
      userType: guest ? 'Guest' : 'Member',
      roleId,
      showApprover: 0,
      directoryId,
      parentGuid: directoryId,
      childGuid: null,
      mergedUserId: null,
      isChild: 0,
      managerEmail: manager?.mail ?? null,
      managerName: manager?.name ?? null,
      isDeleted: 0,
      createdDate,
      createdBy: null,
      updatedDate: createdDate,
      updatedBy: null,
    });
    if (!guest && managers.length < 2_000 && rng.chance(0.05)) {
      managers.push({ mail: email, name: `${given} ${surname}` });
    }
    if (users.size >= 20_000) {
      await directory.flush();
      await users.flush();
      await writer.commit();
      progress(`users: ${i + 1 - existing} of ${target - existing} added`);
    }
  }
  await directory.flush();
  await users.flush();
  await writer.commit();
  return Math.max(0, target - existing);
}

/** Routing of the database's current assignments, master approvers and admins. */
async function loadRouting(db: Kysely<Database>): Promise<Routing> {
  // Every read here in id order: the generator picks from these lists by position, and a table's
  // own order (PostgreSQL's heap, where a page's free space depends on how it was written) is
  // not part of the seed.
  const rows = await db
    .selectFrom('approverAssignments')
    .selectAll()
    .where('isDeleted', '=', 0)
    .orderBy('approverId')
    .execute();
  const assignments: SeedAssignment[] = rows.map((a) => ({
    approverId: a.approverId,
    userId: a.userId,
    secondaryApproverId: a.secondaryApproverId,
    provisionerId: a.provisionerId,
    provisionerBackupId: a.provisionerBackupId,
    path: {
      platformAgencyId: 0,
      marketCode: '',
      regionId: a.regionId,
      marketId: a.marketId,
      agencyId: a.agencyId,
      practiceId: a.practiceId,
      platformId: a.platformId,
    },
    clientId: a.clientId,
    isDeleted: false,
  }));
  const masters = await db
    .selectFrom('masterApprovers')
    .select(['userId', 'regionId', 'marketId', 'agencyId', 'practiceId'])
    .where('isDeleted', '=', 0)
    .orderBy('masterApproverId')
    .execute();
  const admins = await db
    .selectFrom('adminRegions')
    .select(['userId', 'regionId', 'marketId'])
    .where('isDeleted', '=', 0)
    .orderBy('adminRegionId')
    .execute();
  const supers = await db
    .selectFrom('superAdmins')
    .select('userId')
    .where('isDeleted', '=', 0)
    .orderBy('adminId')
    .execute();
  return new Routing(assignments, masters, [
    ...admins,
    ...supers.map((s) => ({ userId: s.userId, regionId: null, marketId: null })),
  ]);
}

/** Adds request lines (with history) up to `target`, in chains: Add lines then their modifications. */
async function topUpRequests(
  { db, writer, nowMs, progress }: TopUp,
  rng: Rng,
  target: number,
): Promise<{ lines: number; history: number }> {
  const existing = await count(db, 'requests');
  const need = target - existing;
  if (need <= 0) {
    return { lines: 0, history: 0 };
  }
  const catalog = await loadCatalog(db);
  const routing = await loadRouting(db);
  const gen = new RequestGenerator(rng, nowMs, catalog, routing);

  const people = await db
    .selectFrom('users')
    .select(['userId', 'email', 'isInternal', 'managerEmail', 'managerName'])
    .where('isDeleted', '=', 0)
    .where('isChild', '=', 0)
    // In id order (see loadRouting): subjects are picked by position.
    .orderBy('userId')
    .execute();
  const subjects = new Map<number, Subject>();
  const internal: Subject[] = [];
  const guests: Subject[] = [];
  for (const p of people) {
    const s: Subject = {
      userId: p.userId,
      email: p.email,
      isInternal: p.isInternal === 1,
      managerEmail: p.managerEmail,
      managerName: p.managerName,
      extraEmails: [],
    };
    subjects.set(p.userId, s);
    (s.isInternal ? internal : guests).push(s);
  }
  const subjectOf = (id: number): Subject => subjects.get(id) ?? rng.pick(internal);
  const requestable: CatalogPath[] = catalog.paths.filter((p) => gen.isRequestable(p));

  let nextId = (await maxId(db, 'requests', 'request_id')) + 1;
  const requests = new TableBuffer<Line['row']>(writer, 'requests');
  const history = new TableBuffer<Line['history'][number]['row']>(writer, 'request_history');
  const start = nowMs - YEARS * 365 * DAY;
  const span = nowMs - HOUR - start;
  const pendingPairs: [number, number][] = [];
  let written = 0;
  let historyRows = 0;
  let lastReport = 0;
  const began = Date.now();

  while (written < need) {
    const remaining = need - written;
    // Time advances with progress, so ids roughly follow creation dates.
    const createdMs = Math.min(nowMs - HOUR, start + (span * written) / need + rng.int(0, 2 * DAY));
    const guest = rng.chance(0.05) && guests.length > 0;
    const subject = guest ? rng.pick(guests) : rng.pick(internal);
    const creator = guest || rng.chance(0.3) ? rng.pick(internal) : subject;
    const adds = gen.addSubmission({
      subject,
      creator,
      path: rng.pick(requestable),
      createdMs,
      maxLines: Math.min(4, remaining),
    });
    const chain: Line[] = [...adds];
    for (const record of adds) {
      const isRecord =
        record.row.statusId === RequestStatus.COMPLETED || record.row.statusId === RequestStatus.ARCHIVED;
      if (isRecord && remaining - chain.length >= 3 && rng.chance(0.5)) {
        chain.push(
          ...gen.randomFollowUps(record, subjectOf, () => (rng.chance(0.75) ? creator : rng.pick(internal))),
        );
      }
    }
    for (const line of chain) {
      line.row.requestId = nextId++;
    }
    for (const line of chain) {
      line.row.recordId = line.record?.row.requestId ?? null;
      line.row.pendingChangeRequestId = null;
      if (line.pending) {
        pendingPairs.push([line.row.requestId, line.pending.row.requestId]);
      }
      if (
        line.row.requestTypeId === RequestType.ADD &&
        line.row.isDeleted === 1 &&
        !line.pending &&
        line.row.expirationDate &&
        Date.parse(line.row.expirationDate) < nowMs
      ) {
        line.row.askNewRangeDate = 1;
      }
      requests.push(line.row);
      for (const h of line.history) {
        history.push({
          ...h.row,
          requestId: line.row.requestId,
          changeDesc: h.source ? `Updated by request #${h.source.row.requestId}` : h.row.changeDesc,
        });
        historyRows += 1;
      }
    }
    written += chain.length;
    if (requests.size >= FLUSH_LINES) {
      await requests.flush();
      await history.flush();
      await writer.setPending(pendingPairs.splice(0));
      await writer.commit();
    }
    if (written - lastReport >= 100_000) {
      lastReport = written;
      const rate = Math.round(written / ((Date.now() - began) / 1000));
      progress(
        `requests: ${written.toLocaleString('en-US')} of ${need.toLocaleString('en-US')} lines, ${historyRows.toLocaleString('en-US')} history rows (${rate.toLocaleString('en-US')} lines/s)`,
      );
    }
  }
  await requests.flush();
  await history.flush();
  await writer.setPending(pendingPairs.splice(0));
  await writer.commit();
  return { lines: written, history: historyRows };
}

/**
 * The benchmark dataset (bench/README.md) over the demo organisation: tops the database up to
 * `users` profiles (with directory entries), ~2,000 clients and `requests` request lines with
 * their history (~3 rows per line). Loads the demo first when the database is empty. Safe to
 * re-run: it only adds what is missing. Data is written in committed batches, so an
 * interrupted run leaves consistent data and the next run continues (restoring first the
 * indexes it had dropped).
 *
 * Where the time goes (bench/README.md, "Large seed build"): a big top-up loads users and
 * request lines without their secondary indexes (and, on PostgreSQL, foreign keys) and rebuilds
 * them once, the search index filled beside them (search-build.ts); then the statistics.
 */
export async function seedLarge(db: Db, opts: LargeSeedOptions): Promise<void> {
  const progress = opts.onProgress ?? (() => undefined);
  const seeded = await db.kysely.selectFrom('regions').select('regionId').limit(1).executeTakeFirst();
  if (!seeded) {
    progress('loading the demo organisation first');
    await seedDemo(db);
  }
  const nowMs = Date.now();
  // A run killed while the indexes were dropped left their definitions behind: restore first.
  await rebuildIndexes(db, progress);
  // Lines are loaded without the triggers of the search index and of the lines' person names, which
  // are filled once afterwards, in the order the migrations made them (SQLite keeps that order).
  const search = { db: db.kysely as Kysely<unknown>, dialect: db.dialect };
  await suspendRequestSearch(search);
  await suspendRequestPersonNames(search);
  await suspendReviewItemRecordState(search);
  try {
    await loadLarge(db, opts, nowMs, progress);
  } finally {
    await rebuildWithSearch(db, () => rebuildIndexes(db, progress), progress);
    const named = Date.now();
    await rebuildRequestPersonNames(search);
    progress(`lines' person names filled in ${secondsSince(named)} s`);
    await restoreReviewItemRecordState(search);
  }
  await resetIdentities(db.kysely, db.dialect);
  const chained = Date.now();
  const rows = await chainUnchained(db.kysely, db.dialect);
  progress(`${rows.toLocaleString('en')} history rows chained in ${secondsSince(chained)} s`);
  const analyzed = Date.now();
  // A full ANALYZE (seconds on a million lines): a sampled one (analysis_limit) estimated every
  // index of requests at ~1,000 lines per value, and SQLite then preferred the status index to
  // the partial index of Submitted lines (migration 0009) — 14,000 table reads per task count.
  // PostgreSQL: VACUUM as well, which fills the visibility map. Without it every index-only scan
  // (a page's ids, a count) reads the table's page of each line it passes, as the lines were
  // written after the last vacuum and autovacuum may not come by for a long while.
  if (db.dialect === 'sqlite') {
    await sql`pragma analysis_limit = 0`.execute(db.kysely);
    await sql`analyze`.execute(db.kysely);
  } else {
    await sql`vacuum (analyze)`.execute(db.kysely);
  }
  progress(`statistics refreshed in ${secondsSince(analyzed)} s`);
}

/**
 * A top-up at least as large as what a table holds loads it without its secondary indexes
 * (and PostgreSQL foreign keys; bulk-indexes.ts), rebuilt once afterwards by `rebuildIndexes`;
 * a small one writes through them.
 */
async function suspendForLoad(db: Db, opts: LargeSeedOptions, progress: (msg: string) => void) {
  const tables: string[] = [];
  const users = await count(db.kysely, 'users');
  if (opts.users - users >= users) {
    tables.push('users', 'directory_users');
  }
  const requests = await count(db.kysely, 'requests');
  if (opts.requests - requests >= requests) {
    tables.push('requests', 'request_history');
  }
  const dropped = await suspendIndexes(db, tables);
  if (dropped.length > 0) {
    progress(`${dropped.length} indexes and foreign keys of ${tables.join(', ')} dropped for the load`);
  }
}

/** PostgreSQL: sessions building the dropped indexes at once, and the memory each sorts in. */
const PG_INDEX_CONNECTIONS = 2;
const PG_MAINTENANCE_WORK_MEM = '512MB';

/**
 * Recreates the indexes `suspendIndexes` dropped, if any. SQLite: on a bulk connection (big
 * cache, sorts in memory on helper threads), in their original order. PostgreSQL: on
 * PG_INDEX_CONNECTIONS sessions at once, each with a large `maintenance_work_mem`, so each
 * index is sorted in memory (in parallel workers where the server allows them); then the
 * foreign keys one by one.
 */
async function rebuildIndexes(db: Db, progress: (msg: string) => void) {
  const started = Date.now();
  let restored: unknown[];
  if (db.dialect === 'sqlite') {
    const raw = await sqliteBulkConnection(db.kysely);
    try {
      restored = await restoreIndexes(
        db,
        raw
          ? [
              (statement) => {
                raw.exec(statement);
                return Promise.resolve();
              },
            ]
          : undefined,
      );
    } finally {
      raw?.close();
    }
  } else {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < PG_INDEX_CONNECTIONS; i++) {
        const client = await postgresClient(db);
        if (client) {
          clients.push(client);
          await client.query(`set maintenance_work_mem = '${PG_MAINTENANCE_WORK_MEM}'`);
        }
      }
      restored = await restoreIndexes(
        db,
        clients.map((client) => async (statement: string) => {
          await client.query(statement);
        }),
      );
    } finally {
      for (const client of clients) {
        await client.query('reset maintenance_work_mem').then(
          () => client.release(),
          () => client.release(true),
        );
      }
    }
  }
  if (restored.length > 0) {
    progress(`${restored.length} indexes and foreign keys rebuilt in ${secondsSince(started)} s`);
  }
}

/** The data of the large seed, written in committed batches (search index triggers off). */
async function loadLarge(db: Db, opts: LargeSeedOptions, nowMs: number, progress: (msg: string) => void) {
  const writer =
    db.dialect === 'postgres'
      ? await postgresWriter(db)
      : ((await sqliteWriter(db.kysely)) ?? kyselyWriter(db.kysely));
  try {
    const catalog = await loadCatalog(db.kysely);
    const clients = await topUpCatalog(
      db.kysely,
      writer,
      new Rng(7007),
      catalog,
      new Date(nowMs - 800 * DAY).toISOString(),
    );
    progress(`catalog: ${clients} clients added`);
    // After the catalog: its clients' triggers (path_coverage) plan far worse on PostgreSQL
    // without the foreign keys of `requests` (8× slower per client).
    await suspendForLoad(db, opts, progress);
    const topUp: TopUp = { db: db.kysely, writer, nowMs, progress };
    const users = await topUpUsers(topUp, new Rng(8008 + (await count(db.kysely, 'users'))), opts.users);
    progress(`users: ${users} profiles and directory entries added`);
    const result = await topUpRequests(
      topUp,
      new Rng(9009 + (await count(db.kysely, 'requests'))),
      opts.requests,
    );
    progress(`requests: ${result.lines} lines and ${result.history} history rows added`);
  } finally {
    await writer.close();
  }
}
