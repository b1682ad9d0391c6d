import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildRequest, buildUser, userIdOf } from './factories.ts';
import { caller, historyOf, isoDay, lineOf, markApproved, provisionComment } from './provisioning-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let PAT: number;
/** Sam's active unlimited record on a path of its own, routed to Alex and provisioned by Pat. */
let RECORD: number;
/** Two more user types of the record's asset, for role changes. */
let roles: [number, number];
beforeAll(async () => {
  ctx = await createTestContext();
  call = caller(ctx);
  const k = ctx.db.kysely;
  PAT = await userIdOf(k, demo.provisioner);
  const sam = { userId: await userIdOf(k, demo.standard), email: demo.standard };
  const path = await buildPath(k, {
    assignment: { primary: await userIdOf(k, demo.approver), provisioner: PAT },
  });
  RECORD = (await buildRecord(k, { path, user: sam })).requestId;
  const more = await k
    .insertInto('platformUserTypes')
    .values(
      ['Administrator', 'Read only'].map((description) => ({
        platformId: path.platformId,
        assetId: path.assetId,
        description,
        basicName: description === 'Administrator' ? 'Admin' : 'Read Only',
      })),
    )
    .returning('platformUserTypeId')
    .execute();
  roles = [more[0]!.platformUserTypeId, more[1]!.platformUserTypeId];
});
afterAll(async () => {
  await ctx.close();
});

const comments = 'Needed for the new campaign launch';

async function provision(requestIds: number[], isApproved = true, who: string = demo.provisioner) {
  return call(who, 'POST', '/api/Request/ApproveRejectForProvisioner', {
    requestIds,
    comments: provisionComment,
    isApproved,
    approvedRejectedBy: PAT,
    isPlatformRequest: false,
  });
}

