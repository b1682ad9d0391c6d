import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  RequestType,
  Role,
  historySteps,
  messages,
  type AccessReviewInputBody,
  type NotificationPage,
} from '@uap/domain';
import { runAccessReviewFollowUp } from '../src/modules/access-reviews/follow-up.ts';
import { jobDefinitions } from '../src/modules/jobs/definitions.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { DAY, campaignBody, reviewApi } from './access-review-helpers.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser } from './factories.ts';

/**
 * The access-reviews job (issue 46, follow-up): reminders before the due day, the campaign's
 * default once the due day is over (its creator told), and recurring campaigns started again.
 */

let ctx: TestContext;
let api: ReturnType<typeof reviewApi>;
const levels = { approvalHours: 48, provisioningHours: 48 };
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  api = reviewApi(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A path whose approver reviews, with one active record of a holder on it. */
async function scene() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ava' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pip' });
  const holder = await buildUser(k, { name: 'Hal' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const record = await buildRecord(k, {
    path,
    user: { userId: holder.userId, email: holder.email },
    decidedBy: approver.userId,
    set: { provisionedDate: '2026-01-15T00:00:00.000Z' },
  });
  return { approver, holder, path, record };
}

/** A campaign over the scene's market, started by the super administrator; its id and due day's end. */
async function started(s: Awaited<ReturnType<typeof scene>>, o: Partial<AccessReviewInputBody> = {}) {
  const body = campaignBody({ scope: { marketIds: [s.path.marketId] }, ...o });
  const reviewId = await api.create(demo.superAdmin, body);
  await api.start(demo.superAdmin, reviewId);
  return {
    reviewId,
    name: body.name,
    dueDate: body.dueDate,
    dueEnd: Date.parse(`${body.dueDate}T00:00:00.000Z`) + DAY,
  };
}

/** The texts of a person's access review notifications, newest first, with their links. */
async function noticesOf(email: string) {
  const res = await api.call({ email }, 'GET', '/api/Notifications?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: NotificationPage }>()
    .data.notifications.filter((n) => n.event === 'accessReview')
    .map((n) => ({ text: n.text, link: n.link }));
}

const campaignRow = (reviewId: number) =>
  ctx.db.kysely
    .selectFrom('accessReviews')
    .selectAll()
    .where('reviewId', '=', reviewId)
    .executeTakeFirstOrThrow();

const itemsOf = (reviewId: number) =>
  ctx.db.kysely.selectFrom('accessReviewItems').selectAll().where('reviewId', '=', reviewId).execute();

describe('the access-reviews job: reminders', () => {
  it('reminds a reviewer once, one service level before the due day ends, and not one who decided', async () => {
    const s = await scene();
    const other = await scene();
    const campaign = await started(s, { scope: { marketIds: [s.path.marketId, other.path.marketId] } });
    const [otherItem] = (await itemsOf(campaign.reviewId)).filter(
      (i) => i.reviewerUserId === other.approver.userId,
    );
    expect((await api.decide({ email: other.approver.email }, [otherItem!.itemId], 'keep')).statusCode).toBe(
      200,
    );
    const reminder = messages.accessReviewReminderText(campaign.name, 1, campaign.dueDate);

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd - 49 * HOUR), levels);
    expect((await noticesOf(s.approver.email)).map((n) => n.text)).not.toContain(reminder);

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd - 47 * HOUR), levels);
    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd - 46 * HOUR), levels);
    const notices = await noticesOf(s.approver.email);
    expect(notices.filter((n) => n.text === reminder)).toEqual([
      { text: reminder, link: '/MyAccessReviews' },
    ]);
    expect((await noticesOf(other.approver.email)).map((n) => n.text)).not.toContain(
      messages.accessReviewReminderText(campaign.name, 1, campaign.dueDate),
    );
    const mails = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('recipient', '=', s.approver.email)
      .execute();
    expect(mails.filter((m) => m.textBody.includes(reminder))).toHaveLength(1);
  });
});

