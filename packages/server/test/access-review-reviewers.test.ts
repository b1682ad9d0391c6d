import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  messages,
  type AccessReviewReviewerList,
  type AccessReviewReviewerRow,
  type TableQueryInput,
} from '@uap/domain';
import { DAY, campaignBody, reviewApi, type Who } from './access-review-helpers.ts';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';

/**
 * A campaign's reviewers and their progress (issue 46 item 5): PUT api/AccessReviews/{id}/Reviewers
 * counts each reviewer's items from decisions made through the API, puts the overdue first,
 * pages, searches, and answers only those who read the campaign.
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

/** One market; a path per reviewer (each its own primary approver), one path nobody approves. */
async function scene() {
  const k = ctx.db.kysely;
  const holder = await buildUser(k, { name: 'Hal' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pip' });
  const market: BuiltPath = await buildPath(k);
  const reviewer = (name: string) => buildUser(k, { roleId: Role.APPROVER, name });
  const pathOf = (approver: BuiltUser | null) =>
    buildPath(k, {
      regionId: market.regionId,
      marketId: market.marketId,
      assignment: approver ? { primary: approver.userId, provisioner: provisioner.userId } : null,
    });
  const records = async (path: BuiltPath, count: number) => {
    for (let n = 0; n < count; n += 1) {
      await buildRecord(k, { path, user: { userId: holder.userId, email: holder.email } });
    }
  };
  const ava = await reviewer('Ava');
  const ben = await reviewer('Ben');
  const others = [await reviewer('Cal'), await reviewer('Dee'), await reviewer('Eve'), await reviewer('Fay')];
  await records(await pathOf(ava), 3);
  await records(await pathOf(ben), 3);
  for (const other of others) {
    await records(await pathOf(other), 1);
  }
  await records(await pathOf(null), 1);
  return { market, ava, ben, others };
}

type Scene = Awaited<ReturnType<typeof scene>>;

async function reviewersPage(who: Who, reviewId: number, body: TableQueryInput = {}) {
  const res = await api.call(who, 'PUT', `/api/AccessReviews/${reviewId}/Reviewers`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AccessReviewReviewerList }>().data;
}

const fullName = (u: BuiltUser) => `${u.name} ${u.lastName}`;
const names = (rows: AccessReviewReviewerRow[]) => rows.map((r) => r.reviewerName);

/** The started campaign over the scene's market, Ava's three items decided, one of Ben's kept. */
async function decidedCampaign(s: Scene): Promise<number> {
  const reviewId = await api.create(
    demo.superAdmin,
    campaignBody({ scope: { marketIds: [s.market.marketId] } }),
  );
  expect((await api.start(demo.superAdmin, reviewId)).itemCount).toBe(11);
  const avas = (await api.myItems(s.ava, reviewId)).map((i) => i.itemId);
  expect(avas).toHaveLength(3);
  expect((await api.decide(s.ava, avas.slice(0, 2), 'keep')).statusCode).toBe(200);
  expect((await api.decide(s.ava, avas.slice(2), 'revoke', 'No longer needed')).statusCode).toBe(200);
  const bens = (await api.myItems(s.ben, reviewId)).map((i) => i.itemId);
  expect((await api.decide(s.ben, bens.slice(0, 1), 'keep')).statusCode).toBe(200);
  return reviewId;
}

/** Sets a campaign's due day as stored (the API refuses a day in the past). */
async function setDueDay(reviewId: number, day: string) {
  await ctx.db.kysely
    .updateTable('accessReviews')
    .set({ dueDate: `${day}T00:00:00.000Z` })
    .where('reviewId', '=', reviewId)
    .execute();
}

describe('PUT api/AccessReviews/{id}/Reviewers', () => {
  let s: Scene;
  let reviewId: number;
  beforeAll(async () => {
    s = await scene();
    reviewId = await decidedCampaign(s);
  });

  it("counts each reviewer's items and decisions, the unnamed items as the administrators' row", async () => {
    const page = await reviewersPage(demo.superAdmin, reviewId, { pageSize: 10 });
    expect(page.totalCount).toBe(7);
    const byName = new Map(page.reviewers.map((r) => [r.reviewerName, r]));
    expect(byName.get(fullName(s.ava))).toMatchObject({
      reviewerKey: s.ava.userId,
      reviewerUserId: s.ava.userId,
      reviewerEmail: s.ava.email,
      itemCount: 3,
      decidedCount: 3,
      keptCount: 2,
      revokedCount: 1,
      undecidedCount: 0,
      isOverdue: false,
    });
    expect(byName.get(fullName(s.ava))!.lastDecidedAt).not.toBeNull();
    expect(byName.get(fullName(s.ben))).toMatchObject({
      reviewerUserId: s.ben.userId,
      itemCount: 3,
      decidedCount: 1,
      keptCount: 1,
      revokedCount: 0,
      undecidedCount: 2,
    });
    expect(byName.get(messages.accessReviewAdministrators)).toEqual({
      reviewerKey: 0,
      reviewerUserId: null,
      reviewerName: messages.accessReviewAdministrators,
      reviewerEmail: '',
      itemCount: 1,
      decidedCount: 0,
      keptCount: 0,
      revokedCount: 0,
      undecidedCount: 1,
      lastDecidedAt: null,
      isOverdue: false,
    });
    for (const other of s.others) {
      expect(byName.get(fullName(other))).toMatchObject({ itemCount: 1, decidedCount: 0, undecidedCount: 1 });
    }
  });

  it('puts the most undecided first, then by name, and pages', async () => {
    const first = await reviewersPage(demo.superAdmin, reviewId, { pageSize: 5 });
    expect(first.totalCount).toBe(7);
    expect(names(first.reviewers)).toEqual([fullName(s.ben), ...s.others.map(fullName)]);
    const second = await reviewersPage(demo.superAdmin, reviewId, { pageSize: 5, page: 2 });
    expect(names(second.reviewers)).toEqual([messages.accessReviewAdministrators, fullName(s.ava)]);
  });

  it('sorts by another column, and searches names and emails', async () => {
    const byName = await reviewersPage(demo.superAdmin, reviewId, {
      orderBy: 'reviewerName',
      orderAsc: true,
    });
    expect(names(byName.reviewers)).toEqual([
      fullName(s.ava),
      fullName(s.ben),
      ...s.others.map(fullName),
      messages.accessReviewAdministrators,
    ]);
    const byKept = await reviewersPage(demo.superAdmin, reviewId, { orderBy: 'keptCount' });
    expect(names(byKept.reviewers).slice(0, 2)).toEqual([fullName(s.ava), fullName(s.ben)]);
    const byEmail = await reviewersPage(demo.superAdmin, reviewId, { searchCriteria: s.ben.email });
    expect(names(byEmail.reviewers)).toEqual([fullName(s.ben)]);
    const admins = await reviewersPage(demo.superAdmin, reviewId, { searchCriteria: 'administrators' });
    expect(names(admins.reviewers)).toEqual([messages.accessReviewAdministrators]);
    const menu = await api.call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Reviewers/Filters`, {
      column: 'reviewerName',
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json<{ data: { values: string[] } }>().data.values).toHaveLength(7);
    const unknown = await api.call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Reviewers`, {
      orderBy: 'comment',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('marks the reviewers with undecided items overdue once the due day has passed, and puts them first', async () => {
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    await setDueDay(reviewId, yesterday);
    const page = await reviewersPage(demo.superAdmin, reviewId, { pageSize: 10 });
    expect(page.reviewers.map((r) => [r.reviewerName, r.isOverdue])).toEqual([
      [fullName(s.ben), true],
      ...s.others.map((o) => [fullName(o), true]),
      [messages.accessReviewAdministrators, true],
      [fullName(s.ava), false],
    ]);
    // Sorted by Overdue ascending, the one not overdue comes first.
    const notOverdueFirst = await reviewersPage(demo.superAdmin, reviewId, {
      orderBy: 'isOverdue',
      orderAsc: true,
    });
    expect(names(notOverdueFirst.reviewers)[0]).toBe(fullName(s.ava));
    // Due today: not passed yet.
    await setDueDay(reviewId, new Date().toISOString().slice(0, 10));
    const today = await reviewersPage(demo.superAdmin, reviewId, { pageSize: 10 });
    expect(today.reviewers.filter((r) => r.isOverdue)).toEqual([]);
  });

  it('answers the auditor and an administrator of the market; 404 outside her rows, 403 to a standard user', async () => {
    const k = ctx.db.kysely;
    const inside = await buildUser(k, { name: 'Ida' });
    await appointRegionAdmin(ctx, inside, s.market);
    const outside = await buildUser(k, { name: 'Oto' });
    await appointRegionAdmin(ctx, outside, await buildPath(k));
    const expected = (await reviewersPage(demo.superAdmin, reviewId, { pageSize: 10 })).reviewers;
    expect((await reviewersPage(demo.auditor, reviewId, { pageSize: 10 })).reviewers).toEqual(expected);
    expect((await reviewersPage(inside, reviewId, { pageSize: 10 })).reviewers).toEqual(expected);
    for (const url of [
      `/api/AccessReviews/${reviewId}/Reviewers`,
      `/api/AccessReviews/${reviewId}/Reviewers/Filters`,
    ]) {
      const body = { column: 'reviewerName' };
      const refused = await api.call(outside, 'PUT', url, body);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(messages.accessReviewNotFound);
      expect((await api.call(demo.standard, 'PUT', url, body)).statusCode, url).toBe(403);
    }
  });

  it('a cancelled campaign past its due day has nobody overdue', async () => {
    const other = await decidedCampaign(await scene());
    await setDueDay(other, new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10));
    expect((await reviewersPage(demo.superAdmin, other)).reviewers.some((r) => r.isOverdue)).toBe(true);
    expect((await api.call(demo.superAdmin, 'PUT', `/api/AccessReviews/${other}/Cancel`)).statusCode).toBe(
      200,
    );
    expect((await reviewersPage(demo.superAdmin, other)).reviewers.some((r) => r.isOverdue)).toBe(false);
  });

  it('a draft has no reviewers yet', async () => {
    const draft = await api.create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [s.market.marketId] } }),
    );
    expect(await reviewersPage(demo.superAdmin, draft)).toMatchObject({ reviewers: [], totalCount: 0 });
  });
});
