import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, messages, requestStatusNames, type ApprovalRow } from '@uap/domain';
import { routedToApprover } from '../src/modules/requests/routing.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { getLine, historyOf } from './modify-helpers.ts';

let ctx: TestContext;
let alex: string;
let mia: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alex = await ctx.tokenFor(demo.approver);
  mia = await ctx.tokenFor(demo.master);
});
afterAll(async () => {
  await ctx.close();
});

const ALEX = 3;
const MIA = 4;

describe('§6 compare-and-set under concurrency', () => {
  it('20 simultaneous approve/reject calls from two approvers: one success, 19 × 409, one history row', async () => {
    const list = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Approvers/RequestList',
      headers: { authorization: `Bearer ${alex}` },
      payload: { pageSize: 5 },
    });
    const task = list.json<{ data: { requests: ApprovalRow[] } }>().data.requests[0]!;
    const line = await getLine(ctx, task.requestId);
    // Mia becomes the secondary approver of Alex's assignments on this path: two approvers.
    await ctx.db.kysely
      .updateTable('approverAssignments')
      .set({ secondaryApproverId: MIA })
      .where('userId', '=', ALEX)
      .where('regionId', '=', line.regionId)
      .where('marketId', '=', line.marketId)
      .where('agencyId', '=', line.agencyId)
      .where('practiceId', '=', line.practiceId)
      .where('platformId', '=', line.platformId)
      .execute();
    const routed = await ctx.db.kysely
      .selectFrom('requests as r')
      .select('r.requestId')
      .where('r.requestId', '=', task.requestId)
      .where((eb) => routedToApprover(eb, MIA))
      .executeTakeFirst();
    expect(routed, 'Mia must be a second approver of the request').toBeDefined();
    const historyBefore = (await historyOf(ctx, task.requestId)).length;

    const calls = Array.from({ length: 20 }, (_, i) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/Approvers/ApproveRejectRequest',
        headers: { authorization: `Bearer ${i % 2 === 0 ? alex : mia}` },
        payload: { isApproved: i % 4 < 2, comments: `Decision ${i}`, requestIds: [task.requestId] },
      }),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.statusCode === 200);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(19);

    const after = await getLine(ctx, task.requestId);
    expect([RequestStatus.APPROVED, RequestStatus.REJECTED]).toContain(after.statusId);
    const status = requestStatusNames[after.statusId as 2 | 4];
    for (const r of conflicts) {
      const body = r.json<{ message: string; data: { statusId: number } }>();
      expect(body.message).toBe(messages.requestAlreadyInStatus(task.requestId, status));
      expect(body.data.statusId).toBe(after.statusId);
    }
    const history = await historyOf(ctx, task.requestId);
    expect(history).toHaveLength(historyBefore + 1);
    expect(
      history.filter(
        (h) =>
          h.stepDescription === 'Request approved' || h.stepDescription === 'Request rejected by approver',
      ),
    ).toHaveLength(1);
    expect([ALEX, MIA]).toContain(after.approvedRejectedBy);
  });
});
