import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, messages, type ProvisioningPage } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { caller, historyOf, isoDay, lineOf, markApproved, provisionComment } from './provisioning-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = caller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** Sam's active unlimited Google Ads record (role 8, Read only), routed to Pat; 1001 its pending role change. */
const RECORD = 333;
const SEEDED_CHANGE = 1001;
const comments = 'Needed for the new campaign launch';

async function provision(requestIds: number[], isApproved = true, who: string = demo.provisioner) {
  return call(who, 'POST', '/api/Request/ApproveRejectForProvisioner', {
    requestIds,
    comments: provisionComment,
    isApproved,
    approvedRejectedBy: 5,
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
    provisionedBy: 5,
    provisionerComment: provisionComment,
  });
  expect(line.provisionedDate).not.toBeNull();
  expect((await historyOf(ctx, changeId))[0]).toMatchObject({
    statusId: RequestStatus.COMPLETED,
    stepDescription: 'Request provisioned',
    provisionerComment: provisionComment,
    createdBy: 5,
  });
  const record = await lineOf(ctx, RECORD);
  expect(record.pendingChangeRequestId).toBeNull();
  const [recordHistory] = await historyOf(ctx, RECORD);
  expect(recordHistory).toMatchObject({
    stepDescription: step,
    requestTypeId: RequestType.ADD,
    createdBy: 5,
  });
  expect(recordHistory?.before).not.toBeNull();
  expect(recordHistory?.after).not.toBeNull();
  return record;
}

describe('a provisioned request applies to its record', () => {
  it('a Change of user role gives the record its new role', async () => {
    await markApproved(ctx, SEEDED_CHANGE);
    const record = await expectApplied(SEEDED_CHANGE, 'Record changed');
    expect(record.platformUserTypeId).toBe(5);
    expect(JSON.parse((await historyOf(ctx, RECORD))[0]!.after!)).toMatchObject({ platformUserTypeId: 5 });
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
    expect(record.platformUserTypeId).toBe(5);
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
      platformUserTypeId: 7,
      comments,
    });
    expect((await lineOf(ctx, RECORD)).pendingChangeRequestId).toBe(id);
    const res = await provision([id], false);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.requestRejected);
    expect(await lineOf(ctx, id)).toMatchObject({
      statusId: RequestStatus.REJECTED,
      rejectedByApprover: 0,
      provisionedBy: 5,
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
    const target = await ctx.db.kysely
      .selectFrom('users')
      .select(['userId', 'email'])
      .where('email', '=', 'marco.wilson@agency.example')
      .executeTakeFirstOrThrow();
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
    const page = await call<ProvisioningPage>(
      demo.provisioner,
      'PUT',
      '/api/Request/RequestForProvisioners',
      {
        filters: [
          { column: 'status', values: ['Approved'] },
          { column: 'requestTypeName', values: ['Add access'] },
        ],
      },
    );
    const ids = page.body.data.requests.slice(0, 2).map((r) => r.requestId);
    expect(ids).toHaveLength(2);
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
        provisionedBy: 5,
      });
      expect((await historyOf(ctx, id))[0]?.stepDescription).toBe('Request provisioned');
    }
  });
});
