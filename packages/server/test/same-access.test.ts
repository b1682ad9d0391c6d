import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, RequestStatus, Role } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const comments = 'Same access as the team lead';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Answer {
  succeeded: boolean;
  message: string;
  data: Record<string, unknown> & {
    lines: { recordId: number; outcome: string; heldRequestId: number | null; reason: string | null }[];
    requestIds: number[];
    requests: { requestId: number }[];
    sameAccessAs: string | null;
  };
}

async function call(email: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}

/** Lines and history rows: equal before and after = nothing written. */
async function snapshot() {
  const row = await sql<{ lines: number | string; history: number | string }>`
    select (select count(*) from requests) as lines, (select count(*) from request_history) as history`.execute(
    ctx.db.kysely,
  );
  return { lines: Number(row.rows[0]!.lines), history: Number(row.rows[0]!.history) };
}

interface Scene {
  colleague: BuiltUser;
  subject: BuiltUser;
  approver: BuiltUser;
  paths: BuiltPath[];
  records: number[];
}

/**
 * A colleague with an active record on each of three paths (the first with an approver), and a
 * subject who already holds the second path's access.
 */
async function scene(): Promise<Scene> {
  const k = ctx.db.kysely;
  const colleague = await buildUser(k, { name: 'Cole' });
  const subject = await buildUser(k, { name: 'Nina' });
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const paths = [
    await buildPath(k, { assignment: { primary: approver.userId } }),
    await buildPath(k),
    await buildPath(k),
  ];
  const records: number[] = [];
  for (const path of paths) {
    records.push((await buildRecord(k, { path, user: colleague })).requestId);
  }
  await buildRecord(k, { path: paths[1]!, user: subject });
  return { colleague, subject, approver, paths, records };
}

const body = (s: Scene, extra: object = {}) => ({
  UserId: s.subject.userId,
  Email: s.subject.email,
  ColleagueId: s.colleague.userId,
  RecordIds: s.records,
  ManagerEmail: demo.approver,
  ManagerName: 'Alex Approver',
  ...extra,
});

