import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, Role } from '@uap/domain';
import { openDb, toCount, type Db } from './connection.ts';
import { analyzeIndexesWithoutStatistics, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import type { NewRequestRow } from './schema.ts';
import { suspendIndexes } from './seed/bulk-indexes.ts';
import { isSeeded, seed } from './seed/index.ts';
import { postgresWriter } from './seed/writers.ts';

/** SQLite always; PostgreSQL too when TEST_PG_URL names a cluster we may create databases on. */
const engines = [
  { engine: 'sqlite' as const },
  ...(process.env.TEST_PG_URL ? [{ engine: 'postgres' as const }] : []),
];

interface Fresh {
  db: Db;
  drop: () => Promise<void>;
}

/**
 * An empty database: SQLite in memory (or in a temp file when `onDisk`), or a new PostgreSQL
 * database on the TEST_PG_URL cluster, dropped afterwards.
 */
async function freshDatabase(engine: 'sqlite' | 'postgres', onDisk = false): Promise<Fresh> {
  const clusterUrl = process.env.TEST_PG_URL;
  if (engine === 'sqlite' || !clusterUrl) {
    if (!onDisk) {
      const db = openDb('sqlite::memory:');
      return { db, drop: () => db.kysely.destroy() };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-db-test-'));
    const db = openDb(`sqlite:${path.join(dir, 'test.db')}`);
    return {
      db,
      drop: async () => {
        await db.kysely.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `uap_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const db = openDb(url.toString());
  return {
    db,
    drop: async () => {
      await db.kysely.destroy();
      const client = new pg.Client({ connectionString: clusterUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function userId(db: Db, email: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select('userId')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.userId;
}

/** A seeded Add line's columns without its id: the template of the lines a test writes. */
async function addLineTemplate(db: Db) {
  const { requestId: _id, ...row } = await db.kysely
    .selectFrom('requests')
    .selectAll()
    .where('requestTypeId', '=', RequestType.ADD)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

const insertLine = (db: Db, line: NewRequestRow) => db.kysely.insertInto('requests').values(line).execute();

/** Path match between request r and assignment a, the client rule included (docs/architecture.md). */
const coveredBy = (alias: string) => sql`
  ${sql.raw(alias)}.is_deleted = 0
  and ${sql.raw(alias)}.region_id = r.region_id and ${sql.raw(alias)}.market_id = r.market_id
  and ${sql.raw(alias)}.agency_id = r.agency_id and ${sql.raw(alias)}.practice_id = r.practice_id
  and ${sql.raw(alias)}.platform_id = r.platform_id
  and (${sql.raw(alias)}.client_id = r.client_id or (${sql.raw(alias)}.client_id is null and not exists (
    select 1 from approver_assignments c
    where c.is_deleted = 0 and c.client_id = r.client_id and c.region_id = r.region_id
      and c.market_id = r.market_id and c.agency_id = r.agency_id
      and c.practice_id = r.practice_id and c.platform_id = r.platform_id)))`;

/** Requests in `status` routed to `user` through assignments in the given roles. */
async function routedCount(
  db: Db,
  user: number,
  status: number,
  roles: 'approver' | 'provisioner',
): Promise<number> {
  const who =
    roles === 'approver'
      ? sql`(a.user_id = ${user} or a.secondary_approver_id = ${user})`
      : sql`(a.provisioner_id = ${user} or a.provisioner_backup_id = ${user})`;
  const result = await sql<{ count: number | string }>`
    select count(*) as count from requests r
    where r.status_id = ${status} and r.user_id <> ${user} and r.created_by <> ${user}
      and exists (select 1 from approver_assignments a where ${coveredBy('a')} and ${who})`.execute(
    db.kysely,
  );
  return toCount(result.rows[0]?.count);
}

async function count(db: Db, query: ReturnType<typeof sql<{ count: number | string }>>): Promise<number> {
  const result = await query.execute(db.kysely);
  return toCount(result.rows[0]?.count);
}

describe.each(engines)('data model and demo seed on $engine', ({ engine }) => {
  let fresh: Fresh;
  let db: Db;

  beforeAll(async () => {
    fresh = await freshDatabase(engine);
    db = fresh.db;
    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations));
    expect(await isSeeded(db)).toBe(false);
    expect(await seed(db, 'demo')).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await fresh?.drop();
  });

  it('is seeded once: a second demo seed does nothing', async () => {
    expect(await isSeeded(db)).toBe(true);
    expect(await seed(db, 'demo')).toBe(false);
  });

  it('loads the roles and the demo accounts with their roles', async () => {
    const roles = await db.kysely
      .selectFrom('roles')
      .select(['roleId', 'description'])
      .orderBy('roleId')
      .execute();
    expect(roles.map((r) => r.roleId)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    const expected: [string, number][] = [
      ['sam.standard@agency.example', Role.STANDARD],
      ['alex.approver@agency.example', Role.APPROVER],
      ['mia.master@agency.example', Role.MASTERAPPROVER],
      ['pat.provisioner@agency.example', Role.PROVISIONER],
      ['ada.admin@agency.example', Role.ADMIN],
      ['avery.auditor@agency.example', Role.AUDITOR],
      ['sue.super@agency.example', Role.SUPERADMIN],
      ['gina.guest@client.example', Role.STANDARD],
    ];
    for (const [email, roleId] of expected) {
      const user = await db.kysely
        .selectFrom('users')
        .innerJoin('directoryUsers as d', 'd.mail', 'users.email')
        .select([
          'users.roleId',
          'users.isInternal',
          'users.userType',
          'users.showApprover',
          'd.userType as directoryType',
          'd.active',
        ])
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.roleId, email).toBe(roleId);
      expect(user.active).toBe(1);
      const guest = email.startsWith('gina');
      expect(user.isInternal).toBe(guest ? 0 : 1);
      expect(user.userType).toBe(guest ? 'Guest' : 'Member');
      expect(user.directoryType).toBe(guest ? 'Guest' : 'Member');
    }
    const mia = await db.kysely
      .selectFrom('users')
      .innerJoin('masterApprovers as m', 'm.userId', 'users.userId')
      .innerJoin('practices as p', 'p.practiceId', 'm.practiceId')
      .select(['users.showApprover', 'p.description'])
      .where('users.email', '=', 'mia.master@agency.example')
      .where('m.isDeleted', '=', 0)
      .execute();
    expect(mia).toEqual([{ showApprover: 1, description: 'Social' }]);
    const ada = await db.kysely
      .selectFrom('adminRegions')
      .select(['regionId', 'marketId'])
      .where('userId', '=', await userId(db, 'ada.admin@agency.example'))
      .where('isDeleted', '=', 0)
      .execute();
    expect(ada).toHaveLength(1);
    const sue = await db.kysely
      .selectFrom('superAdmins')
      .select('adminId')
      .where('userId', '=', await userId(db, 'sue.super@agency.example'))
      .where('isDeleted', '=', 0)
      .execute();
    expect(sue).toHaveLength(1);
  });

  it('has a believable organisation', async () => {
    const n = async (
      table: 'regions' | 'markets' | 'agencies' | 'clients' | 'users' | 'directoryUsers' | 'requests',
    ) =>
      toCount(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await n('regions')).toBe(3);
    expect(await n('markets')).toBeGreaterThanOrEqual(8);
    expect(await n('agencies')).toBeGreaterThanOrEqual(12);
    expect(await n('clients')).toBeGreaterThanOrEqual(35);
    expect(await n('users')).toBeGreaterThanOrEqual(190);
    expect(await n('directoryUsers')).toBeGreaterThanOrEqual(210);
    expect(await n('requests')).toBeGreaterThanOrEqual(900);
    const guests = await count(
      db,
      sql`select count(*) as count from directory_users where user_type = 'Guest'`,
    );
    expect(guests).toBeGreaterThanOrEqual(10);
    const leavers = await count(db, sql`select count(*) as count from directory_users where active = 0`);
    expect(leavers).toBeGreaterThanOrEqual(5);
  });

  it('spreads requests over every type and status with history', async () => {
    const rows = await db.kysely
      .selectFrom('requests')
      .select(['statusId', 'requestTypeId', (eb) => eb.fn.countAll().as('count')])
      .groupBy(['statusId', 'requestTypeId'])
      .execute();
    for (const status of Object.values(RequestStatus)) {
      expect(
        rows.some((r) => r.statusId === status),
        `status ${status}`,
      ).toBe(true);
    }
    for (const type of Object.values(RequestType)) {
      expect(
        rows.some((r) => r.requestTypeId === type),
        `type ${type}`,
      ).toBe(true);
    }
    // Urgent, expired and unlimited records exist.
    expect(await count(db, sql`select count(*) as count from requests where is_urgent = 1`)).toBeGreaterThan(
      0,
    );
    expect(
      await count(db, sql`select count(*) as count from requests where expiration_date is null`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        sql`select count(*) as count from requests where request_type_id = 1 and status_id in (3, 6) and expiration_date < ${new Date().toISOString()}`,
      ),
    ).toBeGreaterThan(0);
  });

  it('routes at least 10 submitted requests to Alex and 10 approved ones to Pat', async () => {
    const alex = await userId(db, 'alex.approver@agency.example');
    const pat = await userId(db, 'pat.provisioner@agency.example');
    expect(await routedCount(db, alex, RequestStatus.SUBMITTED, 'approver')).toBeGreaterThanOrEqual(10);
    expect(await routedCount(db, pat, RequestStatus.APPROVED, 'provisioner')).toBeGreaterThanOrEqual(10);
    // Pat provisions every assignment naming Alex as an approver.
    const withoutPat = await count(
      db,
      sql`select count(*) as count from approver_assignments
          where (user_id = ${alex} or secondary_approver_id = ${alex})
            and coalesce(provisioner_id, 0) <> ${pat} and coalesce(provisioner_backup_id, 0) <> ${pat}`,
    );
    expect(withoutPat).toBe(0);
  });

  it('leaves some paths with no approval path at all', async () => {
    const uncovered = await count(
      db,
      sql`select count(*) as count from platform_agencies pa
          join agencies ag on ag.agency_id = pa.agency_id join markets m on m.market_id = ag.market_id
          where not exists (select 1 from approver_assignments a where a.is_deleted = 0
              and a.agency_id = pa.agency_id and a.practice_id = pa.practice_id and a.platform_id = pa.platform_id)
            and not exists (select 1 from master_approvers ma where ma.is_deleted = 0
              and ma.agency_id = pa.agency_id and ma.practice_id = pa.practice_id)`,
    );
    expect(uncovered).toBeGreaterThan(0);
    const submittedWithoutPath = await count(
      db,
      sql`select count(*) as count from requests r where r.status_id = 1
          and not exists (select 1 from approver_assignments a where ${coveredBy('a')})
          and not exists (select 1 from master_approvers ma where ma.is_deleted = 0 and ma.region_id = r.region_id
              and ma.market_id = r.market_id and ma.agency_id = r.agency_id and ma.practice_id = r.practice_id)`,
    );
    expect(submittedWithoutPath).toBeGreaterThan(0);
  });

  it('gives Sam requests in every status and active, inactive and expired records', async () => {
    const sam = await userId(db, 'sam.standard@agency.example');
    const statuses = await db.kysely
      .selectFrom('requests')
      .select('statusId')
      .distinct()
      .where((eb) => eb.or([eb('userId', '=', sam), eb('createdBy', '=', sam)]))
      .orderBy('statusId')
      .execute();
    expect(statuses.map((s) => s.statusId)).toEqual([1, 2, 3, 4, 5, 6]);
    const today = new Date(new Date().toISOString().slice(0, 10)).toISOString();
    const records = db.kysely
      .selectFrom('requests')
      .select(['requestId', 'isDeleted', 'expirationDate'])
      .where('userId', '=', sam)
      .where('requestTypeId', '=', RequestType.ADD)
      .where('statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED]);
    const all = await records.execute();
    expect(
      all.some((r) => r.isDeleted === 0 && (r.expirationDate == null || r.expirationDate >= today)),
    ).toBe(true);
    expect(all.some((r) => r.isDeleted === 1)).toBe(true);
    expect(all.some((r) => r.expirationDate != null && r.expirationDate < today)).toBe(true);
  });

  it('makes Gina the subject of requests Sam created', async () => {
    const sam = await userId(db, 'sam.standard@agency.example');
    const gina = await userId(db, 'gina.guest@client.example');
    const rows = await db.kysely
      .selectFrom('requests')
      .select(['isInternal', 'email'])
      .where('userId', '=', gina)
      .where('createdBy', '=', sam)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.isInternal === 0 && r.email === 'gina.guest@client.example')).toBe(true);
  });

  it('points every modification at a completed Add record of the same user and path', async () => {
    const bad = await count(
      db,
      sql`select count(*) as count from requests r left join requests rec on rec.request_id = r.record_id
          where r.request_type_id <> 1 and (rec.request_id is null or rec.request_type_id <> 1
            or rec.status_id not in (3, 6) or rec.user_id <> r.user_id or rec.agency_id <> r.agency_id
            or rec.practice_id <> r.practice_id or rec.platform_id <> r.platform_id
            or coalesce(rec.client_account_id, 0) <> coalesce(r.client_account_id, 0)
            or rec.created_date >= r.created_date)`,
    );
    expect(bad).toBe(0);
    // A record's pending change is a pending modification of that very record.
    const badPending = await count(
      db,
      sql`select count(*) as count from requests rec join requests p on p.request_id = rec.pending_change_request_id
          where p.record_id <> rec.request_id or p.status_id not in (1, 2)`,
    );
    expect(badPending).toBe(0);
    const unpointed = await count(
      db,
      sql`select count(*) as count from requests p join requests rec on rec.request_id = p.record_id
          where p.status_id in (1, 2) and coalesce(rec.pending_change_request_id, 0) <> p.request_id`,
    );
    expect(unpointed).toBe(0);
  });

  it('writes history consistent with each status', async () => {
    const withoutHistory = await count(
      db,
      sql`select count(*) as count from requests r where not exists (select 1 from request_history h where h.request_id = r.request_id)`,
    );
    expect(withoutHistory).toBe(0);
    // The latest history row carries the request's current status.
    const mismatched = await count(
      db,
      sql`select count(*) as count from requests r join request_history h on h.request_id = r.request_id
          where h.created_date = (select max(h2.created_date) from request_history h2 where h2.request_id = r.request_id)
            and h.status_id <> r.status_id`,
    );
    expect(mismatched).toBe(0);
    // Every chain starts submitted; approvals and provisioning carry who and when.
    const firstNotSubmitted = await count(
      db,
      sql`select count(*) as count from requests r join request_history h on h.request_id = r.request_id
          where h.created_date = (select min(h2.created_date) from request_history h2 where h2.request_id = r.request_id)
            and h.status_id <> 1`,
    );
    expect(firstNotSubmitted).toBe(0);
    const incomplete = await count(
      db,
      sql`select count(*) as count from requests where
            (status_id in (2, 3, 6) and (approved_rejected_by is null or approved_date is null))
         or (status_id in (3, 6) and (provisioned_by is null or provisioned_date is null))
         or (status_id = 4 and approved_rejected_by is null)`,
    );
    expect(incomplete).toBe(0);
    const perRequest = await count(db, sql`select count(*) as count from request_history`);
    const requests = await count(db, sql`select count(*) as count from requests`);
    expect(perRequest / requests).toBeGreaterThan(2);
  });

  it('routes no seeded approval or provisioning to its own subject or requestor', async () => {
    const selfApproved = await count(
      db,
      sql`select count(*) as count from requests where approved_rejected_by in (user_id, created_by) or provisioned_by in (user_id, created_by)`,
    );
    expect(selfApproved).toBe(0);
  });

  it('enforces foreign keys', async () => {
    const sam = await userId(db, 'sam.standard@agency.example');
    const row = await addLineTemplate(db);
    await expect(insertLine(db, { ...row, userId: 9_999_999 })).rejects.toThrow();
    await expect(insertLine(db, { ...row, platformId: 9_999_999, createdBy: sam })).rejects.toThrow();
    await expect(
      db.kysely
        .insertInto('requestHistory')
        .values({ requestId: 9_999_999, statusId: 1, requestTypeId: 1, stepDescription: 'x', createdBy: sam })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.kysely.insertInto('markets').values({ regionId: 99, description: 'Nowhere', code: 'NW' }).execute(),
    ).rejects.toThrow();
  });

  it('keeps one pending change per record', async () => {
    const record = await db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestTypeId', '=', RequestType.ADD)
      .where('statusId', '=', RequestStatus.COMPLETED)
      .where('pendingChangeRequestId', 'is', null)
      .where('isDeleted', '=', 0)
      .orderBy('requestId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { requestId, ...fields } = record;
    const change = {
      ...fields,
      requestTypeId: RequestType.CHANGE,
      statusId: RequestStatus.SUBMITTED,
      recordId: requestId,
      pendingChangeRequestId: null,
      submissionId: 'test-pending-1',
      createdDate: new Date().toISOString(),
    };
    await insertLine(db, change);
    // A second pending modification of the same record is refused, whatever its type.
    await expect(
      insertLine(db, { ...change, requestTypeId: RequestType.DEACTIVATE, submissionId: 'test-pending-2' }),
    ).rejects.toThrow();
    await expect(
      insertLine(db, { ...change, statusId: RequestStatus.APPROVED, submissionId: 'test-pending-3' }),
    ).rejects.toThrow();
    // Finished modifications and new Add lines are not limited.
    await insertLine(db, { ...change, statusId: RequestStatus.CANCELLED, submissionId: 'test-done' });
    await insertLine(db, {
      ...change,
      requestTypeId: RequestType.ADD,
      recordId: null,
      submissionId: 'test-add-1',
    });
    await insertLine(db, {
      ...change,
      requestTypeId: RequestType.ADD,
      recordId: null,
      submissionId: 'test-add-2',
    });
    // Once the pending one is cancelled, a new one is accepted (the 'replace' flow).
    await db.kysely
      .updateTable('requests')
      .set({ statusId: RequestStatus.CANCELLED })
      .where('submissionId', '=', 'test-pending-1')
      .execute();
    await insertLine(db, { ...change, submissionId: 'test-pending-4' });
  });

  it('rejects values outside the checked domains', async () => {
    const row = await addLineTemplate(db);
    await expect(insertLine(db, { ...row, statusId: 7 })).rejects.toThrow();
    await expect(
      insertLine(db, { ...row, requestTypeId: RequestType.CHANGE, recordId: null }),
    ).rejects.toThrow();
    await expect(insertLine(db, { ...row, email: 'Mixed.Case@Agency.Example' })).rejects.toThrow();
    await expect(
      db.kysely
        .insertInto('users')
        .values({ email: 'sam.standard@agency.example', name: 'Dup', lastName: 'Licate' })
        .execute(),
    ).rejects.toThrow();
  });

  it('hands out fresh ids after the seeded ones', async () => {
    const before = await db.kysely
      .selectFrom('regions')
      .select((eb) => eb.fn.max('regionId').as('max'))
      .executeTakeFirstOrThrow();
    const inserted = await db.kysely
      .insertInto('regions')
      .values({ description: 'LATAM' })
      .returning('regionId')
      .executeTakeFirstOrThrow();
    expect(inserted.regionId).toBeGreaterThan(Number(before.max));
    const user = await db.kysely
      .insertInto('users')
      .values({ email: 'new.person@agency.example', name: 'New', lastName: 'Person' })
      .returning(['userId', 'roleId', 'isDeleted', 'userType', 'createdDate'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ roleId: 1, isDeleted: 0, userType: 'Member' });
    expect(user.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

// On a SQLite file the large seed writes through its own bulk connection; in memory (and on
// PostgreSQL) through the shared one, with foreign keys checked statement by statement.
const largeCases = [
  { engine: 'sqlite' as const, onDisk: true, where: 'file' },
  { engine: 'sqlite' as const, onDisk: false, where: 'memory' },
  ...(process.env.TEST_PG_URL ? [{ engine: 'postgres' as const, onDisk: false, where: 'server' }] : []),
];

/**
 * The schema objects a bulk load may drop and recreate, as the database describes them:
 * SQLite's stored definitions in their order (the planner meets a table's indexes in that
 * order), PostgreSQL's index, constraint and trigger definitions.
 */
async function schemaDefinitions(db: Db): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ line: string }>`
      select type || ' ' || name || ' on ' || tbl_name || ': ' || coalesce(sql, '') as line
      from sqlite_master where name not like 'sqlite_stat%' order by tbl_name, type, rowid`.execute(
      db.kysely,
    );
    // The search index's settings (the large seed changes one while it fills the index).
    const config = await sql<{ line: string }>`
      select 'request_search_config ' || k || ' = ' || v as line from request_search_config order by k`.execute(
      db.kysely,
    );
    return [...rows, ...config.rows].map((r) => r.line);
  }
  const { rows } = await sql<{ line: string }>`
    select indexdef as line from pg_indexes where schemaname = current_schema()
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace = current_schema()::regnamespace
    union all
    select pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    union all
    select 'table ' || tablename from pg_tables where schemaname = current_schema()
    order by 1`.execute(db.kysely);
  return rows.map((r) => r.line);
}

describe.each(largeCases)('large seed (small targets) on $engine $where', ({ engine, onDisk }) => {
  it('loads without secondary indexes and leaves the schema exactly as the migrations made it', async () => {
    const { db, drop } = await freshDatabase(engine, onDisk);
    try {
      await migrateToLatest(db);
      const before = await schemaDefinitions(db);
      expect(before.some((line) => line.includes('idx_requests_status_id_created_date'))).toBe(true);
      // A run killed while the indexes were dropped: the next run restores them first.
      const dropped = await suspendIndexes(db, ['requests', 'users']);
      expect(dropped.length).toBeGreaterThan(30);
      expect(await schemaDefinitions(db)).not.toEqual(before);
      const messages: string[] = [];
      await seed(db, 'large', { users: 1_000, requests: 3_000, onProgress: (m) => messages.push(m) });
      expect(
        messages.some((m) => /indexes and foreign keys of users, directory_users, requests/.test(m)),
      ).toBe(true);
      expect(await schemaDefinitions(db)).toEqual(before);
      // A small top-up next to what is there writes through the indexes.
      messages.length = 0;
      await seed(db, 'large', { users: 1_100, requests: 3_500, onProgress: (m) => messages.push(m) });
      expect(messages.some((m) => m.includes('dropped for the load'))).toBe(false);
      expect(await count(db, sql`select count(*) as count from requests`)).toBe(3_500);
      expect(await schemaDefinitions(db)).toEqual(before);
    } finally {
      await drop();
    }
  }, 120_000);

  it('tops the database up to exact targets with consistent rows', async () => {
    const { db, drop } = await freshDatabase(engine, onDisk);
    try {
      await migrateToLatest(db);
      const messages: string[] = [];
      await seed(db, 'large', { users: 1_500, requests: 6_000, onProgress: (m) => messages.push(m) });
      expect(messages.length).toBeGreaterThan(0);
      expect(await count(db, sql`select count(*) as count from users`)).toBe(1_500);
      expect(await count(db, sql`select count(*) as count from requests`)).toBe(6_000);
      expect(await count(db, sql`select count(*) as count from clients`)).toBe(2_000);
      const history = await count(db, sql`select count(*) as count from request_history`);
      expect(history / 6_000).toBeGreaterThan(2);
      // Every modification points at an earlier Add record of the same user; pending pointers agree.
      expect(
        await count(
          db,
          sql`select count(*) as count from requests r left join requests rec on rec.request_id = r.record_id
              where r.request_type_id <> 1 and (rec.request_id is null or rec.request_type_id <> 1
                or rec.status_id not in (3, 6) or rec.user_id <> r.user_id or rec.request_id >= r.request_id)`,
        ),
      ).toBe(0);
      expect(
        await count(
          db,
          sql`select count(*) as count from requests p join requests rec on rec.request_id = p.record_id
              where p.status_id in (1, 2) and coalesce(rec.pending_change_request_id, 0) <> p.request_id`,
        ),
      ).toBe(0);
      if (db.dialect === 'sqlite') {
        // The bulk writer skips foreign key checks; verify the result instead.
        const violations = await sql`pragma foreign_key_check`.execute(db.kysely);
        expect(violations.rows).toEqual([]);
        // The search index, filled in a scratch file and copied in: one document per line, its
        // index consistent with its documents, the scratch file gone, the triggers back.
        await sql`insert into request_search (request_search) values ('integrity-check')`.execute(db.kysely);
        expect(await count(db, sql`select count(*) as count from request_search`)).toBe(6_000);
        const { rows: files } = await sql<{ file: string }>`pragma database_list`.execute(db.kysely);
        expect(files.map((f) => f.file).some((f) => fs.existsSync(`${f}.search-build`))).toBe(false);
        const line = await db.kysely
          .selectFrom('requests as r')
          .innerJoin('users as u', 'u.userId', 'r.userId')
          .select(['r.requestId', 'u.email'])
          .orderBy('r.requestId', 'desc')
          .executeTakeFirstOrThrow();
        const { rows: found } = await sql<{ id: number }>`select rowid as id from request_search
          where request_search match ${`"${line.email}"`} order by rowid`.execute(db.kysely);
        const { rows: scanned } = await sql<{ id: number }>`select rowid as id from request_search
          where instr(lower(document), lower(${line.email})) > 0 order by rowid`.execute(db.kysely);
        expect(found.map((r) => r.id)).toContain(line.requestId);
        expect(found).toEqual(scanned);
        await db.kysely
          .updateTable('requests')
          .set({ email: 'zyxwvut.line@agency.example' })
          .where('requestId', '=', line.requestId)
          .execute();
        const { rows: changed } = await sql<{ id: number }>`select rowid as id from request_search
          where request_search match '"zyxwvut.line"'`.execute(db.kysely);
        expect(changed).toEqual([{ id: line.requestId }]);
      }
      // A re-run adds nothing; ids keep growing after the bulk inserts.
      await seed(db, 'large', { users: 1_500, requests: 6_000 });
      expect(await count(db, sql`select count(*) as count from requests`)).toBe(6_000);
      const user = await db.kysely
        .insertInto('users')
        .values({ email: 'after.large@agency.example', name: 'After', lastName: 'Large' })
        .returning('userId')
        .executeTakeFirstOrThrow();
      expect(user.userId).toBe(1_501);
    } finally {
      await drop();
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_PG_URL)('large seed writer on postgres', () => {
  it('copies text with tabs, newlines, backslashes and quotes, and NULLs, unchanged', async () => {
    const { db, drop } = await freshDatabase('postgres');
    try {
      await sql`create table copy_check (id integer primary key, t text, n integer, d timestamptz)`.execute(
        db.kysely,
      );
      const texts = ['a\tb', 'line\nnext\r', 'back\\slash \\N', '"quoted", {braces}', '\\N', '', 'é ü 漢'];
      const rows = texts.map((t, i) => [i + 1, t, i % 2 === 0 ? null : i, '2026-01-02T03:04:05.678Z']);
      rows.push([texts.length + 1, null, 7, null]);
      const writer = await postgresWriter(db);
      await writer.insert('copy_check', ['id', 't', 'n', 'd'], rows);
      await writer.commit();
      await writer.close();
      const { rows: back } = await sql<{ id: number; t: string | null; n: number | null; d: string | null }>`
        select id, t, n, d from copy_check order by id`.execute(db.kysely);
      expect(back.map((r) => [r.id, r.t, r.n, r.d])).toEqual(rows);
    } finally {
      await drop();
    }
  });
});

describe.each(engines)('migrations on $engine', ({ engine }) => {
  it('go down to empty and up again', async () => {
    const { db, drop } = await freshDatabase(engine);
    try {
      const migrator = new Migrator({
        db: db.kysely,
        provider: {
          getMigrations: () =>
            Promise.resolve(
              Object.fromEntries(
                Object.entries(migrations).map(([name, m]) => [
                  name,
                  {
                    up: (k: Kysely<unknown>) => m.up({ db: k, dialect: db.dialect }),
                    down: (k: Kysely<unknown>) => m.down({ db: k, dialect: db.dialect }),
                  },
                ]),
              ),
            ),
        },
      });
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
      const tables = (await db.kysely.introspection.getTables())
        .map((t) => t.name)
        .filter((n) => !n.startsWith('kysely_'));
      expect(tables).toEqual([]);
      const again = await migrator.migrateToLatest();
      expect(again.error).toBeUndefined();
    } finally {
      await drop();
    }
  }, 60_000);
});

describe('planner statistics after a migration on sqlite', () => {
  it('analyzes an index added after the last ANALYZE, and only that one', async () => {
    const { db, drop } = await freshDatabase('sqlite', true);
    try {
      await migrateToLatest(db);
      await sql`create table stat_probe (id integer primary key, region integer, created text)`.execute(
        db.kysely,
      );
      await sql`create index idx_stat_probe_created on stat_probe (created)`.execute(db.kysely);
      const values = Array.from(
        { length: 300 },
        (_, i) => sql`(${i % 3}, ${`2026-01-${String((i % 28) + 1).padStart(2, '0')}`})`,
      );
      await sql`insert into stat_probe (region, created) values ${sql.join(values)}`.execute(db.kysely);
      await sql`analyze`.execute(db.kysely);
      // As a later migration would: a new index on a table that already has statistics.
      await sql`create index idx_stat_probe_region on stat_probe (region)`.execute(db.kysely);

      expect(await analyzeIndexesWithoutStatistics(db)).toEqual(['idx_stat_probe_region']);
      const { rows } = await sql<{ stat: string }>`
        select stat from sqlite_stat1 where idx = 'idx_stat_probe_region'`.execute(db.kysely);
      // 300 rows, three regions of 100 each: a full scan of the index, not a guess.
      expect(rows.map((r) => r.stat)).toEqual(['300 100']);
      expect(await analyzeIndexesWithoutStatistics(db)).toEqual([]);
    } finally {
      await drop();
    }
  });
});
