import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { Migration, MigrationContext } from './helpers.ts';

/**
 * The stored coverage state of every approval path (`path_coverage`), the Coverage tab's rows:
 * one row per platform availability (agency, practice, platform) × client of that platform and
 * agency, keyed like the tab's rows (`path_key` = client id × 100000 + practice id), with the
 * path's region and market (the agency's), whether every part of it is active, the assignment
 * that covers it by the routing rule (one naming the client, else one naming none), whether its
 * practice has an active master approver, and its rank: 0 no approver, 1 no provisioner, 2
 * covered. The index (is_active, coverage_rank, path_key) makes the tab's default page ("paths
 * with none first") an index walk and its total an index count.
 *
 * Kept current in the writing transaction by triggers on every table the state reads:
 * assignments and master approvers (inserted, updated, deleted) re-resolve the paths they
 * match; a client or a platform availability added creates its paths; a client's platform,
 * agency or activation, an availability's, an agency's market, a market's region and the
 * activation of regions, markets, agencies, practices and platforms refresh the paths they
 * hold. Any writer — the screens, uploads, merges, seeds, tests' factories — keeps it right.
 *
 * Also: partial indexes of the assignments naming a secondary approver or a provisioner backup
 * (most name none, so the planner found the full indexes useless and scanned every assignment
 * for My Approval Tasks), and the covering index of Submitted lines carries the task list's
 * default sort keys (urgency, creation date), so the page is ordered without reading the lines.
 */

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);

const pc = 'path_coverage';

/** The path's parts all active (client, availability, agency, market, region, practice, platform). */
const activeSql = `case when exists (select 1 from clients c
    join platform_agencies pa on pa.platform_id = c.platform_id and pa.agency_id = c.agency_id
    join agencies ag on ag.agency_id = pa.agency_id
    join markets mk on mk.market_id = ag.market_id
    join regions rg on rg.region_id = mk.region_id
    join practices pr on pr.practice_id = pa.practice_id
    join platforms pl on pl.platform_id = pa.platform_id
    where c.client_id = ${pc}.client_id and pa.practice_id = ${pc}.practice_id
      and c.is_deleted = 0 and pa.is_deleted = 0 and ag.is_deleted = 0 and mk.is_deleted = 0
      and rg.is_deleted = 0 and pr.is_deleted = 0 and pl.is_deleted = 0) then 1 else 0 end`;

/** The active assignment on the path naming its client, else the one naming none. */
const covering = (naming: 'client' | 'none') => `(select x.approver_id from approver_assignments x
    where x.region_id = ${pc}.region_id and x.market_id = ${pc}.market_id and x.agency_id = ${pc}.agency_id
      and x.practice_id = ${pc}.practice_id and x.platform_id = ${pc}.platform_id
      and ${naming === 'client' ? `x.client_id = ${pc}.client_id` : 'x.client_id is null'} and x.is_deleted = 0
    order by x.approver_id limit 1)`;

const masterSql = `case when exists (select 1 from master_approvers m
    where m.region_id = ${pc}.region_id and m.market_id = ${pc}.market_id and m.agency_id = ${pc}.agency_id
      and m.practice_id = ${pc}.practice_id and m.is_deleted = 0) then 1 else 0 end`;

const rankSql = `case when approver_id is null and has_master_approver = 0 then 0
    when approver_id is null then 1
    when exists (select 1 from approver_assignments y where y.approver_id = ${pc}.approver_id
      and (y.provisioner_id is not null or y.provisioner_backup_id is not null)) then 2
    else 1 end`;

/** Region and market of the paths matching `where` follow their agency's. */
const moveSql = (where: string) => `update ${pc} set
    market_id = coalesce((select ag.market_id from agencies ag where ag.agency_id = ${pc}.agency_id), market_id),
    region_id = coalesce((select mk.region_id from agencies ag join markets mk on mk.market_id = ag.market_id
      where ag.agency_id = ${pc}.agency_id), region_id)
  where ${where};`;

/** Activation of the paths matching `where`. */
const activateSql = (where: string) => `update ${pc} set is_active = ${activeSql} where ${where};`;

/** Covering assignment, master approver and rank of the paths matching `where`. */
const resolveSql = (where: string) => `update ${pc} set
    approver_id = coalesce(${covering('client')}, ${covering('none')}),
    has_master_approver = ${masterSql}
  where ${where};
  update ${pc} set coverage_rank = ${rankSql} where ${where};`;

/** Creates the missing paths of clients × availabilities matching `where` (aliases c, pa). */
const createSql = (where: string) => `insert into ${pc}
    (path_key, client_id, practice_id, platform_id, agency_id, region_id, market_id,
     is_active, approver_id, has_master_approver, coverage_rank)
  select cast(c.client_id as bigint) * 100000 + pa.practice_id, c.client_id, pa.practice_id,
    c.platform_id, c.agency_id, mk.region_id, ag.market_id, 0, null, 0, 0
  from clients c
  join platform_agencies pa on pa.platform_id = c.platform_id and pa.agency_id = c.agency_id
  join agencies ag on ag.agency_id = c.agency_id
  join markets mk on mk.market_id = ag.market_id
  where ${where}
  on conflict (path_key) do nothing;`;

