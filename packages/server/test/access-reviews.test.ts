import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type AccessReviewDetail, type AccessReviewList } from '@uap/domain';
import { DAY, campaignBody, dueDate, reviewApi, type Who } from './access-review-helpers.ts';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAssignment,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/**
 * Access review campaigns (issue 46): create, edit, list, start (the snapshot and each item's
 * reviewer) and cancel, through the API on the seeded database, as a super administrator, a
 * region administrator and the auditor.
 */

let ctx: TestContext;
type Api = ReturnType<typeof reviewApi>;
let api: Api;
/** A region administrator of `mine` (one region, one market). */
let rae: BuiltUser;
let mine: BuiltPath;
/** Another market of the same region as `mine`, not hers. */
let sameRegionOther: BuiltPath;
let elsewhere: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  api = reviewApi(ctx);
  const k = ctx.db.kysely;
  mine = await buildPath(k);
  sameRegionOther = await buildPath(k, { regionId: mine.regionId });
  elsewhere = await buildPath(k);
  rae = await buildUser(k, { name: 'Rae', lastName: `Region ${uniqueTag()}` });
  await appointRegionAdmin(ctx, rae, mine);
});
afterAll(async () => {
  await ctx.close();
});

const call = (...a: Parameters<Api['call']>) => api.call(...a);
const create = (...a: Parameters<Api['create']>) => api.create(...a);
const start = (...a: Parameters<Api['start']>) => api.start(...a);

