import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages, type ActivityLog } from '@uap/domain';
import { pdfText } from './pdf-text.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

let ctx: TestContext;
const tokens = new Map<string, string>();
let pat: BuiltUser;
let approver: BuiltUser;
let subject: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  pat = await buildUser(ctx.db.kysely, { roleId: Role.PROVISIONER });
  approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
  subject = await buildUser(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

const get = async (email: string, url: string) => {
  let token = tokens.get(email);
  if (!token) {
    token = await ctx.tokenFor(email);
    tokens.set(email, token);
  }
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
};

async function activityLog(email: string, id: number) {
  const res = await get(email, `/api/Request/Logs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ActivityLog }>().data;
}

/** A completed line routed to Pat (submitted, approved and provisioned steps in its history). */
async function completedForPat() {
  const path = await buildPath(ctx.db.kysely, {
    assignment: { primary: approver.userId, provisioner: pat.userId },
  });
  return buildRequest(ctx.db.kysely, {
    path,
    user: subject,
    statusId: RequestStatus.COMPLETED,
    decidedBy: approver.userId,
  });
}

/** The text a PDF shows: pdfkit writes standard-font text as hex strings inside TJ arrays. */
describe('GET /api/Request/Logs/{logId}', () => {
  it('answers the request header, creator, user, platform access and every history step in order', async () => {
    const line = await completedForPat();
    const log = await activityLog(pat.email, line.requestId);
    expect(log.requestId).toBe(line.requestId);
    expect(log.status.description).toBe('Completed');
    expect(log.createdByUser.email).toBe(subject.email);
    expect(log.requestUser.email).toBe(subject.email);
    expect(log.platformName).toBe(
      (
        await ctx.db.kysely
          .selectFrom('platforms')
          .select('description')
          .where('platformId', '=', line.platformId)
          .executeTakeFirstOrThrow()
      ).description,
    );
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['id', 'statusId'])
      .where('requestId', '=', line.requestId)
      .orderBy('createdDate')
      .orderBy('id')
      .execute();
    const entries = log.requestHistoryLogsDTOs.map((d) => d.requestHistory);
    expect(entries.map((e) => e.id)).toEqual(history.map((h) => h.id));
    expect(entries).toHaveLength(3);
    expect(entries[0]?.requestTypeName).toBe(log.requestTypeName);
    expect(entries.every((e) => e.provisionerEmail === approver.email)).toBe(true);
  });

  it('shows the comment by status: requestor when submitted, approver when approved, provisioner when provisioned', async () => {
    const line = await completedForPat();
    const entries = (await activityLog(demo.superAdmin, line.requestId)).requestHistoryLogsDTOs.map(
      (d) => d.requestHistory,
    );
    const byStatus = (statusId: number) => entries.find((e) => e.statusId === statusId);
    expect(byStatus(RequestStatus.SUBMITTED)?.comment).toBe(line.comments ?? '');
    expect(byStatus(RequestStatus.APPROVED)?.comment).toBe(line.approverComment ?? '');
    expect(byStatus(RequestStatus.COMPLETED)?.comment).toBe(line.provisionerComment ?? '');
    const rejected = await buildRequest(ctx.db.kysely, {
      path: await buildPath(ctx.db.kysely),
      user: subject,
      statusId: RequestStatus.REJECTED,
      decidedBy: approver.userId,
    });
    const rejectedLog = await activityLog(demo.superAdmin, rejected.requestId);
    const step = rejectedLog.requestHistoryLogsDTOs.find(
      (d) => d.requestHistory.statusId === RequestStatus.REJECTED,
    );
    expect(step?.requestHistory.comment).toBe(rejected.approverComment);
  });

  it('is scoped like the tracker: 404 outside the scope, 403 below provisioner', async () => {
    const ada = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    const insidePath = await buildPath(ctx.db.kysely);
    await buildAdminRegion(ctx.db.kysely, ada.userId, insidePath);
    const outside = await buildRequest(ctx.db.kysely, {
      path: await buildPath(ctx.db.kysely),
      user: subject,
    });
    const inside = await buildRequest(ctx.db.kysely, { path: insidePath, user: subject });
    expect((await get(ada.email, `/api/Request/Logs/${outside.requestId}`)).statusCode).toBe(404);
    expect((await get(ada.email, `/api/Request/Logs/${outside.requestId}/Pdf`)).statusCode).toBe(404);
    expect((await get(ada.email, `/api/Request/Logs/${inside.requestId}`)).statusCode).toBe(200);
    expect((await get(pat.email, `/api/Request/Logs/${inside.requestId}`)).statusCode).toBe(404);
    expect(
      (await get(pat.email, `/api/Request/Logs/${(await completedForPat()).requestId}`)).statusCode,
    ).toBe(200);
    const refused = await get(demo.standard, `/api/Request/Logs/${inside.requestId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.forbiddenRole);
    expect((await get(demo.approver, `/api/Request/Logs/${inside.requestId}`)).statusCode).toBe(403);
  });
});

describe('GET /api/Request/Logs/{logId}/Pdf', () => {
  it('streams a PDF with the request id, the sections and every history step', async () => {
    const line = await completedForPat();
    const log = await activityLog(pat.email, line.requestId);
    const res = await get(pat.email, `/api/Request/Logs/${line.requestId}/Pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`activity-log-${line.requestId}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`Activity log of request ${line.requestId}`);
    const text = pdfText(pdf);
    expect(text).toContain(`Activity log of request ${line.requestId}`);
    for (const heading of ['User Information', 'Platform Access Information', 'History']) {
      expect(text).toContain(heading);
    }
    for (const { requestHistory } of log.requestHistoryLogsDTOs) {
      expect(text).toContain(requestHistory.stepDescription);
    }
  });
});

describe('history is append-only', () => {
  it('no endpoint edits or deletes history, and reading a log writes nothing', async () => {
    const writes = ctx.app.registeredRoutes.filter(
      (r) => /\/(Logs|\w*History)(\/|$)/i.test(r.url) && ['PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const line = await completedForPat();
    const before = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    await activityLog(demo.superAdmin, line.requestId);
    await get(demo.superAdmin, `/api/Request/Logs/${line.requestId}/Pdf`);
    const after = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
