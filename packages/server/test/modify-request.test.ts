import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  alexRecord,
  call,
  cloneRecord,
  comments,
  expectRefused,
  getLine,
  historyOf,
  isoDay,
  samRecord,
  snapshot,
} from './modify-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const update = (body: object, email: string = demo.standard) =>
  call(ctx, email, 'PATCH', '/api/Request/UpdateRequest', body);

describe('PATCH UpdateRequest: the modify rules of spec 1 §5', () => {
  it('refuses the same user role', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, unlimited: true, pending: 1 });
    const { platformUserTypeId } = await getLine(ctx, id);
    await expectRefused(
      ctx,
      () => update({ requestId: id, ModificationType: 'UserRole', platformUserTypeId, comments }),
      422,
      messages.sameUserRole,
    );
  });

  it('refuses a new role on email-only access', async () => {
    const row = await ctx.db.kysely
      .selectFrom('requests as r')
      .innerJoin('platformUserTypes as t', 't.platformUserTypeId', 'r.platformUserTypeId')
      .select(['r.requestId', 'r.assetId'])
      .where('t.basicName', '=', 'Email Only')
      .where('r.requestTypeId', '=', 1)
      .where('r.statusId', 'in', [3, 6])
      .where('r.isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    await expectRefused(
      ctx,
      () => update({ requestId: row.requestId, platformUserTypeId: 1, comments }, demo.superAdmin),
      422,
      messages.emailOnlyRole,
    );
  });

  it('refuses a role that does not belong to the asset', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, unlimited: true, pending: 1 });
    await expectRefused(
      ctx,
      () => update({ requestId: id, platformUserTypeId: 47, comments }),
      422,
      messages.invalidUserRole,
    );
  });

  it('checks the platform email: valid, different, not another user’s', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, pending: 'none' });
    const { email } = await getLine(ctx, id);
    await expectRefused(
      ctx,
      () => update({ requestId: id, UserPlatformEmail: 'not an email', comments }),
      400,
      messages.invalidPlatformEmail,
    );
    await expectRefused(
      ctx,
      () => update({ requestId: id, UserPlatformEmail: email.toUpperCase(), comments }),
      422,
      messages.samePlatformEmail,
    );
    await expectRefused(
      ctx,
      () => update({ requestId: id, UserPlatformEmail: demo.approver, comments }),
      422,
      messages.platformEmailOfOtherUser(demo.approver),
    );
  });

  it('checks the length of access: end today or later, start from today to the end, both or none', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, pending: 'none' });
    const loa = (b: string | null, e: string | null) =>
      update({
        requestId: id,
        ModificationType: 'LengthOfAccess',
        BeginningDate: b,
        ExpirationDate: e,
        comments,
      });
    await expectRefused(ctx, () => loa(isoDay(-10), isoDay(-1)), 400, messages.endDateFuture);
    await expectRefused(ctx, () => loa(isoDay(-1), isoDay(30)), 400, messages.startDateRange);
    await expectRefused(ctx, () => loa(isoDay(40), isoDay(30)), 400, messages.startDateRange);
    await expectRefused(ctx, () => loa(isoDay(1), null), 400, messages.completeRequiredFields);
    await expectRefused(ctx, () => loa(null, isoDay(30)), 400, messages.completeRequiredFields);
  });

  it('needs the new value and a valid comment', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, pending: 'none' });
    await expectRefused(
      ctx,
      () => update({ requestId: id, ModificationType: 'UserRole', comments }),
      400,
      messages.completeRequiredFields,
    );
    await expectRefused(
      ctx,
      () => update({ requestId: id, ModificationType: 'PlatformEmail', UserPlatformEmail: ' ', comments }),
      400,
      messages.completeRequiredFields,
    );
    for (const bad of ['', 'ok', '1234 56', null]) {
      await expectRefused(
        ctx,
        () => update({ requestId: id, BeginningDate: isoDay(0), ExpirationDate: isoDay(30), comments: bad }),
        400,
        messages.invalidComment,
      );
    }
  });

  it('answers 404 for a record outside the caller’s scope, 409 for a finished line', async () => {
    const outOfScope = await alexRecord(ctx);
    await expectRefused(
      ctx,
      () =>
        update({
          requestId: outOfScope,
          BeginningDate: isoDay(0),
          ExpirationDate: isoDay(9),
          comments,
        }),
      404,
      messages.recordNotFound,
    );
    const cancelled = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('createdBy', '=', 7)
      .where('statusId', '=', RequestStatus.CANCELLED)
      .executeTakeFirstOrThrow();
    const res = await expectRefused(
      ctx,
      () =>
        update({
          requestId: cancelled.requestId,
          BeginningDate: isoDay(0),
          ExpirationDate: isoDay(9),
          comments,
        }),
      409,
      messages.requestNotModifiable('Cancelled'),
    );
    expect(res.body.data).toMatchObject({ statusId: RequestStatus.CANCELLED, status: 'Cancelled' });
  });

  it('keeps an approved pending change (409) and refuses an inactive record (422)', async () => {
    const approved = await samRecord(ctx, { pending: 2 });
    const pendingId = (await getLine(ctx, approved)).pendingChangeRequestId!;
    await expectRefused(
      ctx,
      () => update({ requestId: approved, BeginningDate: isoDay(0), ExpirationDate: isoDay(9), comments }),
      409,
      messages.pendingChangeInProvisioning(pendingId),
    );
    const inactive = await samRecord(ctx, { isDeleted: 1 });
    await expectRefused(
      ctx,
      () => update({ requestId: inactive, BeginningDate: isoDay(0), ExpirationDate: isoDay(9), comments }),
      422,
      messages.modifyNeedsActive,
    );
  });
});