const all = (where: string) => `${activateSql(where)} ${resolveSql(where)}`;

const assignmentPath = (row: 'new' | 'old') =>
  `${pc}.agency_id = ${row}.agency_id and ${pc}.practice_id = ${row}.practice_id
    and ${pc}.platform_id = ${row}.platform_id and ${pc}.region_id = ${row}.region_id
    and ${pc}.market_id = ${row}.market_id
    and (${row}.client_id is null or ${pc}.client_id = ${row}.client_id)`;
const masterPath = (row: 'new' | 'old') =>
  `${pc}.agency_id = ${row}.agency_id and ${pc}.practice_id = ${row}.practice_id
    and ${pc}.region_id = ${row}.region_id and ${pc}.market_id = ${row}.market_id`;
const availabilityPath = (row: 'new' | 'old') =>
  `${pc}.agency_id = ${row}.agency_id and ${pc}.practice_id = ${row}.practice_id
    and ${pc}.platform_id = ${row}.platform_id`;

/** `old.a is distinct from new.a or …` */
const changed = (dialect: Dialect, columns: readonly string[]) =>
  columns
    .map((c) => (dialect === 'postgres' ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`))
    .join(' or ');

interface Trigger {
  name: string;
  table: string;
  event: 'insert' | 'delete' | { update: string[] };
  body: string;
}

const triggers: Trigger[] = [
  {
    name: 'assignment_insert',
    table: 'approver_assignments',
    event: 'insert',
    body: resolveSql(assignmentPath('new')),
  },
  {
    name: 'assignment_update',
    table: 'approver_assignments',
    event: {
      update: [
        'region_id',
        'market_id',
        'agency_id',
        'practice_id',
        'platform_id',
        'client_id',
        'is_deleted',
        'provisioner_id',
        'provisioner_backup_id',
      ],
    },
    body: `${resolveSql(assignmentPath('old'))} ${resolveSql(assignmentPath('new'))}`,
  },
  {
    name: 'assignment_delete',
    table: 'approver_assignments',
    event: 'delete',
    body: resolveSql(assignmentPath('old')),
  },
  { name: 'master_insert', table: 'master_approvers', event: 'insert', body: resolveSql(masterPath('new')) },
  {
    name: 'master_update',
    table: 'master_approvers',
    event: { update: ['region_id', 'market_id', 'agency_id', 'practice_id', 'is_deleted'] },
    body: `${resolveSql(masterPath('old'))} ${resolveSql(masterPath('new'))}`,
  },
  { name: 'master_delete', table: 'master_approvers', event: 'delete', body: resolveSql(masterPath('old')) },
  {
    name: 'client_insert',
    table: 'clients',
    event: 'insert',
    body: `${createSql('c.client_id = new.client_id')} ${all(`${pc}.client_id = new.client_id`)}`,
  },
  {
    name: 'client_update',
    table: 'clients',
    event: { update: ['platform_id', 'agency_id', 'is_deleted'] },
    body: `delete from ${pc} where ${pc}.client_id = old.client_id
        and (${pc}.platform_id <> new.platform_id or ${pc}.agency_id <> new.agency_id);
      ${createSql('c.client_id = new.client_id')} ${all(`${pc}.client_id = new.client_id`)}`,
  },
  {
    name: 'client_delete',
    table: 'clients',
    event: 'delete',
    body: `delete from ${pc} where ${pc}.client_id = old.client_id;`,
  },
  {
    name: 'availability_insert',
    table: 'platform_agencies',
    event: 'insert',
    body: `${createSql('pa.platform_agency_id = new.platform_agency_id')} ${all(availabilityPath('new'))}`,
  },
  {
    name: 'availability_update',
    table: 'platform_agencies',
    event: { update: ['platform_id', 'agency_id', 'practice_id', 'is_deleted'] },
    body: `${createSql('pa.platform_agency_id = new.platform_agency_id')}
      ${activateSql(availabilityPath('old'))} ${all(availabilityPath('new'))}`,
  },
  {
    name: 'availability_delete',
    table: 'platform_agencies',
    event: 'delete',
    body: activateSql(availabilityPath('old')),
  },
  {
    name: 'agency_update',
    table: 'agencies',
    event: { update: ['market_id', 'is_deleted'] },
    body: `${moveSql(`${pc}.agency_id = new.agency_id`)} ${all(`${pc}.agency_id = new.agency_id`)}`,
  },
  {
    name: 'market_update',
    table: 'markets',
    event: { update: ['region_id', 'is_deleted'] },
    body: `${moveSql(`${pc}.market_id = new.market_id`)} ${all(`${pc}.market_id = new.market_id`)}`,
  },
  {
    name: 'region_update',
    table: 'regions',
    event: { update: ['is_deleted'] },
    body: activateSql(`${pc}.region_id = new.region_id`),
  },
  {
    name: 'practice_update',
    table: 'practices',
    event: { update: ['is_deleted'] },
    body: activateSql(`${pc}.practice_id = new.practice_id`),
  },
  {
    name: 'platform_update',
    table: 'platforms',
    event: { update: ['is_deleted'] },
    body: activateSql(`${pc}.platform_id = new.platform_id`),
  },
];

const triggerName = (t: Trigger) => `trg_path_coverage_${t.name}`;

async function createTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const t of triggers) {
    const on =
      typeof t.event === 'string'
        ? `after ${t.event} on ${t.table}`
        : `after update of ${t.event.update.join(', ')} on ${t.table}`;
    const when = typeof t.event === 'string' ? '' : changed(dialect, t.event.update);
    if (dialect === 'postgres') {
      await run(
        db,
        `create function ${triggerName(t)}() returns trigger language plpgsql as $$
        begin
          ${t.body}
          return null;
        end $$`,
      );
      await run(
        db,
        `create trigger ${triggerName(t)} ${on} for each row ${when ? `when (${when})` : ''}
          execute function ${triggerName(t)}()`,
      );
    } else {
      await run(
        db,
        `create trigger ${triggerName(t)} ${on} ${when ? `when ${when}` : ''} begin ${t.body} end`,
      );
    }
  }
}

/** Fills `path_coverage` from every client × availability (the migration's backfill). */
export async function rebuildPathCoverage({ db }: MigrationContext): Promise<void> {
  await run(db, `delete from ${pc}`);
  await run(db, createSql('1 = 1'));
  for (const statement of all('1 = 1').split(';')) {
    if (statement.trim() !== '') {
      await run(db, statement);
    }
  }
}

export const m0033: Migration = {
  async up(ctx) {
    const { db, dialect } = ctx;
    await db.schema
      .createTable(pc)
      .addColumn('path_key', 'bigint', (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull())
      .addColumn('practice_id', 'integer', (c) => c.notNull())
      .addColumn('platform_id', 'integer', (c) => c.notNull())
      .addColumn('agency_id', 'integer', (c) => c.notNull())
      .addColumn('region_id', 'integer', (c) => c.notNull())
      .addColumn('market_id', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('approver_id', 'integer')
      .addColumn('has_master_approver', 'integer', (c) => c.notNull())
      .addColumn('coverage_rank', 'integer', (c) => c.notNull())
      .execute();
    await rebuildPathCoverage(ctx);
    await db.schema
      .createIndex('idx_path_coverage_rank')
      .on(pc)
      .columns(['is_active', 'coverage_rank', 'path_key'])
      .execute();
    await db.schema
      .createIndex('idx_path_coverage_path')
      .on(pc)
      .columns(['agency_id', 'practice_id', 'platform_id', 'client_id'])
      .execute();
    await db.schema.createIndex('idx_path_coverage_client_id').on(pc).column('client_id').execute();
    await db.schema.createIndex('idx_path_coverage_market_id').on(pc).column('market_id').execute();
    await createTriggers(db, dialect);

    for (const column of ['secondary_approver_id', 'provisioner_backup_id']) {
      await db.schema
        .createIndex(`idx_approver_assignments_${column}_set`)
        .on('approver_assignments')
        .column(column)
        .where(sql.ref(column), 'is not', null)
        .execute();
    }
    await db.schema.dropIndex('idx_requests_submitted_routing').ifExists().execute();
    await db.schema
      .createIndex('idx_requests_submitted_routing')
      .on('requests')
      .columns([
        'request_id',
        'region_id',
        'market_id',
        'agency_id',
        'practice_id',
        'platform_id',
        'client_id',
        'user_id',
        'created_by',
        'is_urgent',
        'created_date',
      ])
      .where(sql<boolean>`status_id = 1`)
      .execute();
    if (dialect === 'postgres') {
      await run(db, `analyze ${pc}`);
    }
  },

  async down({ db, dialect }) {
    for (const t of triggers) {
      await run(
        db,
        `drop trigger if exists ${triggerName(t)}${dialect === 'postgres' ? ` on ${t.table}` : ''}`,
      );
      if (dialect === 'postgres') {
        await run(db, `drop function if exists ${triggerName(t)}()`);
      }
    }
    await db.schema.dropTable(pc).ifExists().execute();
    for (const column of ['secondary_approver_id', 'provisioner_backup_id']) {
      await db.schema.dropIndex(`idx_approver_assignments_${column}_set`).ifExists().execute();
    }
    await db.schema.dropIndex('idx_requests_submitted_routing').ifExists().execute();
    await db.schema
      .createIndex('idx_requests_submitted_routing')
      .on('requests')
      .columns([
        'request_id',
        'region_id',
        'market_id',
        'agency_id',
        'practice_id',
        'platform_id',
        'client_id',
        'user_id',
        'created_by',
      ])
      .where(sql<boolean>`status_id = 1`)
      .execute();
  },
};
