import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { call, getLine, samRecord } from './modify-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const check = (email: string, userIds: number[]) =>
  call(ctx, email, 'POST', '/api/Request/CheckMergedProfile/', userIds);

async function userIdOf(email: string) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select('userId')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.userId;
}

/** A merged pair of profiles from the seed: the child points at its parent. */
async function mergedPair() {
  const child = await ctx.db.kysely
    .selectFrom('users')
    .select(['userId', 'mergedUserId', 'email'])
    .where('mergedUserId', 'is not', null)
    .orderBy('userId')
    .executeTakeFirstOrThrow();
  const parent = await ctx.db.kysely
    .selectFrom('users')
    .select(['userId', 'email'])
    .where('userId', '=', child.mergedUserId!)
    .executeTakeFirstOrThrow();
  return { child, parent };
}

let records = 0;
/** A completed access record of `userId`, created by `createdBy`, on the path of one of Sam's records. */
async function recordOf(
  userId: number,
  createdBy: number,
  path: { regionId?: number; marketId?: number } = {},
) {
  const { requestId: _id, version: _v, ...row } = await getLine(ctx, await samRecord(ctx, {}));
  records += 1;
  await ctx.db.kysely
    .insertInto('requests')
    .values({
      ...row,
      ...path,
      userId,
      createdBy,
      requestTypeId: RequestType.ADD,
      statusId: RequestStatus.COMPLETED,
      pendingChangeRequestId: null,
      submissionId: `merged-check-${records}`,
    })
    .execute();
}

describe('POST CheckMergedProfile/ answers only about users whose records the caller may act on', () => {
  it('a standard user walking ids 1..500 learns nobody', async () => {
    const { child } = await mergedPair();
    const all = Array.from({ length: 500 }, (_, i) => i + 1);
    const res = await check(demo.standard, all);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ errorMessage: null });
    // The same ids do name merged people for a super admin once they have a record.
    await recordOf(child.userId, await userIdOf(demo.approver));
    const sue = await check(demo.superAdmin, all);
    expect((sue.body.data as { errorMessage: string }).errorMessage).toContain(child.email);
  });

  it('a standard user is told about a merged user whose record they created', async () => {
    const { parent } = await mergedPair();
    const sam = await userIdOf(demo.standard);
    expect((await check(demo.standard, [parent.userId])).body.data).toEqual({ errorMessage: null });
    await recordOf(parent.userId, sam);
    const res = await check(demo.standard, [sam, parent.userId]);
    expect(res.status).toBe(200);
    const message = (res.body.data as { errorMessage: string }).errorMessage;
    expect(message).toMatch(/has two profiles/);
    expect(message).toContain(parent.email);
  });

  it('an admin is told only about records inside their region and market', async () => {
    const admin = await userIdOf(demo.admin);
    const scope = await ctx.db.kysely
      .selectFrom('adminRegions')
      .select(['regionId', 'marketId'])
      .where('userId', '=', admin)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const outside = await ctx.db.kysely
      .selectFrom('markets')
      .select(['marketId', 'regionId'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('adminRegions as ar')
              .select('ar.adminRegionId')
              .whereRef('ar.marketId', '=', 'markets.marketId')
              .where('ar.userId', '=', admin)
              .where('ar.isDeleted', '=', 0),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const users = await ctx.db.kysely
      .selectFrom('users')
      .select(['userId', 'email'])
      .where('mergedUserId', 'is not', null)
      .orderBy('userId')
      .limit(3)
      .execute();
    expect(users.length).toBeGreaterThanOrEqual(2);
    const [inside, elsewhere] = users.slice(-2) as [(typeof users)[0], (typeof users)[0]];
    const approver = await userIdOf(demo.approver);
    await recordOf(inside.userId, approver, scope);
    await recordOf(elsewhere.userId, approver, { regionId: outside.regionId, marketId: outside.marketId });
    const message = (await check(demo.admin, [inside.userId, elsewhere.userId])).body.data as {
      errorMessage: string;
    };
    expect(message.errorMessage).toContain(inside.email);
    expect(message.errorMessage).not.toContain(elsewhere.email);
  });
});
