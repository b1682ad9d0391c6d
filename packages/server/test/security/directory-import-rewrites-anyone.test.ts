import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type DirectoryImportResult } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, type BuiltPath } from '../factories.ts';

/**
 * Issue 43, finding 5: any administrator's directory CSV could turn off the super
 * administrator's directory entry (or make it a guest), and she could no longer sign in. The
 * import is now a super administrator's; an administrator's file writes only the rows of people
 * without a role above Standard User wholly inside her region and market.
 */
let ctx: TestContext;
let regionAdminToken: string;
let inside: BuiltPath;
let outside: BuiltPath;

function upload(csv: string, token: string) {
  const boundary = `----uap${uniqueTag()}`;
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="directory.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Directory/Import',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function imported(csv: string, token: string) {
  const res = await upload(csv, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DirectoryImportResult }>().data;
}

const entry = (mail: string) =>
  ctx.db.kysely
    .selectFrom('directoryUsers')
    .select(['active', 'userType'])
    .where('mail', '=', mail)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  inside = await buildPath(k);
  outside = await buildPath(k);
  regionAdminToken = await appointRegionAdmin(ctx, await buildUser(k), inside);
});
afterAll(async () => {
  await ctx.close();
});

describe("a region admin's directory CSV", () => {
  it('cannot turn off the super administrator or make her a guest', async () => {
    const result = await imported(
      ['mail,displayName,active,userType', `${demo.superAdmin},Sue Super,No,Guest`].join('\n'),
      regionAdminToken,
    );
    expect(result).toMatchObject({ updated: 0, refused: 1 });
    expect(result.rows[0]).toMatchObject({ outcome: 'refused', reason: messages.directoryRowAboveStandard });
    expect(await entry(demo.superAdmin)).toEqual({ active: 1, userType: 'Member' });
    const sue = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/GetSuperAdmins',
      headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
    });
    expect(sue.statusCode).toBe(200);
  });

  it('refuses an approver, and a standard user with rows elsewhere; writes one wholly inside', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const far = await buildUser(k);
    await buildRequest(k, { path: outside, user: far });
    const near = await buildUser(k);
    await buildRequest(k, { path: inside, user: near });
    const joiner = `joiner.${uniqueTag()}@agency.example`;

    const result = await imported(
      [
        'mail,displayName,department',
        `${approver.email},${approver.displayName},Changed`,
        `${far.email},${far.displayName},Changed`,
        `${near.email},${near.displayName},Changed`,
        `${joiner},Jo Iner,Media`,
      ].join('\n'),
      regionAdminToken,
    );

    expect(result).toMatchObject({ created: 1, updated: 1, refused: 2 });
    expect(result.rows.map((r) => [r.mail, r.outcome, r.reason])).toEqual([
      [approver.email, 'refused', messages.directoryRowAboveStandard],
      [far.email, 'refused', messages.directoryRowOutsideScope],
      [near.email, 'updated', 'department'],
      [joiner, 'created', null],
    ]);
  });
});

describe("the super administrator's directory CSV", () => {
  it('turns off anyone, and their token is refused on the next call', async () => {
    const approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const token = await ctx.tokenFor(approver.email);
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);

    const result = await imported(
      ['mail,displayName,active', `${approver.email},${approver.displayName},No`].join('\n'),
      await ctx.tokenFor(demo.superAdmin),
    );
    expect(result).toMatchObject({ updated: 1, refused: 0 });

    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode, after.body).toBe(401);
    expect(after.json().message).toBe(messages.directoryAccountDisabled);
  });
});
