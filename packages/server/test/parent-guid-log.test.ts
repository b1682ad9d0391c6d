import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ProfileLogRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag, type BuiltUser } from './factories.ts';

/** GET api/User/ParentGUIDLogs/{parentGuid}: the ParentGUID log (spec 3 §8). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function call(who: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: who === null ? {} : { authorization: `Bearer ${await ctx.tokenFor(who)}` },
    ...(payload ? { payload } : {}),
  });
}

const logUrl = (guid: string) => `/api/User/ParentGUIDLogs/${encodeURIComponent(guid)}`;

/** A profile that carries its own directory id as its ParentGUID, as the directory import writes it. */
async function withOwnGuid(user: BuiltUser): Promise<string> {
  await ctx.db.kysely
    .updateTable('users')
    .set({ parentGuid: user.directoryId })
    .where('userId', '=', user.userId)
    .execute();
  return user.directoryId;
}

/** A logged change of a profile's title, made as the admin edits it. */
async function retitle(user: BuiltUser, title: string) {
  const res = await call(demo.admin, 'PUT', '/api/User', {
    isProfileEdit: true,
    userId: user.userId,
    Name: user.name,
    LastName: user.lastName,
    Email: user.email,
    Title: title,
    OfficeNumber: '0123 456',
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the ParentGUID log', () => {
  let parent: BuiltUser;
  let child: BuiltUser;
  let stranger: BuiltUser;
  let guid: string;

  beforeAll(async () => {
    const tag = uniqueTag();
    parent = await buildUser(ctx.db.kysely, { name: 'Parent', lastName: `Guid ${tag}` });
    child = await buildUser(ctx.db.kysely, { name: 'Child', lastName: `Guid ${tag}` });
    stranger = await buildUser(ctx.db.kysely, { name: 'Stranger', lastName: `Guid ${tag}` });
    guid = await withOwnGuid(parent);
    await withOwnGuid(child);
    await withOwnGuid(stranger);
    await retitle(parent, 'Planner');
    await retitle(stranger, 'Buyer');
    await retitle(child, 'Analyst');
    const merged = await call(demo.superAdmin, 'POST', '/api/User/MergeProfile', {
      userId: child.userId,
      mergedUserId: parent.userId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
  });

  it('lists the changes of the parent and of the profiles merged into it, newest first, each naming its UAP Id', async () => {
    const res = await call(demo.admin, 'GET', logUrl(guid));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: ProfileLogRow[] }>().data;
    // Parent: its edit and the merge; child: its edit (made before, under its own GUID) and the merge.
    expect(rows.map((r) => r.userId).sort()).toEqual(
      [parent.userId, parent.userId, child.userId, child.userId].sort(),
    );
    expect(rows.map((r) => r.serialNo)).toEqual([4, 3, 2, 1]);
    expect(rows.some((r) => r.userId === stranger.userId)).toBe(false);
    const childMerge = rows.find(
      (r) => r.userId === child.userId && r.changes.some((c) => c.field === 'ParentGUID'),
    );
    expect(childMerge?.changes).toContainEqual({
      field: 'ParentGUID',
      oldValue: child.directoryId,
      newValue: guid,
    });
    expect(
      rows.find((r) => r.userId === child.userId && r.changes.some((c) => c.field === 'Title')),
    ).toBeDefined();
    const times = rows.map((r) => r.newLastUpdated);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("answers 'ParentGUID doesn't exist' for a ParentGUID no profile carries", async () => {
    const res = await call(demo.admin, 'GET', logUrl(`missing-${uniqueTag()}`));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: messages.parentGuidMissing });
    // The child's own GUID is no ParentGUID any more: it carries the parent's.
    const former = await call(demo.admin, 'GET', logUrl(child.directoryId));
    expect(former.statusCode).toBe(404);
    expect(former.json()).toMatchObject({ message: messages.parentGuidMissing });
  });

  it('is read by administrators, super administrators and the auditor only', async () => {
    expect((await call(null, 'GET', logUrl(guid))).statusCode).toBe(401);
    expect((await call(demo.standard, 'GET', logUrl(guid))).statusCode).toBe(403);
    expect((await call(demo.master, 'GET', logUrl(guid))).statusCode).toBe(403);
    expect((await call(demo.auditor, 'GET', logUrl(guid))).statusCode).toBe(200);
    expect((await call(demo.superAdmin, 'GET', logUrl(guid))).statusCode).toBe(200);
  });
});