async function listed(who: Who, reviewId: number) {
  const res = await call(who, 'PUT', '/api/AccessReviews', {
    filters: [{ column: 'reviewId', values: [String(reviewId)] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AccessReviewList }>().data.reviews;
}

/** The items of a campaign as stored: record → reviewer. */
async function reviewersOf(reviewId: number): Promise<Map<number, number | null>> {
  const rows = await ctx.db.kysely
    .selectFrom('accessReviewItems')
    .select(['recordId', 'reviewerUserId'])
    .where('reviewId', '=', reviewId)
    .execute();
  return new Map(rows.map((r) => [r.recordId, r.reviewerUserId]));
}

async function statusOf(reviewId: number): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('accessReviews')
    .select('status')
    .where('reviewId', '=', reviewId)
    .executeTakeFirstOrThrow();
  return row.status;
}

const recordOn = (path: BuiltPath, user: BuiltUser, set = {}) =>
  buildRecord(ctx.db.kysely, { path, user: { userId: user.userId, email: user.email }, set });

describe('POST, GET, PUT api/AccessReviews: campaigns', () => {
  it('a super administrator creates a draft of any scope; it reads back as sent and lists with no items', async () => {
    const input = campaignBody({
      scope: {
        regionIds: [elsewhere.regionId],
        platformIds: [elsewhere.platformId],
        internal: true,
        activeForDays: 30,
      },
      reviewer: 'manager',
      whenUndecided: 'revoke',
      recurrenceMonths: 6,
    });
    const reviewId = await create(demo.superAdmin, input);
    const res = await call(demo.superAdmin, 'GET', `/api/AccessReviews/${reviewId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ data: AccessReviewDetail }>().data;
    expect(detail).toMatchObject({
      reviewId,
      name: input.name,
      status: 'draft',
      statusName: 'Draft',
      reviewer: 'manager',
      reviewerRule: 'manager',
      reviewerText: "The user's manager",
      whenUndecided: 'revoke',
      recurrenceMonths: 6,
      scope: {
        regionIds: [elsewhere.regionId],
        platformIds: [elsewhere.platformId],
        internal: true,
        activeForDays: 30,
      },
      scopeText: `Region: ${elsewhere.names.region}; Platform: ${elsewhere.names.platform}; Internal users; Held over 30 days`,
      itemCount: 0,
      undecidedCount: 0,
      startedDate: null,
    });
    expect(detail.dueDate.slice(0, 10)).toBe(dueDate);
    const rows = await listed(demo.superAdmin, reviewId);
    expect(rows.map((r) => r.name)).toEqual([input.name]);
    expect(await listed(demo.auditor, reviewId)).toHaveLength(1);
  });

  it('refuses a due date in the past and a named reviewer who does not exist (422)', async () => {
    const past = await call(
      demo.superAdmin,
      'POST',
      '/api/AccessReviews',
      campaignBody({ dueDate: '2020-01-01' }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json<{ message: string }>().message).toBe(messages.accessReviewDueDatePast);
    const nobody = await call(
      demo.superAdmin,
      'POST',
      '/api/AccessReviews',
      campaignBody({ reviewer: { userId: 99_999_999 } }),
    );
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json<{ message: string }>().message).toBe(messages.accessReviewReviewerUnknown);
    const blank = await call(demo.superAdmin, 'POST', '/api/AccessReviews', campaignBody({ name: '   ' }));
    expect(blank.statusCode).toBe(400);
  });

  it("a region administrator's campaign names a region or market of her rows, else 403 and nothing is kept", async () => {
    const count = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('accessReviews')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('createdBy', '=', rae.userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const none = await call(
      rae,
      'POST',
      '/api/AccessReviews',
      campaignBody({ scope: { platformIds: [mine.platformId] } }),
    );
    expect(none.statusCode).toBe(403);
    expect(none.json<{ message: string }>().message).toBe(messages.accessReviewScopeNeedsPlace);
    for (const scope of [
      { marketIds: [elsewhere.marketId] },
      { marketIds: [mine.marketId, elsewhere.marketId] },
      // Her region holds a market that is not hers: the region is not wholly hers.
      { regionIds: [mine.regionId] },
    ]) {
      const res = await call(rae, 'POST', '/api/AccessReviews', campaignBody({ scope }));
      expect(res.statusCode, JSON.stringify(scope)).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(messages.accessReviewScopeOutsideRows);
    }
    expect(await count()).toBe(before);
    const reviewId = await create(rae, campaignBody({ scope: { marketIds: [mine.marketId] } }));
    expect(await listed(rae, reviewId)).toHaveLength(1);
  });

  it('a region administrator neither sees nor touches a campaign outside her rows (404), nor one naming no place', async () => {
    const outside = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [sameRegionOther.marketId] } }),
    );
    const everything = await create(demo.superAdmin, campaignBody());
    for (const reviewId of [outside, everything]) {
      expect(await listed(rae, reviewId)).toEqual([]);
      expect((await call(rae, 'GET', `/api/AccessReviews/${reviewId}`)).statusCode).toBe(404);
      const edit = await call(
        rae,
        'PUT',
        `/api/AccessReviews/${reviewId}`,
        campaignBody({ scope: { marketIds: [mine.marketId] } }),
      );
      expect(edit.statusCode).toBe(404);
      expect((await call(rae, 'PUT', `/api/AccessReviews/${reviewId}/Start`)).statusCode).toBe(404);
      expect((await call(rae, 'PUT', `/api/AccessReviews/${reviewId}/Cancel`)).statusCode).toBe(404);
      expect((await call(rae, 'PUT', `/api/AccessReviews/${reviewId}/Close`)).statusCode).toBe(404);
      expect((await call(rae, 'GET', `/api/AccessReviews/${reviewId}/Evidence`)).statusCode).toBe(404);
      expect(await statusOf(reviewId)).toBe('draft');
    }
    // Nor may she widen her own campaign beyond her rows.
    const own = await create(rae, campaignBody({ scope: { marketIds: [mine.marketId] } }));
    const widened = await call(
      rae,
      'PUT',
      `/api/AccessReviews/${own}`,
      campaignBody({ scope: { marketIds: [elsewhere.marketId] } }),
    );
    expect(widened.statusCode).toBe(403);
    const detail = await call(rae, 'GET', `/api/AccessReviews/${own}`);
    expect(detail.json<{ data: AccessReviewDetail }>().data.scope).toEqual({ marketIds: [mine.marketId] });
  });

  it('the auditor reads campaigns but writes none (403)', async () => {
    const reviewId = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [mine.marketId] } }));
    expect((await call(demo.auditor, 'GET', `/api/AccessReviews/${reviewId}`)).statusCode).toBe(200);
    expect((await call(demo.auditor, 'POST', '/api/AccessReviews', campaignBody())).statusCode).toBe(403);
    expect((await call(demo.auditor, 'PUT', `/api/AccessReviews/${reviewId}/Start`)).statusCode).toBe(403);
    expect((await call(demo.standard, 'PUT', '/api/AccessReviews', {})).statusCode).toBe(403);
  });

  it('a draft is edited; once started, an edit is 409 and the campaign keeps its fields', async () => {
    const path = await buildPath(ctx.db.kysely);
    const holder = await buildUser(ctx.db.kysely);
    await recordOn(path, holder);
    const reviewId = await create(
      demo.superAdmin,
      campaignBody({ scope: { regionIds: [elsewhere.regionId] } }),
    );
    const renamed = campaignBody({ name: `Renamed ${uniqueTag()}`, scope: { regionIds: [path.regionId] } });
    const edit = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}`, renamed);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await listed(demo.superAdmin, reviewId))[0]).toMatchObject({
      name: renamed.name,
      scopeText: `Region: ${path.names.region}`,
    });
    await start(demo.superAdmin, reviewId);
    const late = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}`, campaignBody());
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(messages.accessReviewNotDraft);
    expect((await listed(demo.superAdmin, reviewId))[0]!.name).toBe(renamed.name);
  });
});

describe('PUT api/AccessReviews/{id}/Start: the snapshot', () => {
  it('takes one item per active access record in scope, and nothing else', async () => {
    const k = ctx.db.kysely;
    const path = await buildPath(k);
    const otherPlatform = await buildPath(k, {
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
    });
    const holder = await buildUser(k);
    const active = await recordOn(path, holder);
    const archived = await buildRequest(k, {
      path,
      user: { userId: holder.userId, email: holder.email },
      statusId: 6,
    });
    await recordOn(path, holder, { isDeleted: 1 });
    await buildRequest(k, { path, user: { userId: holder.userId, email: holder.email } });
    await recordOn(otherPlatform, holder);
    await recordOn(await buildPath(k), holder);
    const reviewId = await create(
      demo.superAdmin,
      campaignBody({ scope: { regionIds: [path.regionId], platformIds: [path.platformId] } }),
    );
    expect(await start(demo.superAdmin, reviewId)).toEqual({ reviewId, itemCount: 2 });
    expect([...(await reviewersOf(reviewId)).keys()].sort((a, b) => a - b)).toEqual(
      [active.requestId, archived.requestId].sort((a, b) => a - b),
    );
    const [row] = await listed(demo.superAdmin, reviewId);
    expect(row).toMatchObject({
      status: 'active',
      statusName: 'Active',
      itemCount: 2,
      undecidedCount: 2,
      decidedCount: 0,
    });
    expect(row!.startedDate).not.toBeNull();
  });

  it('keeps internal or external users, and records held longer than N days, when the scope says so', async () => {
    const k = ctx.db.kysely;
    const path = await buildPath(k);
    const holder = await buildUser(k);
    const old = await recordOn(path, holder, {
      provisionedDate: new Date(Date.now() - 100 * DAY).toISOString(),
    });
    await recordOn(path, holder, { provisionedDate: new Date(Date.now() - 10 * DAY).toISOString() });
    const external = await recordOn(path, holder, {
      isInternal: 0,
      provisionedDate: new Date(Date.now() - 100 * DAY).toISOString(),
    });
    const held = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId], activeForDays: 30 } }),
    );
    expect((await start(demo.superAdmin, held)).itemCount).toBe(2);
    const internalOnly = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId], internal: true, activeForDays: 30 } }),
    );
    expect([...(await reviewersOf((await start(demo.superAdmin, internalOnly)).reviewId)).keys()]).toEqual([
      old.requestId,
    ]);
    const externalOnly = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId], internal: false } }),
    );
    await start(demo.superAdmin, externalOnly);
    expect([...(await reviewersOf(externalOnly)).keys()]).toEqual([external.requestId]);
  });

  it("names the path's approver, the secondary for the primary's own access, the delegate of one away, else nobody", async () => {
    const k = ctx.db.kysely;
    const primary = await buildUser(k, { roleId: Role.APPROVER, name: 'Pria' });
    const secondary = await buildUser(k, { roleId: Role.APPROVER, name: 'Sec' });
    const clientApprover = await buildUser(k, { roleId: Role.APPROVER, name: 'Cli' });
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Dee' });
    const holder = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: primary.userId, secondary: secondary.userId } });
    // A second client on the same platform, whose own assignment wins over the platform's.
    const clientPath = await buildPath(k, {
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
      platformId: path.platformId,
    });
    await buildAssignment(k, clientPath, { primary: clientApprover.userId, clientScoped: true });
    const uncovered = await buildPath(k, { regionId: path.regionId, marketId: path.marketId });
    const byPrimary = await recordOn(path, holder);
    const primarysOwn = await recordOn(path, primary);
    const byClient = await recordOn(clientPath, holder);
    const clientApproversOwn = await recordOn(clientPath, clientApprover);
    const nobody = await recordOn(uncovered, holder);

    const first = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    await start(demo.superAdmin, first);
    expect(Object.fromEntries(await reviewersOf(first))).toEqual({
      [byPrimary.requestId]: primary.userId,
      [primarysOwn.requestId]: secondary.userId,
      [byClient.requestId]: clientApprover.userId,
      [clientApproversOwn.requestId]: null,
      [nobody.requestId]: null,
    });

    // The secondary is away today and named a delegate: the delegate reviews the primary's access.
    await k
      .insertInto('absences')
      .values({
        userId: secondary.userId,
        delegateId: delegate.userId,
        fromDate: new Date(Date.now() - DAY).toISOString(),
        toDate: new Date(Date.now() + DAY).toISOString(),
        isDeleted: 0,
      })
      .execute();
    const second = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    await start(demo.superAdmin, second);
    const reviewers = await reviewersOf(second);
    expect(reviewers.get(primarysOwn.requestId)).toBe(delegate.userId);
    expect(reviewers.get(byPrimary.requestId)).toBe(primary.userId);
  });

  it("names the subject's manager, or the named person; nobody reviews their own access", async () => {
    const k = ctx.db.kysely;
    const boss = await buildUser(k, { name: 'Boss' });
    const named = await buildUser(k, { name: 'Nam' });
    const report = await buildUser(k, { managerEmail: boss.email, managerName: 'Boss' });
    const orphan = await buildUser(k);
    const path = await buildPath(k);
    const reports = await recordOn(path, report);
    const orphans = await recordOn(path, orphan);
    const nameds = await recordOn(path, named);

    const byManager = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId] }, reviewer: 'manager' }),
    );
    await start(demo.superAdmin, byManager);
    expect(Object.fromEntries(await reviewersOf(byManager))).toEqual({
      [reports.requestId]: boss.userId,
      [orphans.requestId]: null,
      [nameds.requestId]: null,
    });

    const byName = await create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId] }, reviewer: { userId: named.userId } }),
    );
    await start(demo.superAdmin, byName);
    expect(Object.fromEntries(await reviewersOf(byName))).toEqual({
      [reports.requestId]: named.userId,
      [orphans.requestId]: named.userId,
      [nameds.requestId]: null,
    });
  });

  it('a scope that matches no active access is refused with a message and stays a draft', async () => {
    const empty = await buildPath(ctx.db.kysely);
    const reviewId = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [empty.marketId] } }));
    const res = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Start`);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(messages.accessReviewScopeEmpty);
    expect(await statusOf(reviewId)).toBe('draft');
  });

  it('starting twice, or twice at once, takes one snapshot: the other start is 409', async () => {
    const path = await buildPath(ctx.db.kysely);
    const holder = await buildUser(ctx.db.kysely);
    await recordOn(path, holder);
    await recordOn(path, holder);
    const once = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    await start(demo.superAdmin, once);
    const again = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${once}/Start`);
    expect(again.statusCode).toBe(409);
    expect((await reviewersOf(once)).size).toBe(2);

    const racing = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    const answers = await Promise.all([
      call(demo.superAdmin, 'PUT', `/api/AccessReviews/${racing}/Start`),
      call(demo.superAdmin, 'PUT', `/api/AccessReviews/${racing}/Start`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await reviewersOf(racing)).size).toBe(2);
  });

  it("a region administrator's snapshot stays inside her rows, even when a super administrator starts it", async () => {
    const k = ctx.db.kysely;
    const place = await buildPath(k);
    const ria = await buildUser(k, { name: 'Ria', lastName: `Region ${uniqueTag()}` });
    await appointRegionAdmin(ctx, ria, place);
    const holder = await buildUser(k);
    const inside = await recordOn(place, holder);
    const reviewId = await create(ria, campaignBody({ scope: { marketIds: [place.marketId] } }));
    const before = await create(ria, campaignBody({ scope: { marketIds: [place.marketId] } }));
    expect(await start(ria, before)).toEqual({ reviewId: before, itemCount: 1 });
    expect([...(await reviewersOf(before)).keys()]).toEqual([inside.requestId]);
    // Her admin row ends: a start of her campaign finds nothing inside her rows any more.
    await k.updateTable('adminRegions').set({ isDeleted: 1 }).where('userId', '=', ria.userId).execute();
    const res = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${reviewId}/Start`);
    expect(res.statusCode).toBe(422);
    expect(await statusOf(reviewId)).toBe('draft');
  });

  it('cancels a draft or an active campaign; a cancelled one is 409', async () => {
    const path = await buildPath(ctx.db.kysely);
    await recordOn(path, await buildUser(ctx.db.kysely));
    const draft = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    const res = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${draft}/Cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(draft)).toBe('cancelled');
    const twice = await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${draft}/Cancel`);
    expect(twice.statusCode).toBe(409);
    expect((await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${draft}/Start`)).statusCode).toBe(409);
    const active = await create(demo.superAdmin, campaignBody({ scope: { marketIds: [path.marketId] } }));
    await start(demo.superAdmin, active);
    expect((await call(demo.superAdmin, 'PUT', `/api/AccessReviews/${active}/Cancel`)).statusCode).toBe(200);
    expect((await listed(demo.superAdmin, active))[0]).toMatchObject({ status: 'cancelled', itemCount: 1 });
  });
});