describe('the access-reviews job: past the due day', () => {
  it('keeps the undecided items once the due day is over, closes the campaign and tells its creator once', async () => {
    const s = await scene();
    const campaign = await started(s, { whenUndecided: 'keep' });

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd - HOUR), levels);
    expect((await campaignRow(campaign.reviewId)).status).toBe('active');

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + HOUR), levels);
    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + 2 * HOUR), levels);
    expect((await campaignRow(campaign.reviewId)).status).toBe('closed');
    expect(await itemsOf(campaign.reviewId)).toEqual([
      expect.objectContaining({
        decision: 'keep',
        decidedBy: null,
        comment: messages.accessReviewDefaultComment,
      }),
    ]);
    const told = messages.accessReviewPastDueText(campaign.name, 1, 'keep');
    expect((await noticesOf(demo.superAdmin)).filter((n) => n.text === told)).toEqual([
      { text: told, link: '/AccessReviews' },
    ]);
  });

  it("revokes the undecided items through an approved Deactivate line made by the campaign's creator", async () => {
    const s = await scene();
    const campaign = await started(s, { whenUndecided: 'revoke' });

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + HOUR), levels);

    const [item] = await itemsOf(campaign.reviewId);
    expect(item).toMatchObject({ decision: 'revoke', decidedBy: null });
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', '=', item!.revokeRequestId!)
      .executeTakeFirstOrThrow();
    const superAdminId = (await campaignRow(campaign.reviewId)).createdBy;
    expect(line).toMatchObject({
      requestTypeId: RequestType.DEACTIVATE,
      statusId: RequestStatus.APPROVED,
      recordId: s.record.requestId,
      createdBy: superAdminId,
    });
    const steps = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select('stepDescription')
      .where('requestId', '=', line.requestId)
      .execute();
    expect(steps.map((h) => h.stepDescription)).toContain(
      historySteps.revokedByAccessReview(campaign.name, messages.accessReviewSystem),
    );
    expect((await campaignRow(campaign.reviewId)).status).toBe('closed');
  });

  it('hands the undecided items to the administrators, then closes the campaign once they are decided', async () => {
    const s = await scene();
    const campaign = await started(s, { whenUndecided: 'administrators' });

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + HOUR), levels);
    const [item] = await itemsOf(campaign.reviewId);
    expect(item).toMatchObject({ decision: null, reviewerUserId: null });
    expect((await campaignRow(campaign.reviewId)).status).toBe('active');
    const told = messages.accessReviewPastDueText(campaign.name, 1, 'administrators');
    expect((await noticesOf(demo.superAdmin)).filter((n) => n.text === told)).toHaveLength(1);

    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + 2 * HOUR), levels);
    expect((await campaignRow(campaign.reviewId)).status).toBe('active');

    expect((await api.decide(demo.superAdmin, [item!.itemId], 'keep')).statusCode).toBe(200);
    await runAccessReviewFollowUp(ctx.db, new Date(campaign.dueEnd + 3 * HOUR), levels);
    expect((await campaignRow(campaign.reviewId)).status).toBe('closed');
    expect((await noticesOf(demo.superAdmin)).filter((n) => n.text === told)).toHaveLength(1);
  });
});

describe('the access-reviews job: recurring campaigns', () => {
  it('starts the next campaign once its months passed, with the same scope and length, once', async () => {
    const s = await scene();
    const campaign = await started(s, { recurrenceMonths: 3 });
    const first = await campaignRow(campaign.reviewId);
    const startedAt = Date.parse(first.startedDate!);

    await runAccessReviewFollowUp(ctx.db, new Date(startedAt + 80 * DAY), levels);
    const successorOf = () =>
      ctx.db.kysely
        .selectFrom('accessReviews')
        .selectAll()
        .where('previousReviewId', '=', campaign.reviewId)
        .execute();
    expect(await successorOf()).toEqual([]);

    const at = new Date(startedAt + 93 * DAY);
    await runAccessReviewFollowUp(ctx.db, at, levels);
    await runAccessReviewFollowUp(ctx.db, new Date(at.getTime() + HOUR), levels);
    const successors = await successorOf();
    expect(successors).toHaveLength(1);
    const next = successors[0]!;
    const dueDay = new Date(at.getTime() + (Date.parse(first.dueDate) - startedAt))
      .toISOString()
      .slice(0, 10);
    expect(next).toMatchObject({
      name: campaign.name,
      status: 'active',
      recurrenceMonths: 3,
      createdBy: first.createdBy,
      dueDate: `${dueDay}T00:00:00.000Z`,
      startedDate: at.toISOString(),
    });
    const scope = await ctx.db.kysely
      .selectFrom('accessReviewScope')
      .select(['kind', 'refId'])
      .where('reviewId', '=', next.reviewId)
      .execute();
    expect(scope).toEqual([{ kind: 'market', refId: s.path.marketId }]);
    expect((await itemsOf(next.reviewId)).map((i) => [i.recordId, i.reviewerUserId])).toEqual([
      [s.record.requestId, s.approver.userId],
    ]);
    // The first campaign's due day is long over: the same run closed it.
    expect((await campaignRow(campaign.reviewId)).status).toBe('closed');
  });

  it('leaves the next campaign a draft when its scope matches nothing any more, and a cancelled one ends the series', async () => {
    const s = await scene();
    const campaign = await started(s, { recurrenceMonths: 6 });
    const startedAt = Date.parse((await campaignRow(campaign.reviewId)).startedDate!);
    await ctx.db.kysely
      .updateTable('requests')
      .set({ isDeleted: 1 })
      .where('requestId', '=', s.record.requestId)
      .execute();

    await runAccessReviewFollowUp(ctx.db, new Date(startedAt + 190 * DAY), levels);
    const [draft] = await ctx.db.kysely
      .selectFrom('accessReviews')
      .selectAll()
      .where('previousReviewId', '=', campaign.reviewId)
      .execute();
    expect(draft).toMatchObject({ status: 'draft', name: campaign.name });

    const cancel = await api.call(demo.superAdmin, 'PUT', `/api/AccessReviews/${draft!.reviewId}/Cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runAccessReviewFollowUp(ctx.db, new Date(startedAt + 400 * DAY), levels);
    const series = await ctx.db.kysely
      .selectFrom('accessReviews')
      .select('reviewId')
      .where('previousReviewId', 'in', [campaign.reviewId, draft!.reviewId])
      .execute();
    expect(series).toHaveLength(1);
  });

  it('runs as the scheduled job "access-reviews", listed on the Jobs page', async () => {
    const result = await new JobRunner(ctx.db, jobDefinitions, { retryDelayMs: 0 }).run(
      'access-reviews',
      null,
    );
    expect(result.status).toBe('COMPLETED');
    const res = await api.call(demo.superAdmin, 'GET', '/api/Jobs');
    expect(res.json<{ data: { name: string; title: string }[] }>().data).toContainEqual(
      expect.objectContaining({ name: 'access-reviews', title: 'Access reviews' }),
    );
  });
});
