import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApproverAssignmentList, FilterOptions, MasterApproverList } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { userIdOf } from './factories.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  ALEX = await userIdOf(ctx.db.kysely, demo.approver);
  MIA = await userIdOf(ctx.db.kysely, demo.master);
  PAT = await userIdOf(ctx.db.kysely, demo.provisioner);
  for (const who of ['standard', 'approver', 'master', 'provisioner', 'admin', 'superAdmin'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await ctx.close();
});

let ALEX: number;
let MIA: number;
let PAT: number;

const get = (who: keyof typeof demo, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

const put = (who: keyof typeof demo, url: string, body: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${tokens[who]}` }, payload: body });

async function approvers(who: keyof typeof demo, query = 'onlyMe=true') {
  const res = await get(who, `/api/Approvers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ApproverAssignmentList }>().data;
}

async function countAssignments(userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('approverAssignments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) =>
      eb.or([
        eb('userId', '=', userId),
        eb('secondaryApproverId', '=', userId),
        eb('provisionerId', '=', userId),
        eb('provisionerBackupId', '=', userId),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n);
}

describe('GET api/Approvers?onlyMe=true', () => {
  it("lists Alex's approver rows with every name and email, and says he holds the approver role", async () => {
    const list = await approvers('approver');
    expect(list.totalCount).toBe(await countAssignments(ALEX));
    expect(list.approvers.length).toBeGreaterThan(0);
    for (const row of list.approvers) {
      expect([row.userId, row.secondaryApproverId]).toContain(ALEX);
      expect(row.regionName).not.toBe('');
      expect(row.platformName).not.toBe('');
      expect(row.clientName).not.toBe('');
      expect(row.approverEmail).toMatch(/@/);
    }
    expect(list.approvers.some((r) => r.approverEmail === demo.approver)).toBe(true);
    expect(list.approvers.some((r) => r.secondaryApproverEmail === demo.approver)).toBe(true);
    expect(list.approvers.some((r) => r.provisionerEmail === demo.provisioner)).toBe(true);
    expect(list.approvers.some((r) => r.isDeleted)).toBe(true);
    expect(list).toMatchObject({ holdsApprover: true, holdsProvisioner: false });
  });

  it("lists Pat's provisioner rows and says he holds the provisioner role only", async () => {
    const list = await approvers('provisioner');
    expect(list.totalCount).toBe(await countAssignments(PAT));
    for (const row of list.approvers) {
      expect([row.provisionerId, row.provisionerBackupId]).toContain(PAT);
    }
    expect(list).toMatchObject({ holdsApprover: false, holdsProvisioner: true });
  });

  it('lists every assignment in scope for admins only (paged)', async () => {
    expect((await get('approver', '/api/Approvers')).statusCode).toBe(403);
    expect((await get('standard', '/api/Approvers?onlyMe=true')).statusCode).toBe(403);
    const total = await ctx.db.kysely
      .selectFrom('approverAssignments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const all = await approvers('superAdmin', 'pageSize=5');
    expect(all.totalCount).toBe(Number(total?.n));
    expect(all.approvers).toHaveLength(Math.min(5, all.totalCount));
    const scoped = await approvers('admin', 'pageSize=100');
    expect(scoped.totalCount).toBeLessThanOrEqual(all.totalCount);
    expect(scoped.approvers.every((r) => r.regionName === 'North America')).toBe(true);
    const ofAlex = await approvers('superAdmin', `userid=${ALEX}`);
    expect(ofAlex.totalCount).toBe(await countAssignments(ALEX));
  });
});

describe('GET api/Approvers/GetMasterApprover?onlyMe=true', () => {
  it("lists Mia's master approver rows with her name, email and path", async () => {
    const res = await get('master', '/api/Approvers/GetMasterApprover?onlyMe=true');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ data: MasterApproverList }>().data;
    const expected = await ctx.db.kysely
      .selectFrom('masterApprovers')
      .select('masterApproverId')
      .where('userId', '=', MIA)
      .execute();
    expect(list.totalCount).toBe(expected.length);
    expect(list.masterApprovers.length).toBeGreaterThan(0);
    for (const row of list.masterApprovers) {
      expect(row.masterApproverEmail).toBe(demo.master);
      expect(row.masterApproverName).toBe('Mia Master');
      expect([row.regionName, row.marketName, row.agencyName, row.practiceName].every(Boolean)).toBe(true);
    }
    expect((await get('approver', '/api/Approvers/GetMasterApprover?onlyMe=true')).statusCode).toBe(403);
  });
});

/** Every page of a PUT table, pageSize 50: the ids in the order served, and the totals each page gave. */
async function pageThrough<Row>(
  who: keyof typeof demo,
  url: string,
  body: object,
  rowsOf: (data: { totalCount: number } & Record<string, unknown>) => Row[],
  idOf: (row: Row) => number,
) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; page < 20; page++) {
    const res = await put(who, url, { ...body, page, pageSize: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { totalCount: number } & Record<string, unknown> }>().data;
    totals.add(data.totalCount);
    const rows = rowsOf(data);
    ids.push(...rows.map(idOf));
    if (rows.length < 50) {
      break;
    }
  }
  return { ids, totals: [...totals] };
}

describe('PUT api/Approvers/Assignments (My Approver/Provisioner Role Details, server-paged)', () => {
  const url = '/api/Approvers/Assignments';
  const rowsOf = (data: Record<string, unknown>) => (data as unknown as ApproverAssignmentList).approvers;

  it("pages through more than 100 of Alex's rows: every row once, Active first", async () => {
    const {
      approverId: _id,
      createdDate: _c,
      updatedDate: _u,
      ...copy
    } = await ctx.db.kysely
      .selectFrom('approverAssignments')
      .selectAll()
      .where('userId', '=', ALEX)
      .where('isDeleted', '=', 0)
      .orderBy('approverId')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('approverAssignments')
      .values(Array.from({ length: 120 }, () => ({ ...copy, isDeleted: 1 })))
      .execute();
    const expected = await ctx.db.kysely
      .selectFrom('approverAssignments')
      .select(['approverId', 'isDeleted'])
      .where((eb) =>
        eb.or([
          eb('userId', '=', ALEX),
          eb('secondaryApproverId', '=', ALEX),
          eb('provisionerId', '=', ALEX),
          eb('provisionerBackupId', '=', ALEX),
        ]),
      )
      .execute();
    expect(expected.length).toBeGreaterThan(120);

    const { ids, totals } = await pageThrough('approver', url, { onlyMe: true }, rowsOf, (r) => r.approverId);
    expect(totals).toEqual([expected.length]);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected.map((r) => r.approverId)));
    // Default order: the active rows first.
    const activeCount = expected.filter((r) => r.isDeleted === 0).length;
    const activeIds = new Set(expected.filter((r) => r.isDeleted === 0).map((r) => r.approverId));
    expect(ids.slice(0, activeCount).every((id) => activeIds.has(id))).toBe(true);
  });

  it('filters, searches and sorts in SQL, and lists the values of a column', async () => {
    const inactive = await ctx.db.kysely
      .selectFrom('approverAssignments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('isDeleted', '=', 1)
      .where((eb) => eb.or([eb('userId', '=', ALEX), eb('secondaryApproverId', '=', ALEX)]))
      .executeTakeFirst();
    const filtered = await put('approver', url, {
      onlyMe: true,
      pageSize: 5,
      filters: [{ column: 'status', values: ['Inactive'] }],
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const page = filtered.json<{ data: ApproverAssignmentList }>().data;
    expect(page.totalCount).toBe(Number(inactive?.n));
    expect(page.approvers).toHaveLength(5);
    expect(page.approvers.every((r) => r.isDeleted && r.status === 'Inactive')).toBe(true);
    expect(page).toMatchObject({ holdsApprover: true, holdsProvisioner: false });

    const byEmail = await put('approver', url, { onlyMe: true, searchCriteria: demo.provisioner });
    const found = byEmail.json<{ data: ApproverAssignmentList }>().data.approvers;
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((r) =>
        [r.provisionerEmail, r.provisionerBackupEmail, r.approverEmail].includes(demo.provisioner),
      ),
    ).toBe(true);

    const sorted = await put('approver', url, {
      onlyMe: true,
      orderBy: 'status',
      orderAsc: false,
      pageSize: 5,
    });
    const statuses = sorted.json<{ data: ApproverAssignmentList }>().data.approvers.map((r) => r.status);
    expect(statuses).toEqual(['Inactive', 'Inactive', 'Inactive', 'Inactive', 'Inactive']);

    const options = await put('approver', `${url}/Filters`, { onlyMe: true, column: 'status' });
    expect(options.json<{ data: FilterOptions }>().data).toEqual({
      values: ['Active', 'Inactive'],
      isTruncated: false,
    });

    const unknown = await put('approver', url, { onlyMe: true, orderBy: 'userId' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/Unknown sort column 'userId'/);
  });

  it('keeps the GET rules: without onlyMe only admins, an admin only inside its rows', async () => {
    expect((await put('approver', url, {})).statusCode).toBe(403);
    const scoped = await put('admin', url, { pageSize: 100 });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const rows = scoped.json<{ data: ApproverAssignmentList }>().data.approvers;
    expect(rows.every((r) => r.regionName === 'North America')).toBe(true);
  });
});

describe('PUT api/Approvers/MasterApprovers (My Master Approver Role Details, server-paged)', () => {
  it("pages through more than 100 of Mia's rows, every row once", async () => {
    const {
      masterApproverId: _id,
      createdDate: _c,
      updatedDate: _u,
      ...copy
    } = await ctx.db.kysely
      .selectFrom('masterApprovers')
      .selectAll()
      .where('userId', '=', MIA)
      .orderBy('masterApproverId')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('masterApprovers')
      .values(Array.from({ length: 110 }, () => ({ ...copy, isDeleted: 1 })))
      .execute();
    const expected = await ctx.db.kysely
      .selectFrom('masterApprovers')
      .select('masterApproverId')
      .where('userId', '=', MIA)
      .execute();
    expect(expected.length).toBeGreaterThan(110);
    const { ids, totals } = await pageThrough(
      'master',
      '/api/Approvers/MasterApprovers',
      { onlyMe: true },
      (data) => (data as unknown as MasterApproverList).masterApprovers,
      (r) => r.masterApproverId,
    );
    expect(totals).toEqual([expected.length]);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected.map((r) => r.masterApproverId)));
  });
});