/** Submits a modification of the record as Sam, has it approved, and returns the new line. */
async function approvedChange(method: 'PATCH' | 'POST', url: string, body: object): Promise<number> {
  const res = await call<{ requestIds?: number[] }>(demo.standard, method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id =
    (res.body as unknown as { changeRequestId?: number }).changeRequestId ?? res.body.data.requestIds?.[0];
  expect(id).toBeTypeOf('number');
  await markApproved(ctx, id!);
  return id!;
}

async function expectApplied(changeId: number, step: string) {
  const res = await provision([changeId]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.message).toBe(messages.requestProvisioned);
  const line = await lineOf(ctx, changeId);
  expect(line).toMatchObject({
    statusId: RequestStatus.COMPLETED,
    provisionedBy: PAT,
    provisionerComment: provisionComment,
  });
  expect(line.provisionedDate).not.toBeNull();
  expect((await historyOf(ctx, changeId))[0]).toMatchObject({
    statusId: RequestStatus.COMPLETED,
    stepDescription: 'Request provisioned',
    provisionerComment: provisionComment,
    createdBy: PAT,
  });
  const record = await lineOf(ctx, RECORD);
  expect(record.pendingChangeRequestId).toBeNull();
  const [recordHistory] = await historyOf(ctx, RECORD);
  expect(recordHistory).toMatchObject({
    stepDescription: step,
    requestTypeId: RequestType.ADD,
    createdBy: PAT,
  });
  expect(recordHistory?.before).not.toBeNull();
  expect(recordHistory?.after).not.toBeNull();
  return record;
}

describe('a provisioned request applies to its record', () => {
  it('a Change of user role gives the record its new role', async () => {
    const id = await approvedChange('PATCH', '/api/Request/UpdateRequest', {
      requestId: RECORD,
      ModificationType: 'UserRole',
      platformUserTypeId: roles[0],
      comments,
    });
    const record = await expectApplied(id, 'Record changed');
    expect(record.platformUserTypeId).toBe(roles[0]);
    expect(JSON.parse((await historyOf(ctx, RECORD))[0]!.after!)).toMatchObject({
      platformUserTypeId: roles[0],
    });
  });

  it('a Change of platform email gives the record its new email', async () => {
    const id = await approvedChange('PATCH', '/api/Request/UpdateRequest', {
      requestId: RECORD,
      ModificationType: 'PlatformEmail',
      UserPlatformEmail: 'sam.ads@agency.example',
      comments,
    });
    const record = await expectApplied(id, 'Record changed');
    expect(record.email).toBe('sam.ads@agency.example');
    expect(record.platformUserTypeId).toBe(roles[0]);
  });

  it('a Change of length of access gives the record its new dates', async () => {
    const id = await approvedChange('PATCH', '/api/Request/UpdateRequest', {
      requestId: RECORD,
      ModificationType: 'LengthOfAccess',
      BeginningDate: isoDay(0),
      ExpirationDate: isoDay(60),
      comments,
    });
    const record = await expectApplied(id, 'Record changed');
    expect(record.beginningDate).toBe(`${isoDay(0)}T00:00:00.000Z`);
    expect(record.expirationDate).toBe(`${isoDay(60)}T00:00:00.000Z`);
    expect(record.email).toBe('sam.ads@agency.example');
  });

  it('a Deactivate request makes the record Inactive', async () => {
    const id = await approvedChange('POST', '/api/Request/ActiveDeactiveRequest', {
      isActive: false,
      requests: [RECORD],
      comment: comments,
    });
    const record = await expectApplied(id, 'Record deactivated');
    expect(record.isDeleted).toBe(1);
  });

  it('an Activate request makes the record Active with its dates', async () => {
    await ctx.db.kysely
      .updateTable('requests')
      .set({ askNewRangeDate: 1 })
      .where('requestId', '=', RECORD)
      .execute();
    const id = await approvedChange('POST', '/api/Request/ActiveDeactiveRequest', {
      isActive: true,
      requests: [RECORD],
      comment: comments,
      BeginningDate: isoDay(0),
      ExpirationDate: isoDay(90),
    });
    const record = await expectApplied(id, 'Record activated');
    expect(record).toMatchObject({
      isDeleted: 0,
      askNewRangeDate: 0,
      beginningDate: `${isoDay(0)}T00:00:00.000Z`,
      expirationDate: `${isoDay(90)}T00:00:00.000Z`,
    });
  });

  it('a rejected Change leaves the record as it was and frees it for a new change', async () => {
    const before = await lineOf(ctx, RECORD);
    const id = await approvedChange('PATCH', '/api/Request/UpdateRequest', {
      requestId: RECORD,
      ModificationType: 'UserRole',
      platformUserTypeId: roles[1],
      comments,
    });
    expect((await lineOf(ctx, RECORD)).pendingChangeRequestId).toBe(id);
    const res = await provision([id], false);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.requestRejected);
    expect(await lineOf(ctx, id)).toMatchObject({
      statusId: RequestStatus.REJECTED,
      rejectedByApprover: 0,
      provisionedBy: PAT,
      provisionerComment: provisionComment,
    });
    expect((await historyOf(ctx, id))[0]).toMatchObject({
      stepDescription: 'Request rejected by provisioner',
    });
    const after = await lineOf(ctx, RECORD);
    expect(after.pendingChangeRequestId).toBeNull();
    expect(after.platformUserTypeId).toBe(before.platformUserTypeId);
  });

  it('a reassignment moves the record to the new user', async () => {
    const target = await buildUser(ctx.db.kysely);
    const id = await approvedChange('PATCH', '/api/Request/ReassignRequest', {
      requestId: RECORD,
      ReassignedPrimaryEmail: target.email,
      IsReassignedRequest: true,
      comments,
    });
    const record = await expectApplied(id, 'Record reassigned');
    expect(record.userId).toBe(target.userId);
  });

  it('an Add line becomes an active record, several lines in one call', async () => {
    const k = ctx.db.kysely;
    const subject = await buildUser(k);
    const path = await buildPath(k, {
      assignment: { primary: await userIdOf(k, demo.approver), provisioner: PAT },
    });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED })).requestId);
    }
    await ctx.db.kysely.updateTable('requests').set({ isDeleted: 1 }).where('requestId', 'in', ids).execute();
    const res = await call(demo.provisioner, 'POST', '/api/Request/ApproveRejectForProvisioner', {
      Comments: provisionComment,
      RequestIds: ids,
      IsApproved: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const id of ids) {
      expect(await lineOf(ctx, id)).toMatchObject({
        statusId: RequestStatus.COMPLETED,
        isDeleted: 0,
        provisionedBy: PAT,
      });
      expect((await historyOf(ctx, id))[0]?.stepDescription).toBe('Request provisioned');
    }
  });
});
