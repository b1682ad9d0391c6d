import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, messages, type MyRequestRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { userIdOf } from './factories.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  SAM = await userIdOf(ctx.db.kysely, demo.standard);
  for (const who of ['standard', 'approver', 'superAdmin'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await ctx.close();
});

let SAM: number;
const auth = (who: keyof typeof demo) => ({ authorization: `Bearer ${tokens[who]}` });

async function myRequests(who: keyof typeof demo, body: object = {}) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllMyRequest',
    headers: auth(who),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: MyRequestRow[]; totalCount: number } }>().data;
}
const cancel = (who: keyof typeof demo, ids: number[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/Request/CancelMultipleRequest/',
    headers: auth(who),
    payload: ids,
  });

/** Status and history count of lines, to prove a refusal changed nothing. */
async function snapshot(ids: number[]) {
  const rows = await ctx.db.kysely
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'version', 'pendingChangeRequestId'])
    .where('requestId', 'in', ids)
    .orderBy('requestId')
    .execute();
  const history = await ctx.db.kysely
    .selectFrom('requestHistory')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('requestId', 'in', ids)
    .executeTakeFirstOrThrow();
  return { rows, history: Number(history.n) };
}

async function samLines(where: { statusId?: number; createdBySam?: boolean }) {
  let q = ctx.db.kysely
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'requestTypeId', 'recordId', 'createdBy', 'userId'])
    .where((eb) => eb.or([eb('createdBy', '=', SAM), eb('userId', '=', SAM)]));
  if (where.statusId !== undefined) {
    q = q.where('statusId', '=', where.statusId);
  }
  if (where.createdBySam !== undefined) {
    q = q.where('createdBy', where.createdBySam ? '=' : '!=', SAM);
  }
  return q.orderBy('requestId').execute();
}

describe('My Requests', () => {
  it('lists every line the caller created or is the subject of, newest first', async () => {
    const expected = (await samLines({})).map((r) => r.requestId).reverse();
    const page = await myRequests('standard', { pageSize: 100 });
    expect(page.totalCount).toBe(expected.length);
    expect(page.requests.map((r) => r.requestId)).toEqual(expected);
    expect(new Set(page.requests.map((r) => r.statusId)).size).toBe(6);
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/Request/AllMyRequest/0?pageSize=5',
      headers: auth('standard'),
    });
    expect(get.json().data.requests.map((r: MyRequestRow) => r.requestId)).toEqual(expected.slice(0, 5));
    const row = page.requests.find((r) => r.requestUser.email === demo.guest)!;
    expect(row.createdBy.email).toBe(demo.standard);
  });

  it('filters, searches and narrows to one request', async () => {
    const cancelled = await myRequests('standard', {
      filters: [{ column: 'status', values: ['Cancelled'] }],
    });
    expect(cancelled.totalCount).toBeGreaterThan(0);
    expect(cancelled.requests.every((r) => r.status.description === 'Cancelled')).toBe(true);
    const one = cancelled.requests[0]!;
    const narrowed = await ctx.app.inject({
      method: 'GET',
      url: `/api/Request/AllMyRequest/${one.requestId}`,
      headers: auth('standard'),
    });
    const rows = narrowed.json().data.requests as MyRequestRow[];
    expect(rows.map((r) => r.requestId)).toContain(one.requestId);
    expect(rows.every((r) => r.submissionId === one.submissionId)).toBe(true);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllMyRequest',
      headers: auth('standard'),
      payload: { orderBy: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const badSize = await ctx.app.inject({
      method: 'GET',
      url: '/api/Request/AllMyRequest/0?pageSize=7',
      headers: auth('standard'),
    });
    expect(badSize.statusCode).toBe(400);
  });

  it("shows Alex none of Sam's lines", async () => {
    const samIds = new Set((await samLines({})).map((r) => r.requestId));
    const alex = await myRequests('approver', { pageSize: 100 });
    expect(alex.requests.some((r) => samIds.has(r.requestId))).toBe(false);
  });
});

describe('POST api/Request/CancelMultipleRequest/', () => {
  it('refuses a request that is not Submitted with 422 and changes nothing', async () => {
    const submitted = (await samLines({ statusId: RequestStatus.SUBMITTED, createdBySam: true }))[0]!;
    const completed = (await samLines({ statusId: RequestStatus.COMPLETED, createdBySam: true }))[0]!;
    const ids = [submitted.requestId, completed.requestId];
    const before = await snapshot(ids);
    const res = await cancel('standard', ids);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ succeeded: false, message: messages.cancelOnlySubmitted });
    expect(await snapshot(ids)).toEqual(before);
  });

  it("refuses another requestor's line with 403 and an invisible one with 404, changing nothing", async () => {
    const notMine = (await samLines({ createdBySam: false }))[0]!;
    const before = await snapshot([notMine.requestId]);
    const res = await cancel('standard', [notMine.requestId]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.cancelOnlyOwn);
    expect(await snapshot([notMine.requestId])).toEqual(before);

    const alexLine = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .where('createdBy', '!=', SAM)
      .where('userId', '!=', SAM)
      .executeTakeFirstOrThrow();
    const invisible = await snapshot([alexLine.requestId]);
    expect((await cancel('standard', [alexLine.requestId])).statusCode).toBe(404);
    expect(await snapshot([alexLine.requestId])).toEqual(invisible);
  });

  it('cancels every selected Submitted line with a history row each and frees the record', async () => {
    const lines = await samLines({ statusId: RequestStatus.SUBMITTED, createdBySam: true });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const change = lines.find((l) => l.recordId !== null);
    const ids = lines.map((l) => l.requestId);
    const before = await snapshot(ids);
    const res = await cancel('standard', ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: true, message: messages.requestsCancelled });
    const after = await snapshot(ids);
    expect(after.rows.every((r) => r.statusId === RequestStatus.CANCELLED)).toBe(true);
    expect(after.history).toBe(before.history + ids.length);
    if (change) {
      const record = await ctx.db.kysely
        .selectFrom('requests')
        .select('pendingChangeRequestId')
        .where('requestId', '=', change.recordId!)
        .executeTakeFirstOrThrow();
      expect(record.pendingChangeRequestId).toBeNull();
    }
    // Cancelling again is refused: they are no longer Submitted.
    expect((await cancel('standard', ids)).statusCode).toBe(422);
  });

  it("lets a super admin cancel someone else's Submitted request", async () => {
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .where('createdBy', '!=', 1)
      .executeTakeFirstOrThrow();
    const res = await cancel('superAdmin', [line.requestId]);
    expect(res.statusCode).toBe(200);
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['statusId', 'createdBy', 'stepDescription'])
      .where('requestId', '=', line.requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ statusId: RequestStatus.CANCELLED, createdBy: 1 });
  });

  it('refuses an empty list with 400', async () => {
    expect((await cancel('standard', [])).statusCode).toBe(400);
  });
});
