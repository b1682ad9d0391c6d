import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  alexRecord,
  call,
  comments,
  expectRefused,
  getLine,
  historyOf,
  isoDay,
  samRecord,
} from './modify-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const activeDeactive = (body: object, email: string = demo.standard) =>
  call(ctx, email, 'POST', '/api/Request/ActiveDeactiveRequest', body);

/** Records Sam created for others that are inactive: one unlimited, one expired needing a new range. */
async function samCreatedInactive(o: { askNewRangeDate: 0 | 1; unlimited: boolean }) {
  const row = await ctx.db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('createdBy', '=', 7)
    .where('requestTypeId', '=', 1)
    .where('statusId', 'in', [3, 6])
    .where('isDeleted', '=', 1)
    .where('askNewRangeDate', '=', o.askNewRangeDate)
    .where('expirationDate', o.unlimited ? 'is' : 'is not', null)
    .where('userId', '!=', 7)
    .executeTakeFirstOrThrow();
  return row.requestId;
}

describe('POST ActiveDeactiveRequest: rules', () => {
  it('needs a valid comment and a future end date', async () => {
    const id = await samRecord(ctx, { isDeleted: 1 });
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: true, requests: [id], comment: 'no' }),
      400,
      messages.invalidComment,
    );
    await expectRefused(
      ctx,
      () =>
        activeDeactive({
          isActive: true,
          requests: [id],
          comment: comments,
          BeginningDate: isoDay(-9),
          ExpirationDate: isoDay(-2),
        }),
      400,
      messages.endDateFuture,
    );
  });

  it('deactivates only active records and activates only inactive ones', async () => {
    const inactive = await samRecord(ctx, { isDeleted: 1 });
    const active = await samRecord(ctx, { isDeleted: 0, unlimited: true });
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: false, requests: [inactive], comment: comments }),
      422,
      messages.deactivateNeedsActive,
    );
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: true, requests: [active], comment: comments }),
      422,
      messages.activateNeedsInactive,
    );
  });

  it('does not mix unlimited and limited, nor expired and unexpired records', async () => {
    const limited = await samRecord(ctx, { isDeleted: 1, unlimited: false, expired: false });
    const unlimited = await samCreatedInactive({ askNewRangeDate: 0, unlimited: true });
    const expired = await samCreatedInactive({ askNewRangeDate: 1, unlimited: false });
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: true, requests: [limited, unlimited], comment: comments }),
      422,
      messages.activateMixedLength,
    );
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: true, requests: [limited, expired], comment: comments }),
      422,
      messages.activateMixedExpiry,
    );
  });

  it('asks for a new end date before activating an expired record', async () => {
    const expired = await samCreatedInactive({ askNewRangeDate: 1, unlimited: false });
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: true, requests: [expired], comment: comments }),
      422,
      messages.activateExpiredFirst,
    );
  });

  it('answers 404 when one record is outside the scope, and writes none', async () => {
    const own = await samRecord(ctx, { isDeleted: 0, unlimited: true });
    const alex = await alexRecord(ctx);
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: false, requests: [own, alex], comment: comments }),
      404,
      messages.recordNotFound,
    );
  });

  it('keeps an approved pending change (409)', async () => {
    const id = await samRecord(ctx, { pending: 2 });
    const pendingId = (await getLine(ctx, id)).pendingChangeRequestId!;
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: false, requests: [id], comment: comments }),
      409,
      messages.pendingChangeInProvisioning(pendingId),
    );
  });

  it('refuses the auditor (403) and no token (401)', async () => {
    const id = await samRecord(ctx, { isDeleted: 0, unlimited: true });
    await expectRefused(
      ctx,
      () => activeDeactive({ isActive: false, requests: [id], comment: comments }, demo.auditor),
      403,
      messages.auditorsReadOnly,
    );
    expect(
      (
        await call(ctx, null, 'POST', '/api/Request/ActiveDeactiveRequest', {
          isActive: false,
          requests: [id],
          comment: comments,
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST ActiveDeactiveRequest: what it writes', () => {
  it('creates a Deactivate request per record, replacing a submitted pending change', async () => {
    const withPending = await samRecord(ctx, { isDeleted: 0, pending: 1 });
    const plain = await samRecord(ctx, { isDeleted: 0, pending: 'none', expired: false, not: [withPending] });
    const priorId = (await getLine(ctx, withPending)).pendingChangeRequestId!;
    const res = await activeDeactive({
      isActive: false,
      requests: [withPending, plain],
      comment: comments,
      IsUrgent: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(messages.requestsSentForApproval);
    const data = res.body.data as { requestIds: number[]; replacedRequestIds: number[] };
    expect(data.replacedRequestIds).toEqual([priorId]);
    expect((await getLine(ctx, priorId)).statusId).toBe(RequestStatus.CANCELLED);
    for (const [i, recordId] of [withPending, plain].entries()) {
      const line = await getLine(ctx, data.requestIds[i]!);
      expect(line).toMatchObject({
        requestTypeId: RequestType.DEACTIVATE,
        statusId: RequestStatus.SUBMITTED,
        recordId,
        isUrgent: 1,
        comments,
      });
      expect((await historyOf(ctx, line.requestId))[0]).toMatchObject({
        stepDescription: 'Deactivate access request submitted',
      });
      expect(await getLine(ctx, recordId)).toMatchObject({
        pendingChangeRequestId: line.requestId,
        isDeleted: 0,
      });
    }
  });

  it('activates an expired record with the new range given', async () => {
    const expired = await samCreatedInactive({ askNewRangeDate: 1, unlimited: false });
    const res = await activeDeactive({
      isActive: true,
      requests: [expired],
      comment: comments,
      BeginningDate: isoDay(0),
      ExpirationDate: isoDay(45),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [id] = (res.body.data as { requestIds: number[] }).requestIds;
    expect(await getLine(ctx, id!)).toMatchObject({
      requestTypeId: RequestType.ACTIVATE,
      recordId: expired,
      beginningDate: `${isoDay(0)}T00:00:00.000Z`,
      expirationDate: `${isoDay(45)}T00:00:00.000Z`,
    });
  });

  it('activates an unexpired record keeping its range', async () => {
    const inactive = await samRecord(ctx, { isDeleted: 1, expired: false });
    const record = await getLine(ctx, inactive);
    const res = await activeDeactive({ isActive: true, requests: [inactive], comment: comments });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [id] = (res.body.data as { requestIds: number[] }).requestIds;
    expect(await getLine(ctx, id!)).toMatchObject({
      requestTypeId: RequestType.ACTIVATE,
      expirationDate: record.expirationDate,
    });
  });
});

describe('POST CheckMergedProfile/', () => {
  it('says nothing when none of the users has two profiles', async () => {
    const none = await call(ctx, demo.standard, 'POST', '/api/Request/CheckMergedProfile/', [7]);
    expect(none.body.data).toEqual({ errorMessage: null });
  });
  // Naming merged users, inside the caller's scope only: check-merged-profile.test.ts.
});
