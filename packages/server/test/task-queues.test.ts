import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function get(email: string, url: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
}

describe('GET api/Request/TaskCounts for a read-only user (issue 14 §1.3)', () => {
  it('counts nothing for an auditor, even one an assignment names as approver and provisioner', async () => {
    const k = ctx.db.kysely;
    const auditor = await buildUser(k, { roleId: Role.AUDITOR });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    for (const who of [auditor, approver]) {
      const path = await buildPath(k, { assignment: { primary: who.userId, provisioner: who.userId } });
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    }
    expect(await get(auditor.email, '/api/Request/TaskCounts')).toEqual({ approvals: 0, provisioning: 0 });
    // The same data counts for an approver: the zero is the auditor's rule, not missing data.
    expect(await get(approver.email, '/api/Request/TaskCounts')).toEqual({ approvals: 1, provisioning: 1 });
  });
});
