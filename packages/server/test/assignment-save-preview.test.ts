import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildAssignment,
  buildPath,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/**
 * PUT api/Approvers/SavePreview: before a save of an assignment, how many waiting lines it gives
 * to someone else. A client's assignment takes its client's lines from the path-wide one.
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

async function call<T>(who: BuiltUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(who.email)}` },
  });
  return { status: res.statusCode, data: res.json<{ data: T }>().data };
}

async function badges(who: BuiltUser) {
  const answer = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

async function preview(who: BuiltUser, body: object) {
  return call<{ linesChangingHands: number }>(who, 'PUT', '/api/Approvers/SavePreview', body);
}

async function assignmentCount() {
  const row = await ctx.db.kysely
    .selectFrom('approverAssignments')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Alex holds a platform's every client; its second client has its own lines. Client A: 3
 * Submitted, 2 Approved, 1 Completed; client B: 4 Submitted.
 */
async function alexsPlatform() {
  const k = ctx.db.kysely;
  const alex = await buildUser(k);
  const pat = await buildUser(k);
  const subject = await buildUser(k);
  const path = await buildPath(k, { assignment: { primary: alex.userId, provisioner: pat.userId } });
  const { clientId: otherClientId } = await k
    .insertInto('clients')
    .values({ platformId: path.platformId, agencyId: path.agencyId, description: `${path.names.client} B` })
    .returning('clientId')
    .executeTakeFirstOrThrow();
  const other: BuiltPath = { ...path, clientId: otherClientId };
  const lines = async (
    on: BuiltPath,
    statusId: (typeof RequestStatus)[keyof typeof RequestStatus],
    n: number,
  ) => {
    for (let i = 0; i < n; i++) {
      await buildRequest(k, { path: on, user: subject, statusId });
    }
  };
  await lines(path, RequestStatus.SUBMITTED, 3);
  await lines(path, RequestStatus.APPROVED, 2);
  await lines(path, RequestStatus.COMPLETED, 1);
  await lines(other, RequestStatus.SUBMITTED, 4);
  return { alex, pat, path };
}

const bodyOf = (path: BuiltPath, people: { userId: number; provisionerId?: number | null }) => ({
  regionId: path.regionId,
  marketId: path.marketId,
  agencyId: path.agencyId,
  practiceId: path.practiceId,
  platformId: path.platformId,
  clientId: path.clientId,
  ...people,
});

describe('PUT api/Approvers/SavePreview', () => {
  it('counts the lines a new client assignment takes from the path-wide one, and the save then moves exactly those; nothing is saved by the preview', async () => {
    const { alex, pat, path } = await alexsPlatform();
    const bea = await buildUser(ctx.db.kysely);
    expect(await badges(alex)).toMatchObject({ approvals: 7 });
    const body = bodyOf(path, { userId: bea.userId, provisionerId: pat.userId });
    const assignmentsBefore = await assignmentCount();

    const answer = await preview(superAdmin, body);
    expect(answer.status).toBe(200);
    // Client A's 3 Submitted lines go to Bea; its Approved lines keep Pat; client B's stay Alex's.
    expect(answer.data.linesChangingHands).toBe(3);
    expect(await assignmentCount()).toBe(assignmentsBefore);
    expect(await badges(alex)).toMatchObject({ approvals: 7 });
    expect(await badges(bea)).toMatchObject({ approvals: 0 });

    const saved = await call<{ ids: number[] }>(superAdmin, 'POST', '/api/Approvers', body);
    expect(saved.status).toBe(200);
    expect(await badges(alex)).toMatchObject({ approvals: 4 });
    expect(await badges(bea)).toMatchObject({ approvals: 3 });
  });

  it('counts, for a modify, the lines whose provisioners change (with approverId)', async () => {
    const { pat, path } = await alexsPlatform();
    const k = ctx.db.kysely;
    const bea = await buildUser(k);
    const quinn = await buildUser(k);
    const approverId = await buildAssignment(k, path, {
      primary: bea.userId,
      provisioner: pat.userId,
      clientScoped: true,
    });
    const body = { ...bodyOf(path, { userId: bea.userId, provisionerId: quinn.userId }), approverId };

    const answer = await preview(superAdmin, body);
    expect(answer.status).toBe(200);
    // Client A's 2 Approved lines go from Pat to Quinn.
    expect(answer.data.linesChangingHands).toBe(2);
    expect(await badges(quinn)).toMatchObject({ provisioning: 0 });

    const saved = await call<{ ids: number[] }>(superAdmin, 'PUT', '/api/Approvers', body);
    expect(saved.status).toBe(200);
    expect(await badges(quinn)).toMatchObject({ provisioning: 2 });
  });

  it('says 0 when the save gives nobody new any line', async () => {
    const { alex, pat, path } = await alexsPlatform();
    const answer = await preview(
      superAdmin,
      bodyOf(path, { userId: alex.userId, provisionerId: pat.userId }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.linesChangingHands).toBe(0);
  });

  it('does not count a line with no approval path that the save gives its first approver', async () => {
    const k = ctx.db.kysely;
    const bea = await buildUser(k);
    const subject = await buildUser(k);
    const path = await buildPath(k);
    await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
    const answer = await preview(superAdmin, { ...bodyOf(path, { userId: bea.userId }), clientId: null });
    expect(answer.status).toBe(200);
    expect(answer.data.linesChangingHands).toBe(0);
  });

  it('answers a region admin 404 outside their (region, market) rows, as the save would, and previews inside them', async () => {
    const k = ctx.db.kysely;
    const { path } = await alexsPlatform();
    const bea = await buildUser(k);
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const own = await buildPath(k);
    await buildAdminRegion(k, admin.userId, own);

    const outside = await preview(admin, bodyOf(path, { userId: bea.userId }));
    expect(outside.status).toBe(404);
    const inside = await preview(admin, bodyOf(own, { userId: bea.userId }));
    expect(inside.status).toBe(200);
    expect(inside.data.linesChangingHands).toBe(0);
  });
});
