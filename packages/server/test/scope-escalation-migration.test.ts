import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { RequestStatus, Role } from '@uap/domain';
import { m0032 } from '../src/db/migrations/0032_add_scope_escalation_stage.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildMasterApprover, buildPath, buildRequest, buildUser } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('migration 0032: escalations sent before keep being sent once', () => {
  it("records an Approved line's escalation and a Submitted line's escalation without master approver as the administrators' stage", async () => {
    const k = ctx.db.kysely;
    const migration = { db: k as unknown as Kysely<unknown>, dialect: ctx.db.dialect };
    // Back to the two-stage table, with the rows the two-stage job wrote.
    await m0032.down(migration);
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER });
    const subject = await buildUser(k);
    const bare = await buildPath(k, { assignment: { primary: approver.userId } });
    const led = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildMasterApprover(k, master.userId, led);
    const line = async (
      path: typeof bare,
      statusId: typeof RequestStatus.SUBMITTED | typeof RequestStatus.APPROVED,
    ) => (await buildRequest(k, { path, user: subject, statusId })).requestId;
    const approved = await line(led, RequestStatus.APPROVED);
    const withoutMaster = await line(bare, RequestStatus.SUBMITTED);
    const withMaster = await line(led, RequestStatus.SUBMITTED);
    const sentDate = new Date().toISOString();
    await k
      .insertInto('taskReminders')
      .values([
        { requestId: approved, statusId: 2, stage: 1, sentDate },
        { requestId: approved, statusId: 2, stage: 2, sentDate },
        { requestId: withoutMaster, statusId: 1, stage: 2, sentDate },
        { requestId: withMaster, statusId: 1, stage: 2, sentDate },
      ])
      .execute();
    await m0032.up(migration);
    const rows = await k
      .selectFrom('taskReminders')
      .select(['requestId', 'statusId', 'stage'])
      .where('requestId', 'in', [approved, withoutMaster, withMaster])
      .execute();
    expect(rows.map((r) => `${r.requestId}:${r.statusId}:${r.stage}`).sort()).toEqual(
      [
        `${approved}:2:1`,
        `${approved}:2:3`,
        `${withoutMaster}:1:2`,
        `${withoutMaster}:1:3`,
        `${withMaster}:1:2`,
      ].sort(),
    );
    // The stage check now takes 3.
    await k
      .insertInto('taskReminders')
      .values({ requestId: withMaster, statusId: 1, stage: 3, sentDate })
      .execute();
    await expect(
      k
        .insertInto('taskReminders')
        .values({ requestId: withMaster, statusId: 1, stage: 4, sentDate })
        .execute(),
    ).rejects.toThrow();
  });
});
