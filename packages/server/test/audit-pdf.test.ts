import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, RequestStatus, Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';
import { pdfText, pdfWords } from './pdf-text.ts';

/**
 * The audit PDF of a date range: the count first, then one streamed document in
 * which every line of the range appears once, oldest first; admins see their (region, market)
 * rows only; the original page calls still answer.
 */

let ctx: TestContext;
let superToken = '';
let admin: BuiltUser;
let adminToken = '';
/** Lines in the range, in the order the PDF lists them (created date, then id). */
let inRange: { requestId: number; createdDate: string; isAdminPath: boolean }[] = [];
let outside: number[] = [];

/** A range in the future, where the demo seed has no line. */
const FROM = '2031-03-01';
const TO = '2031-03-03';
const MARGIN = 30;
const ID_COLUMN_WIDTH = 46;

async function get(url: string, token = superToken) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** The numbers in the Request ID column (table text, 7 pt), page by page, top to bottom. */
function idsInPdf(pdf: Buffer): number[] {
  return pdfWords(pdf).flatMap((page) =>
    page.words
      .filter(
        (w) =>
          w.xMin >= MARGIN &&
          w.xMax <= MARGIN + ID_COLUMN_WIDTH &&
          w.yMax - w.yMin < 11 &&
          /^\d+$/.test(w.text),
      )
      .sort((a, b) => a.yMin - b.yMin)
      .map((w) => Number(w.text)),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  superToken = await ctx.tokenFor(demo.superAdmin);
  const k = ctx.db.kysely;
  admin = await buildUser(k, { roleId: Role.ADMIN });
  adminToken = await ctx.tokenFor(admin.email);
  const subject = await buildUser(k, { name: 'Audit', lastName: 'Subject' });
  const approver = await buildUser(k, { name: 'Audit', lastName: 'Approver' });
  const adminPath = await buildPath(k, {});
  const otherPath = await buildPath(k, {});
  await buildAdminRegion(k, admin.userId, adminPath);
  const template = await buildRequest(k, {
    path: adminPath,
    user: subject,
    decidedBy: approver.userId,
    statusId: RequestStatus.COMPLETED,
    createdDate: '2031-03-01T00:00:00.000Z',
  });
  const { requestId: _id, ...columns } = template;
  // 620 more lines over the three days (more than one batch of 500), several sharing a
  // timestamp, half on a path outside the admin's rows; and lines just outside the range.
  const rows = Array.from({ length: 620 }, (_, i) => {
    const path = i % 2 === 0 ? adminPath : otherPath;
    const createdDate = new Date(
      Date.parse('2031-03-01T00:00:00.000Z') + Math.floor(i / 3) * 1_250_000,
    ).toISOString();
    return {
      ...columns,
      submissionId: `audit-${i}`,
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
      platformId: path.platformId,
      clientId: path.clientId,
      clientCodeId: path.clientCodeId,
      clientAccountId: path.clientAccountId,
      platformUserTypeId: path.platformUserTypeId,
      createdDate,
    };
  });
  const edges = ['2031-02-28T23:59:59.999Z', '2031-03-04T00:00:00.000Z'].map((createdDate) => ({
    ...columns,
    submissionId: `audit-edge-${createdDate}`,
    createdDate,
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await k
      .insertInto('requests')
      .values(rows.slice(i, i + 100))
      .execute();
  }
  const edgeRows = await k.insertInto('requests').values(edges).returning('requestId').execute();
  outside = edgeRows.map((r) => r.requestId);
  const made = await k
    .selectFrom('requests')
    .select(['requestId', 'createdDate', 'regionId'])
    .where('createdDate', '>=', '2031-03-01T00:00:00.000Z')
    .where('createdDate', '<', '2031-03-04T00:00:00.000Z')
    .execute();
  inRange = made
    .map((r) => ({
      requestId: r.requestId,
      createdDate: new Date(r.createdDate).toISOString(),
      isAdminPath: r.regionId === adminPath.regionId,
    }))
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.requestId - b.requestId);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('GET api/Request/RequestsCount/{from}/{to}', () => {
  it('counts the lines created in the range, both days included', async () => {
    expect(inRange).toHaveLength(621);
    const res = await get(`/api/Request/RequestsCount/${FROM}/${TO}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true, message: '', data: 621 });
  });

  it('takes MM-DD-YYYY days too', async () => {
    const res = await get('/api/Request/RequestsCount/03-01-2031/03-01-2031');
    expect(res.json().data).toBe(inRange.filter((r) => r.createdDate.startsWith('2031-03-01')).length);
  });

  it('counts only the lines inside an admin’s (region, market) rows', async () => {
    const res = await get(`/api/Request/RequestsCount/${FROM}/${TO}`, adminToken);
    expect(res.json().data).toBe(311);
  });

  it('answers 0 for a range without lines', async () => {
    const res = await get('/api/Request/RequestsCount/2032-01-01/2032-01-31');
    expect(res.json().data).toBe(0);
  });

  it('refuses an end before the start, and a day that is not a date', async () => {
    const reversed = await get(`/api/Request/RequestsCount/${TO}/${FROM}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(messages.auditRangeReversed);
    expect((await get('/api/Request/RequestsCount/2031-02-30/2031-03-01')).statusCode).toBe(400);
    expect((await get('/api/Request/RequestsCount/yesterday/2031-03-01')).statusCode).toBe(400);
  });

  it('is for administrators: 401 without a token, 403 for a provisioner', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: `/api/Request/RequestsCount/${FROM}/${TO}` });
    expect(none.statusCode).toBe(401);
    const res = await get(`/api/Request/RequestsCount/${FROM}/${TO}`, await ctx.tokenFor(demo.provisioner));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET api/Request/RequestDetailbyDate/{from}/{to} (the whole range)', () => {
  it('streams one PDF holding every line of the range once, oldest first, and nothing outside it', async () => {
    const res = await get(`/api/Request/RequestDetailbyDate/${FROM}/${TO}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-record-count']).toBe('621');
    const ids = idsInPdf(res.rawPayload);
    expect(ids).toEqual(inRange.map((r) => r.requestId));
    for (const id of outside) {
      expect(ids).not.toContain(id);
    }
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Audit report: requests created 03-01-2031 to 03-03-2031');
    expect(text).toContain('Audit Subject');
    expect(text).toContain('Audit Approver');
  });

  it('gives an admin the lines of its rows only', async () => {
    const res = await get(`/api/Request/RequestDetailbyDate/${FROM}/${TO}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(idsInPdf(res.rawPayload)).toEqual(inRange.filter((r) => r.isAdminPath).map((r) => r.requestId));
  });

  it('is a document without records, under 2,000 bytes, for an empty range', async () => {
    const res = await get('/api/Request/RequestDetailbyDate/2032-01-01/2032-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(2000);
    expect(pdfText(res.rawPayload).trim()).toBe('');
  });
});

describe('GET api/Request/RequestDetailbyDate/{from}/{to}/150/{pageIndex} (original batches)', () => {
  it('answers pages of 150 from page 1, and an empty document past the end', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await get(`/api/Request/RequestDetailbyDate/${FROM}/${TO}/150/${page}`);
      expect(res.statusCode).toBe(200);
      const ids = idsInPdf(res.rawPayload);
      expect(ids).toHaveLength(page <= 4 ? 150 : 21);
      seen.push(...ids);
    }
    expect(seen).toEqual(inRange.map((r) => r.requestId));
    const past = await get(`/api/Request/RequestDetailbyDate/${FROM}/${TO}/150/6`);
    expect(past.rawPayload.length).toBeLessThan(2000);
  });
});