describe('PATCH UpdateRequest: what it writes', () => {
  it('sends a Completed record’s new length of access for approval as a Change request', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, unlimited: false, pending: 'none' });
    const record = await getLine(ctx, id);
    const res = await update({
      requestId: id,
      IsRequest: false,
      ModificationType: 'LengthOfAccess',
      BeginningDate: isoDay(0),
      ExpirationDate: isoDay(60),
      comments,
      IsUrgent: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      succeeded: true,
      data: true,
      message: messages.requestsSentForApproval,
      status: record.statusId === 3 ? 'Completed' : 'Archived',
      replacedRequestId: null,
    });
    const changeId = res.body.changeRequestId as number;
    const change = await getLine(ctx, changeId);
    expect(change).toMatchObject({
      requestTypeId: RequestType.CHANGE,
      statusId: RequestStatus.SUBMITTED,
      recordId: id,
      userId: record.userId,
      createdBy: 7,
      isUrgent: 1,
      beginningDate: `${isoDay(0)}T00:00:00.000Z`,
      expirationDate: `${isoDay(60)}T00:00:00.000Z`,
      platformUserTypeId: record.platformUserTypeId,
    });
    expect(JSON.parse(change.changesRequest!)).toMatchObject({ kind: 'LengthOfAccess' });
    const [history] = await historyOf(ctx, changeId);
    expect(history).toMatchObject({
      statusId: RequestStatus.SUBMITTED,
      stepDescription: 'Change access request submitted',
      comments,
      createdBy: 7,
    });
    const after = await getLine(ctx, id);
    expect(after).toMatchObject({ pendingChangeRequestId: changeId, expirationDate: record.expirationDate });
  });

  it('replaces the prior pending change: cancels it with a history row', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, unlimited: true, pending: 1 });
    const record = await getLine(ctx, id);
    const priorId = record.pendingChangeRequestId!;
    const newRole = record.platformUserTypeId === 6 ? 7 : 6;
    const res = await update({ requestId: id, platformUserTypeId: newRole, comments });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: messages.requestsSentForApproval, replacedRequestId: priorId });
    const prior = await getLine(ctx, priorId);
    expect(prior.statusId).toBe(RequestStatus.CANCELLED);
    expect((await historyOf(ctx, priorId))[0]).toMatchObject({
      statusId: RequestStatus.CANCELLED,
      stepDescription: 'Request cancelled: replaced by a new change request',
    });
    const change = await getLine(ctx, res.body.changeRequestId as number);
    expect(change).toMatchObject({ platformUserTypeId: newRole, statusId: 1, recordId: id });
    expect((await getLine(ctx, id)).pendingChangeRequestId).toBe(change.requestId);
  });

  it('asks for a new platform email through a Change request', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, pending: 'none' });
    const { email } = await getLine(ctx, id);
    const next = email === demo.standard ? 'sam.standard@northwindmedia.example' : demo.standard;
    const res = await update({ requestId: id, UserPlatformEmail: next, comments });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const change = await getLine(ctx, res.body.changeRequestId as number);
    expect(change).toMatchObject({ requestedPlatformEmail: next, email });
  });

  it('edits a Submitted request of the caller in place', async () => {
    const submitted = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('createdBy', '=', 7)
      .where('userId', '=', 7)
      .where('requestTypeId', '=', 1)
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .executeTakeFirstOrThrow();
    const lines = (await snapshot(ctx)).lines;
    const res = await update({
      requestId: submitted.requestId,
      IsRequest: true,
      BeginningDate: isoDay(1),
      ExpirationDate: isoDay(90),
      comments,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: messages.requestsModified,
      status: 'Submitted',
      changeRequestId: submitted.requestId,
    });
    expect((await snapshot(ctx)).lines).toBe(lines);
    const after = await getLine(ctx, submitted.requestId);
    expect(after).toMatchObject({
      statusId: 1,
      expirationDate: `${isoDay(90)}T00:00:00.000Z`,
      comments,
      version: submitted.version + 1,
    });
    expect((await historyOf(ctx, submitted.requestId))[0]).toMatchObject({
      statusId: 1,
      stepDescription: 'Request modified',
    });
  });

  it('sends unlimited access as both dates null', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, unlimited: false, pending: 'none' });
    const res = await update({
      requestId: id,
      ModificationType: 'LengthOfAccess',
      BeginningDate: null,
      ExpirationDate: null,
      comments,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getLine(ctx, res.body.changeRequestId as number)).toMatchObject({
      beginningDate: null,
      expirationDate: null,
    });
  });
});

