import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  RequestType,
  Role,
  historySteps,
  messages,
  type AccessReviewDecided,
  type AccessReviewInputBody,
  type AccessReviewMoved,
  accessReviewEvidenceHeaders,
  type TaskCounts,
} from '@uap/domain';
import { DAY, campaignBody, dueDate, reviewApi, type Who } from './access-review-helpers.ts';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildRequest, buildUser, uniqueTag } from './factories.ts';
import { unsignedCsv } from './signed-body.ts';

/**
 * Access review items (issue 46): My Access Reviews, the Home tile's count, and the decisions —
 * keep, revoke through an approved Deactivate line, every refusal, and two reviewers at once.
 */

let ctx: TestContext;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  ctx = await createTestContext();
  api = reviewApi(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const call = (...a: Parameters<typeof api.call>) => api.call(...a);
const myItems = (...a: Parameters<typeof api.myItems>) => api.myItems(...a);
const decide = (...a: Parameters<typeof api.decide>) => api.decide(...a);

/** A started campaign (as the super administrator) over one market. */
async function campaign(marketId: number, o: Partial<AccessReviewInputBody> = {}): Promise<number> {
  const reviewId = await api.create(
    demo.superAdmin,
    campaignBody({ scope: { marketIds: [marketId] }, ...o }),
  );
  await api.start(demo.superAdmin, reviewId);
  return reviewId;
}

async function counts(who: Who): Promise<TaskCounts> {
  const res = await call(who, 'GET', '/api/Request/TaskCounts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TaskCounts }>().data;
}

async function itemOf(itemId: number) {
  return ctx.db.kysely
    .selectFrom('accessReviewItems')
    .selectAll()
    .where('itemId', '=', itemId)
    .executeTakeFirstOrThrow();
}

/** A path whose approver reviews and whose provisioner provisions, with one record of a holder. */
async function scene() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ava' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pip' });
  const requester = await buildUser(k, { name: 'Rex' });
  const holder = await buildUser(k, { name: 'Hal' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const record = await buildRecord(k, {
    path,
    user: { userId: holder.userId, email: holder.email },
    createdBy: requester.userId,
    decidedBy: approver.userId,
    set: { provisionedDate: '2026-01-15T00:00:00.000Z' },
  });
  return { approver, provisioner, requester, holder, path, record };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** Another active record of the scene's holder on its path. */
const anotherRecord = (s: Scene) =>
  buildRecord(ctx.db.kysely, { path: s.path, user: { userId: s.holder.userId, email: s.holder.email } });

/** A Change of the scene's record in `statusId`, which the record points at as its pending change. */
async function pendingChange(
  s: Scene,
  statusId: typeof RequestStatus.SUBMITTED | typeof RequestStatus.APPROVED,
) {
  const k = ctx.db.kysely;
  const change = await buildRequest(k, {
    path: s.path,
    user: { userId: s.holder.userId, email: s.holder.email },
    requestType: RequestType.CHANGE,
    statusId,
    recordId: s.record.requestId,
  });
  await k
    .updateTable('requests')
    .set({ pendingChangeRequestId: change.requestId })
    .where('requestId', '=', s.record.requestId)
    .execute();
  return change;
}

describe('PUT api/AccessReviews/MyItems and the Home count', () => {
  it("shows the reviewer their items of active campaigns with the record's names, and counts the undecided", async () => {
    const s = await scene();
    const before = await counts(s.approver);
    const reviewId = await campaign(s.path.marketId);
    const items = await myItems(s.approver, reviewId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      reviewId,
      recordId: s.record.requestId,
      userId: s.holder.userId,
      userName: `Hal ${s.holder.lastName}`,
      userEmail: s.holder.email,
      platformDescription: s.path.names.platform,
      clientDescription: s.path.names.client,
      clientAccountDescription: s.path.names.account,
      requestedByName: `Rex ${s.requester.lastName}`,
      approvedByName: `Ava ${s.approver.lastName}`,
      decision: null,
      decisionName: '',
      state: messages.accessReviewStateToReview,
      notDecidableReason: null,
      notRevocableReason: null,
    });
    expect(items[0]!.sinceDate?.slice(0, 10)).toBe('2026-01-15');
    expect((await counts(s.approver)).accessReviews).toBe(before.accessReviews + 1);
    // Nobody else named sees it; a cancelled campaign's items leave the page and the count.
    expect(await myItems(s.provisioner, reviewId)).toEqual([]);
    expect((await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Cancel`)).statusCode).toBe(
      200,
    );
    expect(await myItems(s.approver, reviewId)).toEqual([]);
    expect((await counts(s.approver)).accessReviews).toBe(before.accessReviews);
  });

  it('shows, sorts and searches the names as they were at the start, and who decided as they were then', async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId);
    const k = ctx.db.kysely;
    const renamed = `Renamed${s.holder.lastName}`;
    await k.updateTable('users').set({ lastName: renamed }).where('userId', '=', s.holder.userId).execute();
    await k
      .updateTable('platforms')
      .set({ description: `${s.path.names.platform} (new name)` })
      .where('platformId', '=', s.path.platformId)
      .execute();

    const searched = async (term: string) => {
      const res = await call(s.approver, 'PUT', '/api/AccessReviews/MyItems', {
        reviewId,
        searchCriteria: term,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { items: { itemId: number; userName: string }[] } }>().data.items;
    };
    const [item] = await searched(s.holder.lastName);
    expect(item).toMatchObject({ userName: `Hal ${s.holder.lastName}` });
    expect(await searched(renamed)).toEqual([]);
    expect((await myItems(s.approver, reviewId))[0]).toMatchObject({
      platformDescription: s.path.names.platform,
    });

    expect((await decide(s.approver, [item!.itemId], 'keep')).statusCode).toBe(200);
    await k.updateTable('users').set({ lastName: 'Later' }).where('userId', '=', s.approver.userId).execute();
    expect((await myItems(s.approver, reviewId))[0]).toMatchObject({
      decidedByName: `Ava ${s.approver.lastName}`,
    });
  });

  it("counts the page's total from the items its rows show, with and without a filter", async () => {
    const s = await scene();
    await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId);
    const totalOf = async (body: object) => {
      const res = await call(s.approver, 'PUT', '/api/AccessReviews/MyItems', {
        reviewId,
        pageSize: 5,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: { items: unknown[]; totalCount: number } }>().data;
      return [data.items.length, data.totalCount];
    };
    expect(await totalOf({})).toEqual([2, 2]);
    expect(
      await totalOf({ filters: [{ column: 'platformDescription', values: [s.path.names.platform] }] }),
    ).toEqual([2, 2]);
    expect(
      await totalOf({ filters: [{ column: 'recordId', values: [String(s.record.requestId)] }] }),
    ).toEqual([1, 1]);
    // A cancelled campaign's items leave the total as they leave the rows.
    expect((await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Cancel`)).statusCode).toBe(
      200,
    );
    expect(await totalOf({})).toEqual([0, 0]);
  });

  it('an item naming nobody goes to the administrators whose rows hold the record, and to super administrators; never their own', async () => {
    const k = ctx.db.kysely;
    const path = await buildPath(k);
    const far = await buildPath(k);
    const holder = await buildUser(k);
    const record = await buildRecord(k, { path, user: { userId: holder.userId, email: holder.email } });
    const ria = await buildUser(k, { name: 'Ria' });
    await appointRegionAdmin(ctx, ria, path);
    const ola = await buildUser(k, { name: 'Ola' });
    await appointRegionAdmin(ctx, ola, far);
    const riasOwn = await buildRecord(k, { path, user: { userId: ria.userId, email: ria.email } });
    const reviewId = await campaign(path.marketId);
    expect((await myItems(ria, reviewId)).map((i) => i.recordId)).toEqual([record.requestId]);
    expect(await myItems(ola, reviewId)).toEqual([]);
    expect((await myItems(demo.superAdmin, reviewId)).map((i) => i.recordId).sort((a, b) => a - b)).toEqual(
      [record.requestId, riasOwn.requestId].sort((a, b) => a - b),
    );
    const [own] = await myItems(demo.superAdmin, reviewId).then((rows) =>
      rows.filter((r) => r.recordId === riasOwn.requestId),
    );
    expect((await decide(ria, [own!.itemId], 'keep')).statusCode).toBe(404);
  });

  it('tells each reviewer at the start: one notification and one mail linking to My Access Reviews', async () => {
    const s = await scene();
    await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId);
    const name = await api.nameOf(reviewId);
    const res = await call(s.approver, 'GET', '/api/Notifications');
    expect(res.statusCode, res.body).toBe(200);
    const bell = res
      .json<{ data: { notifications: { event: string; text: string; link: string }[] } }>()
      .data.notifications.filter((n) => n.event === 'accessReview');
    expect(bell).toEqual([
      expect.objectContaining({
        text: messages.accessReviewNotificationText(name, 2, dueDate),
        link: '/MyAccessReviews',
      }),
    ]);
    const mails = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select(['subject', 'textBody'])
      .where('recipientUserId', '=', s.approver.userId)
      .where('event', '=', 'accessReview')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('UAP access review: 2 accesses to review');
    expect(mails[0]!.textBody).toContain(messages.accessReviewNotificationText(name, 2, dueDate));
    expect(mails[0]!.textBody).toContain('/MyAccessReviews');
    // The holder reviews nothing, and is told nothing.
    const holders = await ctx.db.kysely
      .selectFrom('notifications')
      .select('notificationId')
      .where('userId', '=', s.holder.userId)
      .where('event', '=', 'accessReview')
      .execute();
    expect(holders).toEqual([]);
  });

  it('a standard user named reviewer (a manager) reads the page but exports no table', async () => {
    const k = ctx.db.kysely;
    const boss = await buildUser(k, { name: 'Bo' });
    const report = await buildUser(k, { managerEmail: boss.email });
    const path = await buildPath(k);
    await buildRecord(k, { path, user: { userId: report.userId, email: report.email } });
    const reviewId = await campaign(path.marketId, { reviewer: 'manager' });
    expect(await myItems(boss, reviewId)).toHaveLength(1);
    expect((await call(boss, 'PUT', '/api/AccessReviews/MyItems/Export', { reviewId })).statusCode).toBe(403);
  });
});

