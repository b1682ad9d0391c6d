import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TrackerRow } from '@uap/domain';
import { hasNoApprovalPath, insideAdminScope, routedToProvisioner } from '../src/modules/requests/routing.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['standard', 'provisioner', 'admin', 'superAdmin', 'auditor'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await ctx.close();
});

const PAT = 5;
const ADA = 2;

const put = (who: keyof typeof demo, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${tokens[who]}` }, payload });

async function tracker(who: keyof typeof demo, body: object = {}) {
  const res = await put(who, '/api/Request/AllRequests', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: TrackerRow[]; page: number; totalCount: number } }>().data;
}

const count = (rows: { n: unknown } | undefined) => Number(rows?.n);

describe('PUT api/Request/AllRequests', () => {
  it('shows a super admin every line of every type and status, newest first', async () => {
    const page = await tracker('superAdmin', { pageSize: 100 });
    const total = await ctx.db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(page.totalCount).toBe(count(total));
    const dates = page.requests.map((r) => r.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const types = await put('superAdmin', '/api/Request/AllRequests/Filters', { column: 'requestTypeName' });
    expect(types.json().data.values).toHaveLength(4);
    const statuses = await put('superAdmin', '/api/Request/AllRequests/Filters', { column: 'status' });
    expect(statuses.json().data.values).toEqual(
      expect.arrayContaining(['Submitted', 'Approved', 'Completed', 'Rejected', 'Cancelled', 'Archived']),
    );
  });

  it('shows a provisioner exactly the lines routed to them, in any status', async () => {
    const expected = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => routedToProvisioner(eb, PAT))
      .select(['r.requestId', 'r.statusId'])
      .orderBy('r.requestId', 'desc')
      .execute();
    const page = await tracker('provisioner', { pageSize: 100, orderBy: 'requestId' });
    expect(page.totalCount).toBe(expected.length);
    expect(page.requests.map((r) => r.requestId)).toEqual(expected.slice(0, 100).map((r) => r.requestId));
    expect(new Set(expected.map((r) => r.statusId)).size).toBeGreaterThan(1);
  });

  it("shows an admin the lines inside their admin rows, and the filters' options within them", async () => {
    const expected = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => insideAdminScope(eb, ADA))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const page = await tracker('admin', { pageSize: 100 });
    expect(page.totalCount).toBe(count(expected));
    const scopeRows = await ctx.db.kysely
      .selectFrom('adminRegions as ar')
      .innerJoin('regions as rg', 'rg.regionId', 'ar.regionId')
      .innerJoin('markets as mk', 'mk.marketId', 'ar.marketId')
      .select(['rg.description as region', 'mk.description as market'])
      .where('ar.userId', '=', ADA)
      .where('ar.isDeleted', '=', 0)
      .execute();
    const allowed = new Set(scopeRows.map((s) => `${s.region}/${s.market}`));
    for (const row of page.requests) {
      expect(allowed.has(`${row.regionName}/${row.marketName}`)).toBe(true);
    }
    const regions = await put('admin', '/api/Request/AllRequests/Filters', { column: 'regionName' });
    expect(regions.statusCode).toBe(200);
    expect(regions.json().data.values).toEqual([...new Set(scopeRows.map((s) => s.region))].sort());
  });

  it('refuses roles below provisioner with 403', async () => {
    const res = await put('standard', '/api/Request/AllRequests', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.forbiddenRole);
  });

  it('flags the lines that no assignment or master approver covers', async () => {
    const unrouted = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => hasNoApprovalPath(eb))
      .select('r.requestId')
      .execute();
    expect(unrouted.length).toBeGreaterThan(0);
    const ids = unrouted.map((r) => String(r.requestId));
    const flagged = await tracker('superAdmin', {
      pageSize: 100,
      filters: [{ column: 'requestId', values: ids }],
    });
    expect(flagged.totalCount).toBe(ids.length);
    expect(flagged.requests.every((r) => r.noApprovalPath)).toBe(true);
    const routed = await tracker('provisioner', { pageSize: 20 });
    expect(routed.requests.length).toBeGreaterThan(0);
    expect(routed.requests.every((r) => !r.noApprovalPath)).toBe(true);
  });

  it('filters by status and region, searches and sorts by a whitelisted column', async () => {
    const page = await tracker('superAdmin', {
      pageSize: 50,
      filters: [
        { column: 'status', values: ['Submitted'] },
        { column: 'regionName', values: ['North America'] },
      ],
      orderBy: 'platformName',
      orderAsc: true,
    });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(
      page.requests.every((r) => r.status.description === 'Submitted' && r.regionName === 'North America'),
    ).toBe(true);
    const names = page.requests.map((r) => r.platformName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const searched = await tracker('superAdmin', { searchCriteria: demo.standard });
    expect(searched.totalCount).toBeGreaterThan(0);
    const bad = await put('superAdmin', '/api/Request/AllRequests', { orderBy: 'secret' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the whole filtered result as CSV, with the approval path flag', async () => {
    const unrouted = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => hasNoApprovalPath(eb))
      .select('r.requestId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const body = { filters: [{ column: 'requestId', values: [String(unrouted.requestId)] }] };
    const res = await put('auditor', '/api/Request/AllRequests/Export', body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Request ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(unrouted.requestId));
    expect(lines[1]).toContain(messages.noApprovalPath);
    const patCsv = await put('provisioner', '/api/Request/AllRequests/Export', {});
    const patPage = await tracker('provisioner', { pageSize: 5 });
    expect(patCsv.body.trim().split(/\r?\n/)).toHaveLength(patPage.totalCount + 1);
  });
});
