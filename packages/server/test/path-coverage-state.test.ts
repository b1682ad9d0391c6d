import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CoverageState, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildMasterApprover, buildPath, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';

/**
 * The stored coverage state of the approval paths (migration 0033) follows every writer in the
 * writing transaction: each test writes through the API (assignments, master approvers) or, for
 * master data, to the table the master-data screens and uploads write, then reads the Coverage
 * tab and checks the whole stored table against the routing rule computed here from scratch.
 */
let ctx: TestContext;
let superAdmin: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
});
afterAll(async () => {
  await ctx.close();
});

async function call<T>(method: 'POST' | 'PUT', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(superAdmin.email)}` },
  });
  return { status: res.statusCode, body: res.body, data: res.json<{ data: T }>().data };
}

type Row = { coverage: string; clientName: string; marketName: string; approverName: string | null };

/** The Coverage tab's rows of these clients, as the super admin sees them. */
async function tab(...clients: string[]) {
  const page = await call<{ paths: Row[]; totalCount: number }>('PUT', '/api/Approvers/Coverage', {
    pageSize: 50,
    filters: [{ column: 'clientName', values: clients }],
  });
  expect(page.status, page.body).toBe(200);
  return page.data;
}

async function stateOf(path: BuiltPath) {
  const rows = (await tab(path.names.client)).paths;
  return rows.length === 0 ? 'not listed' : rows.map((r) => r.coverage).join(',');
}

/**
 * Every stored path against the rule, computed here without the stored state: the paths are the
 * availabilities × clients of the platform and agency; the active assignment naming the client,
 * else the one naming none, covers it; a master approver of the practice also approves.
 */
async function expectStoredStateFollows() {
  const found = await sql<{ pathKey: number; isActive: number; rank: number; stored: number | null }>`
    with p as (
      select cast(c.client_id as bigint) * 100000 + pa.practice_id as path_key, mk.region_id, mk.market_id,
        pa.agency_id, pa.practice_id, pa.platform_id, c.client_id,
        case when c.is_deleted = 0 and pa.is_deleted = 0 and ag.is_deleted = 0 and mk.is_deleted = 0
          and rg.is_deleted = 0 and pr.is_deleted = 0 and pl.is_deleted = 0 then 1 else 0 end as is_active
      from clients c
      join platform_agencies pa on pa.platform_id = c.platform_id and pa.agency_id = c.agency_id
      join agencies ag on ag.agency_id = pa.agency_id
      join markets mk on mk.market_id = ag.market_id
      join regions rg on rg.region_id = mk.region_id
      join practices pr on pr.practice_id = pa.practice_id
      join platforms pl on pl.platform_id = pa.platform_id),
    a as (
      select p.*, coalesce(
        (select x.approver_id from approver_assignments x where x.is_deleted = 0 and x.client_id = p.client_id
          and x.region_id = p.region_id and x.market_id = p.market_id and x.agency_id = p.agency_id
          and x.practice_id = p.practice_id and x.platform_id = p.platform_id),
        (select x.approver_id from approver_assignments x where x.is_deleted = 0 and x.client_id is null
          and x.region_id = p.region_id and x.market_id = p.market_id and x.agency_id = p.agency_id
          and x.practice_id = p.practice_id and x.platform_id = p.platform_id)) as approver_id,
        (select count(*) from master_approvers m where m.is_deleted = 0 and m.region_id = p.region_id
          and m.market_id = p.market_id and m.agency_id = p.agency_id and m.practice_id = p.practice_id) as masters
      from p)
    select a.path_key as "pathKey", max(a.is_active) as "isActive",
      max(case when a.approver_id is null and a.masters = 0 then 0
        when y.provisioner_id is null and y.provisioner_backup_id is null then 1 else 2 end) as rank,
      max(s.coverage_rank) as stored
    from a left join approver_assignments y on y.approver_id = a.approver_id
    left join path_coverage s on s.path_key = a.path_key
    group by a.path_key`.execute(ctx.db.kysely);
  const stored = await ctx.db.kysely
    .selectFrom('pathCoverage')
    .select(['pathKey', 'isActive', 'coverageRank'])
    .execute();
  const byKey = new Map(stored.map((s) => [Number(s.pathKey), s]));
  expect(found.rows.length).toBeGreaterThan(0);
  const wrong = found.rows.filter((row) => {
    const s = byKey.get(Number(row.pathKey));
    return (
      s === undefined ||
      Number(s.isActive) !== Number(row.isActive) ||
      (Number(row.isActive) === 1 && Number(s.coverageRank) !== Number(row.rank))
    );
  });
  expect(wrong).toEqual([]);
  // Nothing stored as active that is no path.
  const keys = new Set(found.rows.map((r) => Number(r.pathKey)));
  expect(stored.filter((s) => Number(s.isActive) === 1 && !keys.has(Number(s.pathKey)))).toEqual([]);
}

const pathBody = (path: BuiltPath, clientScoped = false) => ({
  regionId: path.regionId,
  marketId: path.marketId,
  agencyId: path.agencyId,
  practiceId: path.practiceId,
  platformId: path.platformId,
  clientId: clientScoped ? path.clientId : null,
});

describe('stored path coverage follows', () => {
  it('assignments added, deactivated, activated and deleted, and client-scoped ones winning', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k);
    const other = await buildUser(k);
    const provisioner = await buildUser(k);
    const path = await buildPath(k);
    const sibling = await buildPath(k, { ...pathBody(path) });
    expect(await stateOf(path)).toBe(CoverageState.NO_APPROVER);

    const added = await call<{ ids: number[] }>('POST', '/api/Approvers', {
      ...pathBody(path),
      userId: approver.userId,
      provisionerId: provisioner.userId,
    });
    expect(added.status, added.body).toBe(200);
    expect(await stateOf(path)).toBe(CoverageState.COVERED);
    expect(await stateOf(sibling)).toBe(CoverageState.COVERED);
    await expectStoredStateFollows();

    // A client-scoped assignment without a provisioner wins on its client only.
    const scoped = await call<{ ids: number[] }>('POST', '/api/Approvers', {
      ...pathBody(sibling, true),
      userId: other.userId,
    });
    expect(scoped.status, scoped.body).toBe(200);
    expect(await stateOf(sibling)).toBe(CoverageState.NO_PROVISIONER);
    expect(await stateOf(path)).toBe(CoverageState.COVERED);
    await expectStoredStateFollows();

    const off = await call('PUT', '/api/Approvers/Approver/ActiveDeactive', {
      ids: added.data.ids,
      isDeleted: true,
      confirm: true,
    });
    expect(off.status, off.body).toBe(200);
    expect(await stateOf(path)).toBe(CoverageState.NO_APPROVER);
    expect(await stateOf(sibling)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();

    const on = await call('PUT', `/api/Approvers/Approver/ActiveDeactive/${added.data.ids[0]}/false`);
    expect(on.status, on.body).toBe(200);
    expect(await stateOf(path)).toBe(CoverageState.COVERED);

    const removed = await call('PUT', `/api/Approvers/Approver/DeleteAssignment/${scoped.data.ids[0]}`, {
      confirm: true,
    });
    expect(removed.status, removed.body).toBe(200);
    expect(await stateOf(sibling)).toBe(CoverageState.COVERED);
    await expectStoredStateFollows();

    // The assignment's provisioners removed (an edit): no provisioner.
    await k
      .updateTable('approverAssignments')
      .set({ provisionerId: null })
      .where('approverId', '=', added.data.ids[0]!)
      .execute();
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();
  });

  it('master approvers saved and deactivated', async () => {
    const k = ctx.db.kysely;
    const master = await buildUser(k);
    const path = await buildPath(k);
    const saved = await call<{ ids?: number[] }>('POST', '/api/Approvers/SaveMasterApprover', {
      userId: master.userId,
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
    });
    expect(saved.status, saved.body).toBe(200);
    // A master approver approves; nobody provisions.
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();
    const row = await k
      .selectFrom('masterApprovers')
      .select('masterApproverId')
      .where('userId', '=', master.userId)
      .executeTakeFirstOrThrow();
    const off = await call(
      'PUT',
      `/api/Approvers/MasterApprover/ActiveDeactive/${row.masterApproverId}/true`,
      {
        confirm: true,
      },
    );
    expect(off.status, off.body).toBe(200);
    expect(await stateOf(path)).toBe(CoverageState.NO_APPROVER);
    await expectStoredStateFollows();
  });

  it('clients added, moved, deactivated and deleted', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    // A new client of the platform and agency: a new path, covered by the path-wide assignment.
    const added = await k
      .insertInto('clients')
      .values({
        platformId: path.platformId,
        agencyId: path.agencyId,
        description: `New ${path.names.client}`,
      })
      .returning('clientId')
      .executeTakeFirstOrThrow();
    expect((await tab(`New ${path.names.client}`)).paths.map((r) => r.coverage)).toEqual([
      CoverageState.NO_PROVISIONER,
    ]);
    await expectStoredStateFollows();

    await k.updateTable('clients').set({ isDeleted: 1 }).where('clientId', '=', path.clientId).execute();
    expect(await stateOf(path)).toBe('not listed');
    await k.updateTable('clients').set({ isDeleted: 0 }).where('clientId', '=', path.clientId).execute();
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();

    // Moved to another agency of the platform (no availability there: no path), then back.
    const elsewhere = await buildPath(k, { platformId: path.platformId });
    await k
      .updateTable('clients')
      .set({ agencyId: elsewhere.agencyId })
      .where('clientId', '=', added.clientId)
      .execute();
    expect((await tab(`New ${path.names.client}`)).paths.map((r) => r.coverage)).toEqual([
      CoverageState.NO_APPROVER,
    ]);
    await expectStoredStateFollows();

    await k.deleteFrom('clients').where('clientId', '=', added.clientId).execute();
    expect((await tab(`New ${path.names.client}`)).totalCount).toBe(0);
    await expectStoredStateFollows();
  });

  it('platform availability added and deactivated; agencies, markets, regions, practices, platforms', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    const practice = await k
      .insertInto('practices')
      .values({ description: `Practice 2 ${path.names.client}` })
      .returning('practiceId')
      .executeTakeFirstOrThrow();
    const availability = await k
      .insertInto('platformAgencies')
      .values({ platformId: path.platformId, agencyId: path.agencyId, practiceId: practice.practiceId })
      .returning('platformAgencyId')
      .executeTakeFirstOrThrow();
    // The client is now on two paths; the assignment covers the first practice only.
    expect((await tab(path.names.client)).paths.map((r) => r.coverage).sort()).toEqual(
      [CoverageState.NO_APPROVER, CoverageState.NO_PROVISIONER].sort(),
    );
    await expectStoredStateFollows();
    await k
      .updateTable('platformAgencies')
      .set({ isDeleted: 1 })
      .where('platformAgencyId', '=', availability.platformAgencyId)
      .execute();
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();

    // The agency moves to another market: its paths move, and the assignment (on the old
    // market) no longer covers them.
    const other = await buildPath(k);
    await k
      .updateTable('agencies')
      .set({ marketId: other.marketId })
      .where('agencyId', '=', path.agencyId)
      .execute();
    const moved = (await tab(path.names.client)).paths;
    expect(moved.map((r) => [r.coverage, r.marketName])).toEqual([
      [CoverageState.NO_APPROVER, other.names.market],
    ]);
    await expectStoredStateFollows();
    await k
      .updateTable('agencies')
      .set({ marketId: path.marketId })
      .where('agencyId', '=', path.agencyId)
      .execute();
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);

    for (const [table, column, id] of [
      ['agencies', 'agencyId', path.agencyId],
      ['markets', 'marketId', path.marketId],
      ['regions', 'regionId', path.regionId],
      ['practices', 'practiceId', path.practiceId],
      ['platforms', 'platformId', path.platformId],
    ] as const) {
      await k.updateTable(table).set({ isDeleted: 1 }).where(sql.ref(column), '=', id).execute();
      expect(await stateOf(path), table).toBe('not listed');
      await expectStoredStateFollows();
      await k.updateTable(table).set({ isDeleted: 0 }).where(sql.ref(column), '=', id).execute();
      expect(await stateOf(path), table).toBe(CoverageState.NO_PROVISIONER);
    }
    // A market moving region carries its paths along.
    await k
      .updateTable('markets')
      .set({ regionId: other.regionId })
      .where('marketId', '=', path.marketId)
      .execute();
    await expectStoredStateFollows();
  });

  it('a master approver added by a factory (any writer) counts too', async () => {
    const k = ctx.db.kysely;
    const master = await buildUser(k);
    const path = await buildPath(k);
    await buildMasterApprover(k, master.userId, path);
    expect(await stateOf(path)).toBe(CoverageState.NO_PROVISIONER);
    await expectStoredStateFollows();
  });
});
