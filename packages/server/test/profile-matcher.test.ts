import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, type MergeProposal, type ProfileMatcherStatus, type UserStatusRow } from '@uap/domain';
import { normaliseName } from '../src/modules/jobs/profile-matcher.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser, uniqueTag } from './factories.ts';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.tokenFor(demo.admin);
});
afterAll(() => ctx.close());
afterEach(async () => {
  vi.useRealTimers();
  adminToken = await ctx.tokenFor(demo.admin);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${adminToken}` },
  });
const k = () => ctx.db.kysely;

async function proposals(): Promise<MergeProposal[]> {
  const res = await call('GET', '/api/User/ProfileMatcherProposals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MergeProposal[] }>().data;
}

describe('normaliseName', () => {
  it('drops accents, case and extra spaces', () => {
    expect(normaliseName('  José ', 'van der  Berg')).toBe('jose van der berg');
    expect(normaliseName('Zoë', "O'Neil")).toBe('zoe o neil');
  });
});

describe('Profile Matcher', () => {
  it('proposes profiles sharing an email, and same-named profiles the directory ties together; not mere namesakes', async () => {
    const tag = uniqueTag();
    // Same email: the second profile carries the first's primary email as an additional email.
    const first = await buildUser(k(), { name: 'Erin', lastName: `Email ${tag}` });
    const second = await buildUser(k(), { name: 'E.', lastName: `Other ${tag}` });
    await k()
      .insertInto('userAdditionalEmails')
      .values({ userId: second.userId, email: first.email })
      .execute();
    // Same name, and an external profile with no directory entry whose name the directory carries.
    const internal = await buildUser(k(), { name: 'Nora', lastName: `Name ${tag}` });
    const external = await k()
      .insertInto('users')
      .values({
        email: `nora.${tag}@personal.example`,
        name: 'NORA',
        lastName: ` name ${tag}`,
        isInternal: 0,
        userType: 'Guest',
      })
      .returning('userId')
      .executeTakeFirstOrThrow();
    // Namesakes: two directory entries of their own, different people.
    const namesakeA = await buildUser(k(), { name: 'Sam', lastName: `Same ${tag}` });
    const namesakeB = await buildUser(k(), { name: 'Sam', lastName: `Same ${tag}` });

    const res = await call('GET', '/api/User/ProfileMatcher/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ succeeded: true, message: messages.profileMatcherDone, data: true });

    const mine = (await proposals()).filter((p) =>
      [first, second, internal, namesakeA, namesakeB].some((u) => u.userId === p.parent.userId),
    );
    expect(
      mine
        .map((p) => [p.parent.userId, p.child.userId, p.reason])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [first.userId, second.userId, 'email'],
      [internal.userId, external.userId, 'name'],
    ]);

    // A second run proposes nothing new.
    await call('GET', '/api/User/ProfileMatcher/');
    expect((await proposals()).filter((p) => p.parent.userId === first.userId)).toHaveLength(1);

    // Accepting merges the pair; dismissing leaves them apart, and neither is proposed again.
    const byEmail = mine.find((p) => p.reason === 'email')!;
    const byName = mine.find((p) => p.reason === 'name')!;
    const accept = await call('POST', `/api/User/ProfileMatcherProposals/${byEmail.id}/Accept`);
    expect(accept.json()).toEqual({ succeeded: true, message: messages.proposalAccepted, data: null });
    const dismiss = await call('POST', `/api/User/ProfileMatcherProposals/${byName.id}/Dismiss`);
    expect(dismiss.json()).toMatchObject({ message: messages.proposalDismissed });
    const again = await call('POST', `/api/User/ProfileMatcherProposals/${byName.id}/Accept`);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: messages.proposalGone });

    const merged = await k()
      .selectFrom('users')
      .select(['userId', 'mergedUserId'])
      .where('userId', 'in', [second.userId, external.userId])
      .orderBy('userId')
      .execute();
    expect(merged).toEqual([
      { userId: second.userId, mergedUserId: first.userId },
      { userId: external.userId, mergedUserId: null },
    ]);
    await call('GET', '/api/User/ProfileMatcher/');
    const open = (await proposals()).filter((p) => [first.userId, internal.userId].includes(p.parent.userId));
    expect(open).toEqual([]);
  });

  it('reports the run it made with the clock of its start and end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T05:06:07.000Z'));
    adminToken = await ctx.tokenFor(demo.admin);
    expect((await call('GET', '/api/User/ProfileMatcher/')).statusCode).toBe(200);
    vi.setSystemTime(new Date('2031-03-05T08:00:00.000Z'));
    adminToken = await ctx.tokenFor(demo.admin);

    const latest = await call('GET', '/api/User/ProfileMatcherRunningStatus/0');
    expect(latest.statusCode, latest.body).toBe(200);
    const status = latest.json<{ data: ProfileMatcherStatus }>().data;
    expect(status).toMatchObject({
      status: 'COMPLETED',
      startOn: '2031-03-04T05:06:07.000Z',
      endOn: '2031-03-04T05:06:07.000Z',
    });
    const byId = await call('GET', `/api/User/ProfileMatcherRunningStatus/${status.id}`);
    expect(byId.json<{ data: ProfileMatcherStatus }>().data).toEqual(status);
    expect((await call('GET', '/api/User/ProfileMatcherRunningStatus/999999')).statusCode).toBe(404);
  });

  it('answers 409 while a run holds the lease', async () => {
    await k()
      .insertInto('jobLeases')
      .values({
        jobName: 'profile-matcher',
        owner: 'another-instance',
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const res = await call('GET', '/api/User/ProfileMatcher/');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: messages.jobAlreadyRunning('Profile Matcher') });
    await k().deleteFrom('jobLeases').where('jobName', '=', 'profile-matcher').execute();
  });
});

describe('internal user status report', () => {
  it('reports directory changes since the last run, and acknowledges them one by one or several at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-01-10T00:00:00.000Z'));
    adminToken = await ctx.tokenFor(demo.admin);
    // A first run: everything older than its start is already reported.
    expect((await call('GET', '/api/User/UserStatusReport/Run')).statusCode).toBe(200);

    const leaver = await buildUser(k(), { name: 'Liam', lastName: `Leaver ${uniqueTag()}` });
    const mover = await buildUser(k(), { name: 'Mo', lastName: `Mover ${uniqueTag()}` });
    const still = await buildUser(k(), { name: 'Stu', lastName: `Still ${uniqueTag()}` });
    const path = await buildPath(k());
    await buildRecord(k(), { path, user: leaver });
    await buildRecord(k(), { path, user: leaver, set: { isDeleted: 1 } });
    await k()
      .updateTable('directoryUsers')
      .set({ active: 0, updatedDate: '2032-01-11T09:00:00.000Z' })
      .where('directoryId', '=', leaver.directoryId)
      .execute();
    await k()
      .updateTable('directoryUsers')
      .set({ department: 'Search', updatedDate: '2032-01-11T10:00:00.000Z' })
      .where('directoryId', '=', mover.directoryId)
      .execute();
    await k()
      .updateTable('directoryUsers')
      .set({ updatedDate: '2032-01-09T10:00:00.000Z' })
      .where('directoryId', '=', still.directoryId)
      .execute();

    vi.setSystemTime(new Date('2032-01-12T00:00:00.000Z'));

    adminToken = await ctx.tokenFor(demo.admin);
    const run = await call('GET', '/api/User/UserStatusReport/Run');
    expect(run.json()).toEqual({ succeeded: true, message: messages.userStatusReportDone, data: true });

    const list = async () =>
      (await call('GET', '/api/User/UserStatusReport'))
        .json<{ data: UserStatusRow[] }>()
        .data.filter((r) => [leaver.userId, mover.userId, still.userId].includes(r.userID));
    const rows = await list();
    expect(rows.map((r) => [r.userID, r.changeDescription, r.activeRecordsCount, r.isDeleted])).toEqual([
      [mover.userId, 'Directory details changed', 0, false],
      [leaver.userId, 'Account disabled in the directory', 1, false],
    ]);
    expect(rows[1]).toMatchObject({ fullName: leaver.displayName, role: 'Standard User', isMerged: false });

    // Run again: nothing new.
    vi.setSystemTime(new Date('2032-01-13T00:00:00.000Z'));
    adminToken = await ctx.tokenFor(demo.admin);
    await call('GET', '/api/User/UserStatusReport/Run');
    expect(await list()).toHaveLength(2);

    const one = await call('PUT', `/api/User/User/AcknowledgeUser/${rows[0]!.id}/true`);
    expect(one.json()).toEqual({ succeeded: true, message: messages.acknowledged, data: null });
    expect((await list()).find((r) => r.id === rows[0]!.id)?.isDeleted).toBe(true);
    const several = await call('PUT', '/api/User/AcknowledgeUser', {
      Ids: rows.map((r) => r.id),
      IsDeleted: true,
    });
    expect(several.json()).toMatchObject({ message: messages.acknowledged });
    expect((await list()).map((r) => r.isDeleted)).toEqual([true, true]);
    const reopen = await call('PUT', `/api/User/User/AcknowledgeUser/${rows[1]!.id}/false`);
    expect(reopen.statusCode).toBe(200);
    expect((await list()).find((r) => r.id === rows[1]!.id)?.isDeleted).toBe(false);
    expect((await call('PUT', '/api/User/User/AcknowledgeUser/999999/true')).statusCode).toBe(404);
  });
});
