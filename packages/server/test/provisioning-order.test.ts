import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, type ProvisioningPage } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { caller } from './provisioning-helpers.ts';
import { buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

/**
 * My Provisioning Tasks lists the Approved lines (the work) and the Completed ones the
 * provisioner has not archived yet: in the default order the work comes first, and the home
 * tile counts the work only.
 */
let ctx: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = caller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const day = (d: number) => `2021-01-${String(d).padStart(2, '0')}T00:00:00.000Z`;

/** Pat: 3 Completed lines from January 2021, older than his 3 Approved ones (one urgent). */
async function patsList() {
  const k = ctx.db.kysely;
  const pat = await buildUser(k, { roleId: Role.PROVISIONER });
  const approver = await buildUser(k, { roleId: Role.APPROVER });
  const subject = await buildUser(k);
  const path = await buildPath(k, { assignment: { primary: approver.userId, provisioner: pat.userId } });
  const line = async (statusId: 2 | 3, createdDate: string, isUrgent = 0) =>
    (
      await buildRequest(k, {
        path,
        user: subject,
        decidedBy: approver.userId,
        statusId,
        createdDate,
        set: { isUrgent, ...(statusId === RequestStatus.COMPLETED ? { provisionedBy: pat.userId } : {}) },
      })
    ).requestId;
  const completed = [
    await line(RequestStatus.COMPLETED, day(1)),
    await line(RequestStatus.COMPLETED, day(2)),
    await line(RequestStatus.COMPLETED, day(3)),
  ];
  const approvedOld = await line(RequestStatus.APPROVED, day(10));
  const approvedNew = await line(RequestStatus.APPROVED, day(20));
  const approvedUrgent = await line(RequestStatus.APPROVED, day(25), 1);
  return { pat, completed, approved: [approvedUrgent, approvedOld, approvedNew] };
}

async function list(who: BuiltUser, body: object) {
  const res = await call<ProvisioningPage>(who.email, 'PUT', '/api/Request/RequestForProvisioners', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('My Provisioning Tasks: the work first', () => {
  it('lists the Approved lines (urgent, then oldest) before the Completed ones, page after page', async () => {
    const { pat, completed, approved } = await patsList();
    const expected = [...approved, ...completed];
    const whole = await list(pat, { pageSize: 10 });
    expect(whole.requests.map((r) => r.requestId)).toEqual(expected);
    expect(whole.totalCount).toBe(6);
    const pages = [];
    for (const page of [1, 2]) {
      pages.push(...(await list(pat, { pageSize: 5, page })).requests.map((r) => r.requestId));
    }
    expect(pages).toEqual(expected);
  });

  it('cuts pages across the two parts under a filter on a name too', async () => {
    const { pat, completed, approved } = await patsList();
    const expected = [...approved, ...completed];
    const platform = (await list(pat, { pageSize: 5 })).requests[0]!.platformName;
    const filters = [{ column: 'platformName', values: [platform] }];
    const pages = [];
    for (const page of [1, 2, 3]) {
      const data = await list(pat, { pageSize: 5, page, filters });
      expect(data.totalCount).toBe(6);
      pages.push(...data.requests.map((r) => r.requestId));
    }
    expect(pages).toEqual(expected);
    const elsewhere = await list(pat, { pageSize: 5, filters: [{ column: 'platformName', values: ['No such'] }] });
    expect(elsewhere).toMatchObject({ totalCount: 0, requests: [] });
  });

  it('keeps a chosen order as asked (oldest first mixes the two)', async () => {
    const { pat, completed, approved } = await patsList();
    const page = await list(pat, { pageSize: 10, orderBy: 'createdDate', orderAsc: true });
    expect(page.requests.map((r) => r.requestId)).toEqual([
      ...completed,
      approved[1],
      approved[2],
      approved[0],
    ]);
  });

  it("the home tile counts the 3 lines to provision, not the list's 6", async () => {
    const { pat } = await patsList();
    const res = await call<{ approvals: number; provisioning: number }>(
      pat.email,
      'GET',
      '/api/Request/TaskCounts',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.provisioning).toBe(3);
    expect((await list(pat, { pageSize: 10 })).totalCount).toBe(6);
  });
});
