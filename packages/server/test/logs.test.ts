import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, messages, type ActivityLog } from '@uap/domain';
import { insideAdminScope, routedToProvisioner } from '../src/modules/requests/routing.ts';
import { pdfText } from './pdf-text.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['standard', 'approver', 'provisioner', 'admin', 'superAdmin'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await ctx.close();
});

const PAT = 5;
const ADA = 2;

const get = (who: keyof typeof demo, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

async function activityLog(who: keyof typeof demo, id: number) {
  const res = await get(who, `/api/Request/Logs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ActivityLog }>().data;
}

/** A completed line routed to Pat (submitted, approved and provisioned steps in its history). */
async function completedForPat() {
  return ctx.db.kysely
    .selectFrom('requests as r')
    .where((eb) => routedToProvisioner(eb, PAT))
    .where('r.statusId', '=', RequestStatus.COMPLETED)
    .select(['r.requestId', 'r.comments', 'r.approverComment', 'r.provisionerComment'])
    .orderBy('r.requestId')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The text a PDF shows: pdfkit writes standard-font text as hex strings inside TJ arrays. */
describe('GET /api/Request/Logs/{logId}', () => {
  it('answers the request header, creator, user, platform access and every history step in order', async () => {
    const line = await completedForPat();
    const log = await activityLog('provisioner', line.requestId);
    expect(log.requestId).toBe(line.requestId);
    expect(log.status.description).toBe('Completed');
    expect(log.createdByUser.email).toMatch(/@/);
    expect(log.requestUser.email).toMatch(/@/);
    expect(log.platformName).not.toBe('');
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['id', 'statusId'])
      .where('requestId', '=', line.requestId)
      .orderBy('createdDate')
      .orderBy('id')
      .execute();
    const entries = log.requestHistoryLogsDTOs.map((d) => d.requestHistory);
    expect(entries.map((e) => e.id)).toEqual(history.map((h) => h.id));
    expect(entries[0]?.requestTypeName).toBe(log.requestTypeName);
    expect(entries.every((e) => e.provisionerEmail === entries[0]?.provisionerEmail)).toBe(true);
  });

  it('shows the comment by status: requestor when submitted, approver when approved, provisioner when provisioned', async () => {
    const line = await completedForPat();
    const entries = (await activityLog('superAdmin', line.requestId)).requestHistoryLogsDTOs.map(
      (d) => d.requestHistory,
    );
    const byStatus = (statusId: number) => entries.find((e) => e.statusId === statusId);
    expect(byStatus(RequestStatus.SUBMITTED)?.comment).toBe(line.comments ?? '');
    expect(byStatus(RequestStatus.APPROVED)?.comment).toBe(line.approverComment ?? '');
    expect(byStatus(RequestStatus.COMPLETED)?.comment).toBe(line.provisionerComment ?? '');
    const rejected = await ctx.db.kysely
      .selectFrom('requests')
      .select(['requestId', 'approverComment'])
      .where('statusId', '=', RequestStatus.REJECTED)
      .where('rejectedByApprover', '=', 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const rejectedLog = await activityLog('superAdmin', rejected.requestId);
    const step = rejectedLog.requestHistoryLogsDTOs.find(
      (d) => d.requestHistory.statusId === RequestStatus.REJECTED,
    );
    expect(step?.requestHistory.comment).toBe(rejected.approverComment);
  });

  it('is scoped like the tracker: 404 outside the scope, 403 below provisioner', async () => {
    const outside = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => eb.not(insideAdminScope(eb, ADA)))
      .select('r.requestId')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await get('admin', `/api/Request/Logs/${outside.requestId}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/Request/Logs/${outside.requestId}/Pdf`)).statusCode).toBe(404);
    const inside = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => insideAdminScope(eb, ADA))
      .select('r.requestId')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await get('admin', `/api/Request/Logs/${inside.requestId}`)).statusCode).toBe(200);
    const notRouted = await ctx.db.kysely
      .selectFrom('requests as r')
      .where((eb) => eb.not(routedToProvisioner(eb, PAT)))
      .select('r.requestId')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await get('provisioner', `/api/Request/Logs/${notRouted.requestId}`)).statusCode).toBe(404);
    const refused = await get('standard', `/api/Request/Logs/${inside.requestId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.forbiddenRole);
    expect((await get('approver', `/api/Request/Logs/${inside.requestId}`)).statusCode).toBe(403);
  });
});

describe('GET /api/Request/Logs/{logId}/Pdf', () => {
  it('streams a PDF with the request id, the sections and every history step', async () => {
    const line = await completedForPat();
    const log = await activityLog('provisioner', line.requestId);
    const res = await get('provisioner', `/api/Request/Logs/${line.requestId}/Pdf`);
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
    const before = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const line = await completedForPat();
    await activityLog('superAdmin', line.requestId);
    await get('superAdmin', `/api/Request/Logs/${line.requestId}/Pdf`);
    const after = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