describe('same access as a colleague', () => {
  it("lists the colleague's active records only: not deactivated, expired or pending lines", async () => {
    const s = await scene();
    const k = ctx.db.kysely;
    await buildRecord(k, { path: s.paths[0]!, user: s.colleague, set: { isDeleted: 1 } });
    await buildRecord(k, {
      path: s.paths[0]!,
      user: s.colleague,
      set: { expirationDate: '2020-01-31T00:00:00.000Z' },
    });
    await buildRequest(k, { path: s.paths[0]!, user: s.colleague, statusId: RequestStatus.SUBMITTED });
    const res = await call(demo.standard, 'PUT', '/api/Request/ColleagueAccess', {
      userId: s.colleague.userId,
      page: 1,
      pageSize: 20,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.requests.map((r) => r.requestId).sort((a, b) => a - b)).toEqual(s.records);
  });

  it('the preview tells what each record becomes for the user, and writes nothing', async () => {
    const s = await scene();
    // The third path's account was deactivated since the colleague got it.
    await ctx.db.kysely
      .updateTable('clientAccounts')
      .set({ isDeleted: 1 })
      .where('clientAccountId', '=', s.paths[2]!.clientAccountId)
      .execute();
    const held = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('userId', '=', s.subject.userId)
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    const res = await call(demo.standard, 'POST', '/api/Request/SameAccessAs/Preview', body(s));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.lines).toEqual([
      expect.objectContaining({
        recordId: s.records[0],
        outcome: 'request',
        heldRequestId: null,
        reason: null,
      }),
      expect.objectContaining({ recordId: s.records[1], outcome: 'held', heldRequestId: held.requestId }),
      expect.objectContaining({
        recordId: s.records[2],
        outcome: 'refused',
        reason: 'The selected asset name is not available on the chosen path.',
      }),
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('sends one request of the lines the user lacks, each naming the colleague; the approver sees it', async () => {
    const s = await scene();
    const res = await call(
      demo.standard,
      'POST',
      '/api/Request/SameAccessAs',
      body(s, { Comments: comments }),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(
      '2 lines were sent for approval; 1 already held or not available was skipped.',
    );
    const ids = res.body.data.requestIds;
    expect(ids).toHaveLength(2);
    const lines = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', 'in', ids)
      .orderBy('requestId')
      .execute();
    const original = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', 'in', [s.records[0]!, s.records[2]!])
      .orderBy('requestId')
      .execute();
    lines.forEach((line, i) => {
      expect(line).toMatchObject({
        statusId: RequestStatus.SUBMITTED,
        userId: s.subject.userId,
        email: s.subject.email,
        sameAccessAsUserId: s.colleague.userId,
        comments,
        platformId: original[i]!.platformId,
        clientAccountId: original[i]!.clientAccountId,
        platformUserTypeId: original[i]!.platformUserTypeId,
        assetId: original[i]!.assetId,
      });
    });
    expect(new Set(lines.map((l) => l.submissionId)).size).toBe(1);
    // Routed as any new line: the first path's approver is told, and sees whose access it copies.
    const told = await ctx.db.kysely
      .selectFrom('notifications')
      .select('requestId')
      .where('userId', '=', s.approver.userId)
      .execute();
    expect(told.map((n) => n.requestId)).toContain(ids[0]);
    const detail = await call(s.approver.email, 'GET', `/api/Approvers/RequestDetail/${ids[0]}`);
    expect(detail.status, detail.body.message).toBe(200);
    expect(detail.body.data.sameAccessAs).toBe(`Cole ${s.colleague.lastName}`);
    // A line typed in the wizard names nobody.
    const typed = await buildRequest(ctx.db.kysely, { path: s.paths[0]!, user: s.colleague });
    const plain = await call(s.approver.email, 'GET', `/api/Approvers/RequestDetail/${typed.requestId}`);
    expect(plain.body.data.sameAccessAs).toBeNull();
  });

  it('a record with an end date is copied from today to the same end; unlimited stays unlimited', async () => {
    const k = ctx.db.kysely;
    const colleague = await buildUser(k, { name: 'Cole' });
    const subject = await buildUser(k, { name: 'Nina' });
    const path = await buildPath(k);
    const end = `${inDays(90)}T00:00:00.000Z`;
    const record = await buildRecord(k, {
      path,
      user: colleague,
      set: { beginningDate: `${inDays(-30)}T00:00:00.000Z`, expirationDate: end },
    });
    const res = await call(demo.standard, 'POST', '/api/Request/SameAccessAs', {
      UserId: subject.userId,
      Email: subject.email,
      ColleagueId: colleague.userId,
      RecordIds: [record.requestId],
      ManagerEmail: demo.approver,
      Comments: comments,
    });
    expect(res.status, res.body.message).toBe(200);
    const line = await k
      .selectFrom('requests')
      .select(['beginningDate', 'expirationDate'])
      .where('requestId', '=', res.body.data.requestIds[0]!)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ beginningDate: `${inDays(0)}T00:00:00.000Z`, expirationDate: end });
  });

  it('the Meta rule: business access of an internal-only platform is refused for an external user', async () => {
    const k = ctx.db.kysely;
    const colleague = await buildUser(k, { name: 'Cole' });
    const external = await buildUser(k, { name: 'Ext', isInternal: false });
    const path = await buildPath(k);
    await k
      .updateTable('platforms')
      .set({ businessAccess: 1, businessAccessInternalOnly: 1 })
      .where('platformId', '=', path.platformId)
      .execute();
    const { platformUserTypeId } = await k
      .insertInto('platformUserTypes')
      .values({
        platformId: path.platformId,
        assetId: null,
        description: 'Business Standard',
        basicName: 'Standard',
      })
      .returning('platformUserTypeId')
      .executeTakeFirstOrThrow();
    const business = await buildRecord(k, {
      path,
      user: colleague,
      set: {
        isPlatformRequest: 1,
        assetId: null,
        clientAccountId: null,
        clientId: null,
        clientCodeId: null,
        platformUserTypeId,
      },
    });
    const res = await call(demo.standard, 'POST', '/api/Request/SameAccessAs/Preview', {
      UserId: external.userId,
      Email: external.email,
      ColleagueId: colleague.userId,
      RecordIds: [business.requestId],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.lines).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: messages.metaExternalRefused }),
    ]);
    const before = await snapshot();
    const sent = await call(demo.standard, 'POST', '/api/Request/SameAccessAs', {
      UserId: external.userId,
      Email: external.email,
      ColleagueId: colleague.userId,
      RecordIds: [business.requestId],
      Comments: comments,
    });
    expect(sent.status).toBe(422);
    expect(sent.body.message).toBe(messages.sameAccessNothingToRequest);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses, writing nothing: a blank comment, no record ticked, an internal user without a manager', async () => {
    const s = await scene();
    const before = await snapshot();
    const refusals: [object, number, string][] = [
      [body(s, { Comments: 'ok' }), 400, messages.invalidComment],
      [body(s, { Comments: comments, RecordIds: [] }), 400, messages.sameAccessChooseRecords],
      [body(s, { Comments: comments, ManagerEmail: null }), 422, messages.sameAccessNothingToRequest],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await call(demo.standard, 'POST', '/api/Request/SameAccessAs', payload);
      expect(res.status, res.body.message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a region administrator or a delegate cannot copy records that are not the colleague's active ones", async () => {
    const s = await scene();
    const k = ctx.db.kysely;
    const stranger = await buildUser(k, { name: 'Stan' });
    const strangers = await buildRecord(k, { path: s.paths[0]!, user: stranger });
    const gone = await buildRecord(k, { path: s.paths[0]!, user: s.colleague, set: { isDeleted: 1 } });
    const regionAdmin = await buildUser(k, { name: 'Reg' });
    const adminToken = await appointRegionAdmin(ctx, regionAdmin, s.paths[0]!);
    expect(adminToken).toBeTruthy();
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Dee' });
    await k
      .insertInto('absences')
      .values({
        userId: s.approver.userId,
        delegateId: delegate.userId,
        fromDate: new Date(Date.now() - 86_400_000).toISOString(),
        toDate: new Date(Date.now() + 86_400_000).toISOString(),
        isDeleted: 0,
      })
      .execute();
    const before = await snapshot();
    for (const email of [regionAdmin.email, delegate.email]) {
      for (const recordIds of [[s.records[0]!, strangers.requestId], [gone.requestId]]) {
        for (const url of ['/api/Request/SameAccessAs/Preview', '/api/Request/SameAccessAs']) {
          const res = await call(email, 'POST', url, body(s, { RecordIds: recordIds, Comments: comments }));
          expect(res.status, res.body.message).toBe(404);
          expect(res.body.message).toBe(messages.sameAccessRecordsGone);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the same account ticked twice (two user types) is requested once', async () => {
    const k = ctx.db.kysely;
    const colleague = await buildUser(k, { name: 'Cole' });
    const subject = await buildUser(k, { name: 'Nina' });
    const path = await buildPath(k);
    const { platformUserTypeId } = await k
      .insertInto('platformUserTypes')
      .values({
        platformId: path.platformId,
        assetId: path.assetId,
        description: 'Admin x',
        basicName: 'Admin',
      })
      .returning('platformUserTypeId')
      .executeTakeFirstOrThrow();
    const first = await buildRecord(k, { path, user: colleague });
    const second = await buildRecord(k, { path, user: colleague, set: { platformUserTypeId } });
    const res = await call(demo.standard, 'POST', '/api/Request/SameAccessAs/Preview', {
      UserId: subject.userId,
      Email: subject.email,
      ColleagueId: colleague.userId,
      RecordIds: [first.requestId, second.requestId],
      ManagerEmail: demo.approver,
    });
    expect(res.body.data.lines.map((l) => [l.recordId, l.outcome, l.reason])).toEqual([
      [first.requestId, 'request', null],
      [second.requestId, 'refused', messages.sameAccessTwice],
    ]);
  });
});