describe('PATCH api/AccessReviews/Items', () => {
  it('keeps: the item shows the decision and who made it; a second decision is 409 and changes nothing', async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId);
    const [item] = await myItems(s.approver, reviewId);
    const res = await decide(s.approver, [item!.itemId], 'keep', 'Still on the account team.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AccessReviewDecided; message: string }>()).toMatchObject({
      data: { decidedCount: 1, revokeRequestIds: [] },
      message: messages.accessReviewsDecided(1),
    });
    const [kept] = await myItems(s.approver, reviewId);
    expect(kept).toMatchObject({
      decision: 'keep',
      decisionName: 'Keep',
      comment: 'Still on the account team.',
      decidedByName: `Ava ${s.approver.lastName}`,
      state: messages.accessReviewStateKept,
      notDecidableReason: messages.accessReviewItemDecided,
    });
    const again = await decide(s.approver, [item!.itemId], 'revoke', 'Changed my mind.');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(messages.accessReviewItemDecided);
    expect(await itemOf(item!.itemId)).toMatchObject({ decision: 'keep', revokeRequestId: null });
  });

  it("is all or nothing: an item that is not the caller's makes the whole call 404", async () => {
    const s = await scene();
    const other = await scene();
    const reviewId = await campaign(s.path.marketId);
    const otherReview = await campaign(other.path.marketId);
    const [mine] = await myItems(s.approver, reviewId);
    const [theirs] = await myItems(other.approver, otherReview);
    const res = await decide(s.approver, [mine!.itemId, theirs!.itemId], 'keep');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(messages.accessReviewItemNotFound);
    expect((await itemOf(mine!.itemId)).decision).toBeNull();
    expect((await itemOf(theirs!.itemId)).decision).toBeNull();
    expect((await decide(s.approver, [99_999_999], 'keep')).statusCode).toBe(404);
    expect(
      (
        await call(demo.auditor, 'PATCH', '/api/AccessReviews/Items', {
          itemIds: [mine!.itemId],
          decision: 'keep',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a revoke without a comment (422) and a decision in a campaign no longer active (409)', async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId);
    const [item] = await myItems(s.approver, reviewId);
    const bare = await decide(s.approver, [item!.itemId], 'revoke', '   ');
    expect(bare.statusCode).toBe(422);
    expect(bare.json<{ message: string }>().message).toBe(messages.accessReviewCommentRequired);
    expect((await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Cancel`)).statusCode).toBe(
      200,
    );
    const late = await decide(s.approver, [item!.itemId], 'keep');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(messages.accessReviewCampaignClosed);
    expect((await itemOf(item!.itemId)).decision).toBeNull();
  });

  it("revokes through a Deactivate line already approved by the review, routed to the path's provisioner", async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId);
    const campaignName = await api.nameOf(reviewId);
    const provisioningBefore = (await counts(s.provisioner)).provisioning;
    const [item] = await myItems(s.approver, reviewId);
    const res = await decide(s.approver, [item!.itemId], 'revoke', 'Left the account team in May.');
    expect(res.statusCode, res.body).toBe(200);
    const [lineId] = res.json<{ data: AccessReviewDecided }>().data.revokeRequestIds;
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', '=', lineId!)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      requestTypeId: RequestType.DEACTIVATE,
      statusId: RequestStatus.APPROVED,
      recordId: s.record.requestId,
      userId: s.holder.userId,
      createdBy: s.approver.userId,
      approvedRejectedBy: s.approver.userId,
      clientAccountId: s.path.clientAccountId,
    });
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['stepDescription', 'createdBy', 'comments'])
      .where('requestId', '=', lineId!)
      .execute();
    expect(history).toEqual([
      {
        stepDescription: historySteps.revokedByAccessReview(campaignName, `Ava ${s.approver.lastName}`),
        createdBy: s.approver.userId,
        comments: 'Left the account team in May.',
      },
    ]);
    const record = await ctx.db.kysely
      .selectFrom('requests')
      .select('pendingChangeRequestId')
      .where('requestId', '=', s.record.requestId)
      .executeTakeFirstOrThrow();
    expect(record.pendingChangeRequestId).toBe(lineId);
    expect(await itemOf(item!.itemId)).toMatchObject({ decision: 'revoke', revokeRequestId: lineId });
    const [shown] = await myItems(s.approver, reviewId);
    expect(shown).toMatchObject({ state: messages.accessReviewStateRevokeWaiting, revokeRequestId: lineId });
    expect((await counts(s.provisioner)).provisioning).toBe(provisioningBefore + 1);
    const tasks = await call(s.provisioner, 'PUT', '/api/Request/RequestForProvisioners', {
      pageSize: 100,
      filters: [{ column: 'status', values: ['Approved'] }],
    });
    expect(tasks.statusCode, tasks.body).toBe(200);
    expect(
      tasks.json<{ data: { requests: { requestId: number }[] } }>().data.requests.map((r) => r.requestId),
    ).toContain(lineId);
  });

  it('a revoke replaces a Submitted change of the record; an Approved one blocks it (409), nothing changes', async () => {
    const s = await scene();
    const k = ctx.db.kysely;
    const submitted = await pendingChange(s, RequestStatus.SUBMITTED);
    const reviewId = await campaign(s.path.marketId);
    const [item] = await myItems(s.approver, reviewId);
    const res = await decide(s.approver, [item!.itemId], 'revoke', 'No longer needed.');
    expect(res.statusCode, res.body).toBe(200);
    const replaced = await k
      .selectFrom('requests')
      .select('statusId')
      .where('requestId', '=', submitted.requestId)
      .executeTakeFirstOrThrow();
    expect(replaced.statusId).toBe(RequestStatus.CANCELLED);

    const t = await scene();
    const approved = await pendingChange(t, RequestStatus.APPROVED);
    const second = await campaign(t.path.marketId);
    const [blocked] = await myItems(t.approver, second);
    expect(blocked!.notRevocableReason).toBe(messages.accessReviewPendingChange);
    const refused = await decide(t.approver, [blocked!.itemId], 'revoke', 'No longer needed.');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(messages.accessReviewPendingChange);
    expect(await itemOf(blocked!.itemId)).toMatchObject({ decision: null, revokeRequestId: null });
    const lines = await k
      .selectFrom('requests')
      .select('requestId')
      .where('recordId', '=', t.record.requestId)
      .execute();
    expect(lines.map((l) => l.requestId)).toEqual([approved.requestId]);
  });

  it('a record that ended during the review shows it, and cannot be revoked', async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId);
    await ctx.db.kysely
      .updateTable('requests')
      .set({ isDeleted: 1 })
      .where('requestId', '=', s.record.requestId)
      .execute();
    const [item] = await myItems(s.approver, reviewId);
    expect(item).toMatchObject({
      state: messages.accessReviewStateEnded,
      notDecidableReason: messages.accessReviewRecordEnded,
    });
    const res = await decide(s.approver, [item!.itemId], 'revoke', 'Gone anyway.');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(messages.accessReviewRecordEnded);
  });

  it('follows the record and the revoke as they move: changed, revoked once provisioned; sorted and filtered by State', async () => {
    const s = await scene();
    const second = await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId);
    const k = ctx.db.kysely;
    const stateFilter = async (state: string) => {
      const res = await call(s.approver, 'PUT', '/api/AccessReviews/MyItems', {
        reviewId,
        filters: [{ column: 'state', values: [state] }],
        orderBy: 'state',
        orderAsc: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { items: { recordId: number; state: string }[] } }>().data.items;
    };
    const other = await buildUser(k);
    await k
      .updateTable('requests')
      .set({ userId: other.userId })
      .where('requestId', '=', second.requestId)
      .execute();
    expect((await stateFilter(messages.accessReviewStateChanged)).map((i) => i.recordId)).toEqual([
      second.requestId,
    ]);

    const first = (await myItems(s.approver, reviewId)).find((i) => i.recordId === s.record.requestId)!;
    expect((await decide(s.approver, [first.itemId], 'revoke', 'Not needed.')).statusCode).toBe(200);
    const { revokeRequestId } = await itemOf(first.itemId);
    expect((await stateFilter(messages.accessReviewStateRevokeWaiting)).map((i) => i.recordId)).toEqual([
      s.record.requestId,
    ]);
    await k
      .updateTable('requests')
      .set({ statusId: RequestStatus.COMPLETED })
      .where('requestId', '=', revokeRequestId!)
      .execute();
    expect((await stateFilter(messages.accessReviewStateRevoked)).map((i) => i.recordId)).toEqual([
      s.record.requestId,
    ]);
    expect(await stateFilter(messages.accessReviewStateRevokeWaiting)).toEqual([]);
  });

  it('two reviewers deciding the same item at once: one wins, the other gets 409, one revoke line', async () => {
    const k = ctx.db.kysely;
    const path = await buildPath(k);
    const holder = await buildUser(k);
    const record = await buildRecord(k, { path, user: { userId: holder.userId, email: holder.email } });
    const ria = await buildUser(k, { name: 'Ria' });
    await appointRegionAdmin(ctx, ria, path);
    const reviewId = await campaign(path.marketId);
    const [item] = await myItems(ria, reviewId);
    const answers = await Promise.all([
      decide(ria, [item!.itemId], 'revoke', 'Not on the team.'),
      decide(demo.superAdmin, [item!.itemId], 'revoke', 'Not on the team either.'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lines = await k
      .selectFrom('requests')
      .select('requestId')
      .where('recordId', '=', record.requestId)
      .where('requestTypeId', '=', RequestType.DEACTIVATE)
      .execute();
    expect(lines).toHaveLength(1);
    expect((await itemOf(item!.itemId)).revokeRequestId).toBe(lines[0]!.requestId);
  });

  it("a delegate decides only the items handed to them, never the absent reviewer's other items, and writes no campaign", async () => {
    const k = ctx.db.kysely;
    const s = await scene();
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Dee' });
    const reviewId = await campaign(s.path.marketId);
    const [before] = await myItems(s.approver, reviewId);
    // The approver goes away after the start: the item stays theirs, the delegate reaches nothing.
    await k
      .insertInto('absences')
      .values({
        userId: s.approver.userId,
        delegateId: delegate.userId,
        fromDate: new Date(Date.now() - DAY).toISOString(),
        toDate: new Date(Date.now() + DAY).toISOString(),
        isDeleted: 0,
      })
      .execute();
    expect(await myItems(delegate, reviewId)).toEqual([]);
    const res = await decide(delegate, [before!.itemId], 'revoke', 'Not needed any more.');
    expect(res.statusCode).toBe(404);
    expect((await itemOf(before!.itemId)).decision).toBeNull();
    // A campaign started while the approver is away names the delegate instead.
    const during = await campaign(s.path.marketId);
    const [handed] = await myItems(delegate, during);
    expect(handed!.recordId).toBe(s.record.requestId);
    expect((await decide(delegate, [handed!.itemId], 'keep')).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/AccessReviews'],
      ['PUT', `/api/AccessReviews/${during}/Close`],
      ['PUT', `/api/AccessReviews/${during}/Cancel`],
    ] as const) {
      const refused = await call(
        delegate,
        method,
        url,
        method === 'POST' ? { name: 'Mine', dueDate } : undefined,
      );
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('decides many items in one call', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    for (let i = 0; i < 30; i++) {
      const holder = await buildUser(k);
      await buildRecord(k, { path, user: { userId: holder.userId, email: holder.email } });
    }
    const reviewId = await campaign(path.marketId);
    const items = await myItems(approver, reviewId);
    expect(items).toHaveLength(30);
    const res = await decide(
      approver,
      items.map((i) => i.itemId),
      'revoke',
      'Agency lost the client.',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AccessReviewDecided }>().data.revokeRequestIds).toHaveLength(30);
    expect(
      (await myItems(approver, reviewId)).every((i) => i.state === messages.accessReviewStateRevokeWaiting),
    ).toBe(true);
  });
});

describe('PUT api/AccessReviews/{id}/Close and GET …/Evidence', () => {
  const close = (reviewId: number) => call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Close`);

  it("keeps the undecided items by the campaign's default, closes it, and a second close is 409", async () => {
    const s = await scene();
    const second = await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId, { whenUndecided: 'keep' });
    const items = await myItems(s.approver, reviewId);
    const first = items.find((i) => i.recordId === s.record.requestId)!;
    expect((await decide(s.approver, [first.itemId], 'revoke', 'Moved teams.')).statusCode).toBe(200);
    const res = await close(reviewId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AccessReviewMoved; message: string }>()).toMatchObject({
      data: { reviewId, status: 'closed', appliedCount: 1, handedCount: 0 },
      message: messages.accessReviewClosed,
    });
    const undecided = items.find((i) => i.recordId === second.requestId)!;
    expect(await itemOf(undecided.itemId)).toMatchObject({
      decision: 'keep',
      decidedBy: null,
      comment: messages.accessReviewDefaultComment,
    });
    expect(await itemOf(first.itemId)).toMatchObject({ decision: 'revoke', decidedBy: s.approver.userId });
    expect(await myItems(s.approver, reviewId)).toEqual([]);
    const again = await close(reviewId);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(messages.accessReviewNotActive);
  });

  it('revokes the undecided items by default; one whose record ended stays undecided', async () => {
    const s = await scene();
    const ended = await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId, { whenUndecided: 'revoke' });
    await ctx.db.kysely
      .updateTable('requests')
      .set({ isDeleted: 1 })
      .where('requestId', '=', ended.requestId)
      .execute();
    const items = await myItems(s.approver, reviewId);
    const res = await close(reviewId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AccessReviewMoved }>().data).toMatchObject({ status: 'closed', appliedCount: 1 });
    const revoked = await itemOf(items.find((i) => i.recordId === s.record.requestId)!.itemId);
    expect(revoked).toMatchObject({ decision: 'revoke', decidedBy: null });
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .select(['statusId', 'requestTypeId', 'recordId'])
      .where('requestId', '=', revoked.revokeRequestId!)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      statusId: RequestStatus.APPROVED,
      requestTypeId: RequestType.DEACTIVATE,
      recordId: s.record.requestId,
    });
    const step = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select('stepDescription')
      .where('requestId', '=', revoked.revokeRequestId!)
      .executeTakeFirstOrThrow();
    expect(step.stepDescription).toContain(messages.accessReviewSystem);
    expect((await itemOf(items.find((i) => i.recordId === ended.requestId)!.itemId)).decision).toBeNull();
  });

  it('hands the undecided items to the administrators and stays active until they are decided', async () => {
    const s = await scene();
    const reviewId = await campaign(s.path.marketId, { whenUndecided: 'administrators' });
    const [item] = await myItems(s.approver, reviewId);
    const res = await close(reviewId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AccessReviewMoved; message: string }>()).toMatchObject({
      data: { status: 'active', appliedCount: 0, handedCount: 1 },
      message: messages.accessReviewHandedToAdministrators(1),
    });
    expect(await myItems(s.approver, reviewId)).toEqual([]);
    const [handed] = await myItems(demo.superAdmin, reviewId);
    expect(handed!.itemId).toBe(item!.itemId);
    expect(
      (await decide(demo.superAdmin, [handed!.itemId], 'keep', 'Confirmed with the agency.')).statusCode,
    ).toBe(200);
    const closed = await close(reviewId);
    expect(closed.json<{ data: AccessReviewMoved }>().data).toMatchObject({
      status: 'closed',
      handedCount: 0,
    });
  });

  it('a draft cannot be closed (409)', async () => {
    const path = await buildPath(ctx.db.kysely);
    const created = await call(demo.superAdmin, 'POST', '/api/AccessReviews', {
      name: `Draft ${uniqueTag()}`,
      dueDate,
      scope: { marketIds: [path.marketId] },
    });
    const { reviewId } = created.json<{ data: { reviewId: number } }>().data;
    expect((await close(reviewId)).statusCode).toBe(409);
  });

  it('the evidence lists every item with its reviewer, decision, comment and the outcome of a revoke; the auditor downloads it', async () => {
    const s = await scene();
    const second = await anotherRecord(s);
    const reviewId = await campaign(s.path.marketId, { whenUndecided: 'keep' });
    const items = await myItems(s.approver, reviewId);
    const revokedItem = items.find((i) => i.recordId === s.record.requestId)!;
    const revoke = await decide(s.approver, [revokedItem.itemId], 'revoke', '=HYPERLINK("x") left');
    const [lineId] = revoke.json<{ data: AccessReviewDecided }>().data.revokeRequestIds;
    expect((await close(reviewId)).statusCode).toBe(200);
    const res = await call(demo.auditor, 'GET', `/api/AccessReviews/${reviewId}/Evidence`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = unsignedCsv(res.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe(Object.values(accessReviewEvidenceHeaders).join(','));
    expect(lines).toHaveLength(3);
    const revokedLine = lines.find((l) => l.startsWith(`${revokedItem.itemId},`))!;
    expect(revokedLine).toContain(`Ava ${s.approver.lastName}`);
    expect(revokedLine).toContain(',Revoke,');
    expect(revokedLine).toContain(`'=HYPERLINK`);
    expect(revokedLine).toContain(`,${lineId},Waiting for provisioning`);
    const keptLine = lines.find((l) =>
      l.startsWith(`${items.find((i) => i.recordId === second.requestId)!.itemId},`),
    )!;
    expect(keptLine).toContain(
      `,Keep,${messages.accessReviewDefaultComment},${messages.accessReviewSystem},`,
    );
    const ria = await buildUser(ctx.db.kysely, { name: 'Ria' });
    await appointRegionAdmin(ctx, ria, await buildPath(ctx.db.kysely));
    expect((await call(ria, 'GET', `/api/AccessReviews/${reviewId}/Evidence`)).statusCode).toBe(404);
  });
});
