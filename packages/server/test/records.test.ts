import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, messages, type UserRecordRow } from '@uap/domain';
import { neutraliseCell } from '../src/db/csv-text.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { userIdOf } from './factories.ts';
import { unsignedCsv } from './signed-body.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  SAM = await userIdOf(ctx.db.kysely, demo.standard);
  ALEX = await userIdOf(ctx.db.kysely, demo.approver);
  for (const who of ['standard', 'approver', 'admin', 'superAdmin'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await ctx.close();
});

let SAM: number;
let ALEX: number;

async function put(who: keyof typeof demo, url: string, payload: object) {
  return ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${tokens[who]}` }, payload });
}
async function records(who: keyof typeof demo, body: object = {}) {
  const res = await put(who, '/api/Request/UserRecords', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: UserRecordRow[]; page: number; totalCount: number } }>().data;
}
async function options(who: keyof typeof demo, body: object) {
  const res = await put(who, '/api/Catalogs/Filters/', { source: 'UserRecords', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { values: string[]; isTruncated: boolean } }>().data.values;
}

/** Sam's Add lines that are pending or records, straight from the database. */
async function samLineIds() {
  const rows = await ctx.db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('userId', '=', SAM)
    .where('requestTypeId', '=', RequestType.ADD)
    .where('statusId', 'in', [1, 2, 3, 6])
    .orderBy('requestId', 'desc')
    .execute();
  return rows.map((r) => r.requestId);
}

describe('PUT api/Request/UserRecords', () => {
  it("lists the caller's pending Add lines and records, newest first, with the list item fields", async () => {
    const page = await records('standard');
    const expected = await samLineIds();
    expect(page.totalCount).toBe(expected.length);
    expect(page.requests.map((r) => r.requestId)).toEqual(expected);
    for (const row of page.requests) {
      expect(row.requestUser.email).toBe(demo.standard);
      expect(row.requestTypeId).toBe(RequestType.ADD);
      expect(row.recordId).toBe(row.requestId);
      expect(row.accessDate).toBe(row.expirationDate === null ? 'Unlimited' : row.accessDate);
      expect(row.accessDate).toMatch(/^(Unlimited|\d\d-\d\d-\d{4}( - \d\d-\d\d-\d{4})?)$/);
    }
    expect(new Set(page.requests.map((r) => r.statusDescription))).toEqual(
      new Set(['Active', 'Inactive', 'Expired']),
    );
    expect(page.requests.some((r) => r.hasPendingChange)).toBe(true);
  });

  it('pages, keeping the total', async () => {
    const all = (await records('standard')).requests.map((r) => r.requestId);
    const first = await records('standard', { pageSize: 5, page: 1 });
    const second = await records('standard', { pageSize: 5, page: 2 });
    expect(first.totalCount).toBe(all.length);
    expect(second.totalCount).toBe(all.length);
    expect([...first.requests, ...second.requests].map((r) => r.requestId)).toEqual(all.slice(0, 10));
    expect(second.page).toBe(2);
  });

  it('sorts by a whitelisted column with the id as tiebreak', async () => {
    const asc = (await records('standard', { orderBy: 'platformName', orderAsc: true })).requests;
    const names = asc.map((r) => r.platformName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const desc = (await records('standard', { orderBy: 'platformName', orderAsc: false })).requests;
    expect(desc.map((r) => r.platformName)).toEqual([...names].reverse());
  });

  it('filters with IN lists and searches case-insensitively', async () => {
    const all = (await records('standard')).requests;
    const platform = all[0]!.platformName;
    const filtered = await records('standard', { filters: [{ column: 'platformName', values: [platform] }] });
    expect(filtered.totalCount).toBe(all.filter((r) => r.platformName === platform).length);
    expect(filtered.requests.every((r) => r.platformName === platform)).toBe(true);

    const expired = await records('standard', {
      filters: [{ column: 'statusDescription', values: ['Expired'] }],
    });
    expect(expired.totalCount).toBeGreaterThan(0);
    expect(expired.requests.every((r) => r.statusDescription === 'Expired')).toBe(true);

    const term = platform.slice(1, 4).toUpperCase();
    const found = await records('standard', { searchCriteria: term });
    expect(found.totalCount).toBeGreaterThan(0);
    expect(found.totalCount).toBeLessThanOrEqual(all.length);

    const none = await records('standard', { searchCriteria: '%_no such thing_%' });
    expect(none.totalCount).toBe(0);
  });

  it('refuses an unknown sort or filter column with 400', async () => {
    const bad = await put('standard', '/api/Request/UserRecords', { orderBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Unknown sort column 'password'/);
    const badFilter = await put('standard', '/api/Request/UserRecords', {
      filters: [{ column: 'r.userId; drop table users', values: ['1'] }],
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toMatch(/Unknown filter column/);
    const badSize = await put('standard', '/api/Request/UserRecords', { pageSize: 7 });
    expect(badSize.statusCode).toBe(400);
  });

  it('keeps a standard user to lines they created or are the subject of', async () => {
    // Sam asking for Alex's records sees only the lines he created for Alex (none in the seed).
    const createdBySam = await ctx.db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('userId', '=', ALEX)
      .where('createdBy', '=', SAM)
      .where('requestTypeId', '=', 1)
      .where('statusId', 'in', [1, 2, 3, 6])
      .executeTakeFirstOrThrow();
    const alex = await records('standard', { userId: ALEX });
    expect(alex.totalCount).toBe(Number(createdBySam.n));
    // Gina is the subject of requests Sam made: he sees those.
    const gina = await records('standard', { email: demo.guest });
    expect(gina.totalCount).toBeGreaterThan(0);
    expect(gina.requests.every((r) => r.requestUser.email === demo.guest)).toBe(true);
    // Alex (an approver) sees none of Sam's lines; the super admin sees them all.
    expect((await records('approver', { userId: SAM })).totalCount).toBe(0);
    expect((await records('superAdmin', { userId: SAM })).totalCount).toBe((await samLineIds()).length);
    // An unknown email is an empty page, not an error.
    expect((await records('superAdmin', { email: 'nobody@nowhere.example' })).totalCount).toBe(0);
  });
});

describe('UserRecords rows: what the modify actions need from the server', () => {
  it('carry the subject user id of each row', async () => {
    const own = await records('standard');
    expect(own.requests.length).toBeGreaterThan(0);
    expect(own.requests.every((r) => r.userId === SAM)).toBe(true);
    const gina = await ctx.db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', demo.guest)
      .executeTakeFirstOrThrow();
    const hers = await records('standard', { email: demo.guest });
    expect(hers.requests.length).toBeGreaterThan(0);
    expect(hers.requests.every((r) => r.userId === gina.userId)).toBe(true);
  });

  it('flag agency-level (system record) access with no client assets', async () => {
    const lines = await ctx.db.kysely
      .selectFrom('requests as r')
      .leftJoin('assetTypes as a', 'a.assetId', 'r.assetId')
      .select(['r.requestId', 'r.clientAccountId', 'a.isSystemRecord'])
      .where('r.userId', '=', SAM)
      .where('r.requestTypeId', '=', RequestType.ADD)
      .where('r.statusId', 'in', [1, 2, 3, 6])
      .execute();
    const expected = new Map(
      lines.map((l) => [l.requestId, l.isSystemRecord === 1 && l.clientAccountId === null]),
    );
    // The demo seed gives Sam both kinds.
    expect(new Set(expected.values())).toEqual(new Set([true, false]));
    const rows = (await records('standard', { pageSize: 100 })).requests;
    expect(rows.length).toBe(expected.size);
    for (const row of rows) {
      expect(row.isAgencyAccessWithoutAssets, `record ${row.requestId}`).toBe(expected.get(row.requestId));
    }
    const agencyOnly = rows.find((r) => r.isAgencyAccessWithoutAssets)!;
    expect(agencyOnly.clientAccountName).toBe('');
    expect(messages.activateAgencyWithoutAssets(agencyOnly.agencyName)).toBe(
      `You have requested to activate an access to the agency ${agencyOnly.agencyName} but no client assets inside. You must also either activate an existing record or submit a new request for asset access.`,
    );
  });
});

describe('PUT api/Catalogs/Filters/', () => {
  it('lists the sorted distinct values of a column under the other filters', async () => {
    const all = (await records('standard')).requests;
    const platforms = await options('standard', { column: 'platformName' });
    expect(platforms).toEqual(
      [...new Set(all.map((r) => r.platformName))].sort((a, b) => a.localeCompare(b)),
    );
    const statuses = await options('standard', {
      column: 'statusDescription',
      filters: [{ column: 'statusDescription', values: ['Expired'] }],
    });
    // A column's own filter does not narrow its menu.
    expect(statuses).toEqual(['Active', 'Expired', 'Inactive']);
    const first = platforms[0]!;
    const narrowed = await options('standard', {
      column: 'statusDescription',
      filters: [{ column: 'platformName', values: [first] }],
    });
    expect(narrowed).toEqual(
      [...new Set(all.filter((r) => r.platformName === first).map((r) => r.statusDescription))].sort(),
    );
    const ids = await options('standard', { column: 'requestId' });
    expect(ids).toEqual(all.map((r) => String(r.requestId)).reverse());
  });

  it('serves My Requests columns and refuses unknown ones', async () => {
    const types = await options('standard', { source: 'MyRequests', column: 'requestTypeName' });
    expect(types.length).toBeGreaterThan(1);
    const bad = await put('standard', '/api/Catalogs/Filters/', { source: 'MyRequests', column: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT api/Request/UserRecords/Export', () => {
  it('streams the whole filtered result as CSV with formula cells neutralised', async () => {
    const target = (await samLineIds())[0]!;
    await ctx.db.kysely
      .updateTable('requests')
      .set({ email: '=hyperlink("http://x")@agency.example' })
      .where('requestId', '=', target)
      .execute();
    const res = await put('superAdmin', '/api/Request/UserRecords/Export', { userId: SAM, pageSize: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = unsignedCsv(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Record ID,Request Status,Record Status,/);
    // The whole result, not one page.
    expect(lines.length - 1).toBe((await samLineIds()).length);
    const line = lines.find((l) => l.startsWith(`${target},`))!;
    expect(line).toContain(`"'=hyperlink(""http://x"")@agency.example"`);
  });

  it('is refused to the standard role', async () => {
    const res = await put('standard', '/api/Request/UserRecords/Export', {});
    expect(res.statusCode).toBe(403);
  });

  it('neutralises every dangerous first character', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseCell(bad)).toBe(`'${bad}`);
    }
    expect(neutraliseCell('Meta')).toBe('Meta');
    expect(neutraliseCell('')).toBe('');
  });
});

describe('GET api/Request/UserRecordsByEmail/{email}', () => {
  it("returns the user's completed and archived records within scope", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/Request/UserRecordsByEmail/${encodeURIComponent(demo.standard.toUpperCase())}`,
      headers: { authorization: `Bearer ${tokens.standard}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: UserRecordRow[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => [RequestStatus.COMPLETED, RequestStatus.ARCHIVED].includes(r.statusId as 3 | 6)),
    ).toBe(true);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/Request/UserRecordsByEmail/${encodeURIComponent(demo.standard)}`,
      headers: { authorization: `Bearer ${tokens.approver}` },
    });
    expect(other.json().data).toEqual([]);
  });
});

describe('messages', () => {
  it('has the cancel message in the catalogue', () => {
    expect(messages.requestsCancelled).toBe('Request(s) cancelled successfully!');
  });
});
