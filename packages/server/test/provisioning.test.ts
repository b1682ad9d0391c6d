import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  Role,
  limits,
  messages,
  type ProvisioningPage,
  type StandardComment,
} from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { caller, historyOf, lineOf, provisionComment } from './provisioning-helpers.ts';
import { buildPath, buildRequest, buildUser, userIdOf } from './factories.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = caller(ctx);
  PAT = await userIdOf(ctx.db.kysely, demo.provisioner);
  SUE = await userIdOf(ctx.db.kysely, demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

let PAT: number;
let SUE: number;

async function tasks(who: string, body: object = {}) {
  const res = await call<ProvisioningPage>(who, 'PUT', '/api/Request/RequestForProvisioners', {
    pageSize: 100,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const decide = (who: string, requestIds: number[], isApproved: boolean, comments = provisionComment) =>
  call(who, 'POST', '/api/Request/ApproveRejectForProvisioner', { requestIds, comments, isApproved });

/** Approved lines Pat may provision, from his own list. */
async function patApprovedIds() {
  const page = await tasks(demo.provisioner, { filters: [{ column: 'status', values: ['Approved'] }] });
  return page.requests.map((r) => r.requestId);
}

describe('GET/PUT api/Request/RequestForProvisioners', () => {
  /** A provisioner with an assignment of their own, and lines on it in every state that matters. */
  async function provisionerWithTasks() {
    const k = ctx.db.kysely;
    const pat = await buildUser(k, { roleId: Role.PROVISIONER });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId, provisioner: pat.userId } });
    const decided = { path, user: subject, decidedBy: approver.userId };
    const approved = [
      await buildRequest(k, { ...decided, statusId: RequestStatus.APPROVED }),
      await buildRequest(k, { ...decided, statusId: RequestStatus.APPROVED }),
    ];
    const completed = [
      await buildRequest(k, {
        ...decided,
        statusId: RequestStatus.COMPLETED,
        set: { provisionedBy: pat.userId },
      }),
    ];
    const archived = [
      await buildRequest(k, {
        ...decided,
        statusId: RequestStatus.ARCHIVED,
        set: { provisionedBy: pat.userId },
      }),
    ];
    // Not Pat's: still submitted, provisioned by someone else, Pat's own, on another path.
    await buildRequest(k, decided);
    await buildRequest(k, { ...decided, statusId: RequestStatus.COMPLETED });
    await buildRequest(k, { ...decided, user: pat, statusId: RequestStatus.APPROVED });
    await buildRequest(k, { ...decided, path: await buildPath(k), statusId: RequestStatus.APPROVED });
    return { pat, approved, completed, archived };
  }
  const ids = (rows: { requestId: number }[]) => rows.map((r) => r.requestId).sort((x, y) => x - y);

  it("lists a provisioner's approved tasks routed to them and the completed ones they provisioned", async () => {
    const { pat, approved, completed } = await provisionerWithTasks();
    const page = await tasks(pat.email);
    expect(ids(page.requests)).toEqual(ids([...approved, ...completed]));
    expect(page.totalCount).toBe(approved.length + completed.length);
    const approvedOnly = await tasks(pat.email, { filters: [{ column: 'status', values: ['Approved'] }] });
    expect(ids(approvedOnly.requests)).toEqual(ids(approved));
    const completedOnly = await tasks(pat.email, { filters: [{ column: 'status', values: ['Completed'] }] });
    expect(ids(completedOnly.requests)).toEqual(ids(completed));
    for (const row of approvedOnly.requests) {
      expect(row.approverName).not.toBe('');
      expect(row.status.description).toBe('Approved');
    }
    const [first] = page.requests;
    expect(first).toMatchObject({
      requestUser: { fullName: expect.any(String) as string, email: expect.any(String) as string },
      platformUserType: {
        description: first?.platformUserTypeName,
        basicName: first?.platformUserTypeBasicName,
      },
      clientAccount: { description: first?.clientAccountName, assetReference: first?.assetReference },
    });
  });

  it('answers the spec’s GET with the query string, and ?Archive=true with their archived ones', async () => {
    const { pat, approved, completed, archived } = await provisionerWithTasks();
    const res = await call<ProvisioningPage>(
      pat.email,
      'GET',
      '/api/Request/RequestForProvisioners?pageSize=5',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.requests).toHaveLength(approved.length + completed.length);
    expect(res.body.data.totalCount).toBe(approved.length + completed.length);
    const archive = await call<ProvisioningPage>(
      pat.email,
      'GET',
      '/api/Request/RequestForProvisioners?Archive=true&pageSize=100',
    );
    expect(archive.status).toBe(200);
    expect(ids(archive.body.data.requests)).toEqual(ids(archived));
    expect(archive.body.data.totalCount).toBe(archived.length);
  });

  it('filters, searches and offers the distinct values of a column', async () => {
    const options = await call<{ values: string[] }>(
      demo.provisioner,
      'PUT',
      '/api/Request/RequestForProvisioners/Filters',
      {
        column: 'platformName',
      },
    );
    expect(options.status).toBe(200);
    const platform = options.body.data.values[0]!;
    const page = await tasks(demo.provisioner, { filters: [{ column: 'platformName', values: [platform] }] });
    expect(page.requests.length).toBeGreaterThan(0);
    expect(page.requests.every((r) => r.platformName === platform)).toBe(true);
    const bad = await call(demo.provisioner, 'PUT', '/api/Request/RequestForProvisioners', {
      orderBy: 'secret',
    });
    expect(bad.status).toBe(400);
  });

  it('gives the super admin every approved line but her own, and nothing to standard users', async () => {
    const all = await tasks(demo.superAdmin, { filters: [{ column: 'status', values: ['Approved'] }] });
    const count = await ctx.db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('statusId', '=', RequestStatus.APPROVED)
      .where('userId', '!=', SUE)
      .where('createdBy', '!=', SUE)
      .executeTakeFirstOrThrow();
    expect(all.totalCount).toBe(Number(count.n));
    expect((await call(demo.standard, 'GET', '/api/Request/RequestForProvisioners')).status).toBe(403);
  });
});

describe('POST api/Request/ApproveRejectForProvisioner', () => {
  it('needs a comment', async () => {
    const [id] = await patApprovedIds();
    for (const comments of ['', '   ']) {
      const res = await decide(demo.provisioner, [id!], true, comments);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.inputComment);
    }
    expect((await lineOf(ctx, id!)).statusId).toBe(RequestStatus.APPROVED);
  });

  it('refuses a line not routed to the caller (404) and one not Approved (409), changing nothing', async () => {
    const mine = new Set(await patApprovedIds());
    const all = await tasks(demo.superAdmin, { filters: [{ column: 'status', values: ['Approved'] }] });
    const other = all.requests.find((r) => !mine.has(r.requestId) && r.requestUserEmail !== demo.provisioner);
    const [id] = mine;
    const res = await decide(demo.provisioner, [id!, other!.requestId], true);
    expect(res.status).toBe(404);
    expect((await lineOf(ctx, id!)).statusId).toBe(RequestStatus.APPROVED);

    const submitted = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .where('platformId', '=', (await lineOf(ctx, id!)).platformId)
      .where('agencyId', '=', (await lineOf(ctx, id!)).agencyId)
      .where('practiceId', '=', (await lineOf(ctx, id!)).practiceId)
      .where('userId', '!=', PAT)
      .where('createdBy', '!=', PAT)
      .executeTakeFirstOrThrow();
    const stale = await decide(demo.provisioner, [submitted.requestId], true);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(messages.requestAlreadyInStatus(submitted.requestId, 'Submitted'));
  });

  it('separation of duties: the super admin cannot provision a request she created', async () => {
    const [id] = await patApprovedIds();
    await ctx.db.kysely
      .updateTable('requests')
      .set({ createdBy: SUE })
      .where('requestId', '=', id!)
      .execute();
    const res = await decide(demo.superAdmin, [id!], true);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.provisionOwnRequest);
    // Pat is neither its requestor nor its subject: he may still decide it.
    const ok = await decide(demo.provisioner, [id!], false);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.requestRejected);
  });

  it('two provisioners at once: exactly one success, the others 409, one history row', async () => {
    const [id] = await patApprovedIds();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(i % 2 === 0 ? demo.provisioner : demo.superAdmin, [id!], i % 3 !== 0),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const decided = (await historyOf(ctx, id!)).filter(
      (h) => h.statusId !== RequestStatus.APPROVED && h.statusId !== RequestStatus.SUBMITTED,
    );
    expect(decided).toHaveLength(1);
  });

  it('the auditor may not decide', async () => {
    const [id] = await patApprovedIds();
    const res = await decide(demo.auditor, [id!], true);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.auditorsReadOnly);
  });
});

