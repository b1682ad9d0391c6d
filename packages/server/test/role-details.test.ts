import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApproverAssignmentList, MasterApproverList } from '@uap/domain';
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