describe('GET RequestDetail', () => {
  it('shows a record with its pending change (flag 1) and a line as it is (flag 0)', async () => {
    const id = await samRecord(ctx, { pending: 2 });
    const res = await call(ctx, demo.standard, 'GET', `/api/Request/RequestDetail/${id}/1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ requestId: id, isRecord: true, pendingChange: { statusId: 2 } });
    const pendingId = (await getLine(ctx, id)).pendingChangeRequestId!;
    expect((await call(ctx, demo.standard, 'GET', `/api/Request/RequestDetail/${pendingId}/1`)).status).toBe(
      404,
    );
    const line = await call(ctx, demo.standard, 'GET', `/api/Request/RequestDetail/${pendingId}/0`);
    expect(line.body.data).toMatchObject({
      requestId: pendingId,
      isRecord: false,
      recordId: id,
      isEditable: false,
    });
    expect((await call(ctx, demo.approver, 'GET', `/api/Request/RequestDetail/${id}/1`)).status).toBe(404);
  });
});

describe('PATCH UpdateMultipleRequest', () => {
  it('changes the role of records sharing path and role, one Change request each', async () => {
    const first = await samRecord(ctx, {
      isDeleted: 0,
      expired: false,
      unlimited: false,
      pending: 'notApproved',
    });
    const second = await cloneRecord(ctx, first);
    const { platformUserTypeId, assetId } = await getLine(ctx, first);
    const other = await ctx.db.kysely
      .selectFrom('platformUserTypes')
      .select('platformUserTypeId')
      .where('assetId', '=', assetId)
      .where('platformUserTypeId', '!=', platformUserTypeId)
      .where('basicName', '!=', 'Email Only')
      .executeTakeFirstOrThrow();
    const res = await call(ctx, demo.standard, 'PATCH', '/api/Request/UpdateMultipleRequest', {
      Requests: [first, second],
      platformUserTypeId: other.platformUserTypeId,
      comments,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(messages.requestsSentForApproval);
    for (const id of [first, second]) {
      const record = await getLine(ctx, id);
      expect(await getLine(ctx, record.pendingChangeRequestId!)).toMatchObject({
        requestTypeId: RequestType.CHANGE,
        platformUserTypeId: other.platformUserTypeId,
        recordId: id,
      });
    }
  });

  it('refuses records that are not all active or do not share path and role', async () => {
    const active = await samRecord(ctx, { isDeleted: 0, unlimited: true });
    const expired = await samRecord(ctx, { expired: true });
    const inactive = await samRecord(ctx, { isDeleted: 1 });
    for (const pair of [
      [active, expired],
      [active, inactive],
    ]) {
      await expectRefused(
        ctx,
        () =>
          call(ctx, demo.standard, 'PATCH', '/api/Request/UpdateMultipleRequest', {
            Requests: pair,
            platformUserTypeId: 6,
            comments,
          }),
        422,
        messages.changeMultipleNotAllowed,
      );
    }
  });
});

describe('PATCH ReassignRequest', () => {
  const reassign = (body: object) => call(ctx, demo.standard, 'PATCH', '/api/Request/ReassignRequest', body);

  it('checks the new user email', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false });
    await expectRefused(
      ctx,
      () => reassign({ requestId: id, ReassignedPrimaryEmail: '', comments }),
      400,
      messages.enterNewUserEmail,
    );
    await expectRefused(
      ctx,
      () => reassign({ requestId: id, ReassignedPrimaryEmail: 'zoe@', comments }),
      400,
      messages.enterValidNewUserEmail,
    );
    await expectRefused(
      ctx,
      () => reassign({ requestId: id, ReassignedPrimaryEmail: demo.standard, comments }),
      422,
      messages.sameUserReassign,
    );
    await expectRefused(
      ctx,
      () => reassign({ requestId: id, ReassignedPrimaryEmail: 'nobody@agency.example', comments }),
      422,
      messages.noUserFound,
    );
  });

  it('moves a record to another user through a Change request', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, expired: false, pending: 'notApproved' });
    const res = await reassign({
      requestId: id,
      ReassignedPrimaryEmail: 'Zoe.Rodriguez@agency.example',
      comments,
      IsReassignedRequest: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(messages.requestsSentForApproval);
    const change = await getLine(ctx, res.body.changeRequestId as number);
    expect(change).toMatchObject({
      requestTypeId: RequestType.CHANGE,
      isReassignedRequest: 1,
      reassignedPrimaryEmail: 'zoe.rodriguez@agency.example',
      userId: 7,
    });
    expect(JSON.parse(change.changesRequest!)).toMatchObject({ kind: 'Reassign', after: { userId: 9 } });
  });
});

describe('PATCH UpdateExpiredRequest', () => {
  it('gives an expired inactive record a new range and clears askNewRangeDate', async () => {
    const row = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('createdBy', '=', 7)
      .where('askNewRangeDate', '=', 1)
      .where('isDeleted', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await call(ctx, demo.standard, 'PATCH', '/api/Request/UpdateExpiredRequest', {
      requestId: row.requestId,
      BeginningDate: isoDay(0),
      ExpirationDate: isoDay(30),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getLine(ctx, row.requestId)).toMatchObject({
      askNewRangeDate: 0,
      expirationDate: `${isoDay(30)}T00:00:00.000Z`,
      isDeleted: 1,
    });
    expect((await historyOf(ctx, row.requestId))[0]).toMatchObject({
      stepDescription: 'Length of access updated',
    });
  });

  it('refuses a record that has not expired', async () => {
    const id = await samRecord(ctx, { unlimited: true });
    await expectRefused(
      ctx,
      () =>
        call(ctx, demo.standard, 'PATCH', '/api/Request/UpdateExpiredRequest', {
          requestId: id,
          BeginningDate: isoDay(0),
          ExpirationDate: isoDay(30),
        }),
      422,
      messages.notExpired,
    );
  });
});