describe('standard comments', () => {
  it('lists, adds and removes comments of type Provisioning', async () => {
    const list = async () =>
      (await call<StandardComment[]>(demo.provisioner, 'GET', '/api/Request/GetAllStandardComments/1')).body
        .data;
    const before = await list();
    expect(before.map((c) => c.comment)).toContain('Access granted in the platform.');
    const blank = await call(demo.provisioner, 'POST', '/api/Request/AddStandardComment', {
      Comment: '  ',
      Type: 1,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(messages.inputCommentToAdd);
    const added = await call<StandardComment>(demo.provisioner, 'POST', '/api/Request/AddStandardComment', {
      Comment: 'Invitation resent.',
      Type: 1,
    });
    expect(added.status).toBe(200);
    expect((await list()).map((c) => c.comment)).toContain('Invitation resent.');

    const missing = await call(demo.provisioner, 'POST', '/api/Request/RemoveStandardComment', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.selectComment);
    const removed = await call(demo.provisioner, 'POST', '/api/Request/RemoveStandardComment', {
      Id: added.body.data.id,
    });
    expect(removed.status).toBe(200);
    expect((await list()).map((c) => c.id)).not.toContain(added.body.data.id);
    const row = await ctx.db.kysely
      .selectFrom('standardComments')
      .selectAll()
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.isDeleted).toBe(1);
    const again = await call(demo.provisioner, 'POST', '/api/Request/RemoveStandardComment', {
      Id: added.body.data.id,
    });
    expect(again.status).toBe(404);
    expect(
      (await call(demo.approver, 'POST', '/api/Request/AddStandardComment', { Comment: 'x y z w' })).status,
    ).toBe(403);
  });
});

describe('provisioner comments', () => {
  it('stores a comment per line, sets the current one and reads the history', async () => {
    const [a, b] = await patApprovedIds();
    const res = await call(demo.provisioner, 'POST', '/api/Request/ProvisionerCommentRequest', {
      Comments: 'Waiting for the client admin.',
      RequestIds: [a],
      RequestId: b,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(messages.provisionerCommentSaved);
    expect((await lineOf(ctx, b!)).provisionerComment).toBe('Waiting for the client admin.');
    const history = await call<{ comment: string; createdBy: { email: string } }[]>(
      demo.provisioner,
      'GET',
      `/api/Request/ProvisionerComments/${a}`,
    );
    expect(history.body.data[0]).toMatchObject({
      comment: 'Waiting for the client admin.',
      createdBy: { email: demo.provisioner },
    });

    const tooLong = await call(demo.provisioner, 'POST', '/api/Request/ProvisionerCommentRequest', {
      Comments: 'x'.repeat(limits.provisionerComment + 1),
      RequestId: a,
    });
    expect(tooLong.status).toBe(400);
    const blank = await call(demo.provisioner, 'POST', '/api/Request/ProvisionerCommentRequest', {
      Comments: ' ',
      RequestId: a,
    });
    expect(blank.body.message).toBe(messages.inputComment);
    // Alex is no provisioner: 403; a line outside Pat's work: 404.
    expect((await call(demo.approver, 'GET', `/api/Request/ProvisionerComments/${a}`)).status).toBe(403);
    const foreign = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('userId', '=', PAT)
      .executeTakeFirstOrThrow();
    expect(
      (await call(demo.provisioner, 'GET', `/api/Request/ProvisionerComments/${foreign.requestId}`)).status,
    ).toBe(404);
  });
});

describe('POST /api/Request/ArchiveMultipleRequest/', () => {
  it('archives only when every selected request is Completed and provisioned by the caller', async () => {
    const [approvedId] = await patApprovedIds();
    const completed = (
      await tasks(demo.provisioner, { filters: [{ column: 'status', values: ['Completed'] }] })
    ).requests;
    const [done] = completed;
    expect(done).toBeDefined();

    const mixed = await call(demo.provisioner, 'POST', '/api/Request/ArchiveMultipleRequest/', [
      done!.requestId,
      approvedId,
    ]);
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toBe(messages.archiveOnlyCompleted);
    expect((await lineOf(ctx, done!.requestId)).statusId).toBe(RequestStatus.COMPLETED);

    const res = await call(demo.provisioner, 'POST', '/api/Request/ArchiveMultipleRequest/', [
      done!.requestId,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.requestsArchived);
    expect((await lineOf(ctx, done!.requestId)).statusId).toBe(RequestStatus.ARCHIVED);
    expect((await historyOf(ctx, done!.requestId))[0]).toMatchObject({
      statusId: RequestStatus.ARCHIVED,
      stepDescription: 'Request archived',
      createdBy: PAT,
    });
    const archive = await tasks(demo.provisioner, {
      Archive: true,
      filters: [{ column: 'requestId', values: [String(done!.requestId)] }],
    });
    expect(archive.requests.map((r) => r.requestId)).toEqual([done!.requestId]);
  });

  it('refuses a completed request another provisioner completed (422), unless the caller is an admin', async () => {
    // A completed line on Pat's paths, provisioned by the super admin.
    const [id] = await patApprovedIds();
    expect((await decide(demo.superAdmin, [id!], true)).status).toBe(200);
    const refused = await call(demo.provisioner, 'POST', '/api/Request/ArchiveMultipleRequest/', [id]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.archiveOnlyOwn);
    const byAdmin = await call(demo.superAdmin, 'POST', '/api/Request/ArchiveMultipleRequest/', [id]);
    expect(byAdmin.status).toBe(200);
    const twice = await call(demo.superAdmin, 'POST', '/api/Request/ArchiveMultipleRequest/', [id]);
    expect(twice.status).toBe(422);
  });

  it('provisioning then archiving: Pat approves a line and files it away', async () => {
    const id = (await patApprovedIds()).at(-1)!;
    expect((await decide(demo.provisioner, [id], true)).status).toBe(200);
    expect((await call(demo.provisioner, 'POST', '/api/Request/ArchiveMultipleRequest/', [id])).status).toBe(
      200,
    );
    expect((await lineOf(ctx, id)).statusId).toBe(RequestStatus.ARCHIVED);
  });
});
