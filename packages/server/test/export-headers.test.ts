import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';

/**
 * One request line, every export that lists it: a header two exports share holds the same cell
 * in both (issue 44: one header, one field). The line is a completed Add record of a user whose
 * directory account is disabled, so the Request Tracker, the User Access Overview and Leavers
 * User Records all list it; dates in a zone far from UTC, where a date written in UTC shows.
 */

const ZONE = 'Pacific/Kiritimati';
/** 23:30 UTC on March 7th is 13:30 on March 8th at UTC+14. */
const CREATED = '2026-03-07T23:30:00.000Z';

let ctx: TestContext;
let token: string;
let subject: BuiltUser;
let creator: BuiltUser;
let approver: BuiltUser;
let path: BuiltPath;
let recordId: number;
/** Each header's cell, written from the factory's data. */
let expected: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
  const db = ctx.db.kysely;
  subject = await buildUser(db, { name: 'Lena', active: false });
  creator = await buildUser(db, { name: 'Carl', roleId: Role.APPROVER });
  approver = await buildUser(db, { name: 'Abel', roleId: Role.APPROVER });
  path = await buildPath(db, { assignment: { primary: approver.userId } });
  const platformEmail = `platform.${subject.email}`;
  const record = await buildRecord(db, {
    path,
    user: { userId: subject.userId, email: platformEmail },
    createdBy: creator.userId,
    decidedBy: approver.userId,
    createdDate: CREATED,
  });
  recordId = record.requestId;
  const asset = await db
    .selectFrom('assetTypes')
    .select('description')
    .where('assetId', '=', path.assetId)
    .executeTakeFirstOrThrow();
  const userType = await db
    .selectFrom('platformUserTypes')
    .select('description')
    .where('platformUserTypeId', '=', path.platformUserTypeId)
    .executeTakeFirstOrThrow();
  const code = await db
    .selectFrom('clientCodes')
    .select('code')
    .where('clientCodeId', '=', path.clientCodeId)
    .executeTakeFirstOrThrow();
  expected = {
    'Record ID': String(recordId),
    'Request ID': String(recordId),
    'Request Status': 'Completed',
    'Record Status': 'Active',
    'Request Type': 'Add access',
    'User Name': `Lena ${subject.lastName}`,
    'User Primary Email': subject.email,
    'User Platform Email': platformEmail,
    Region: path.names.region,
    Market: path.names.market,
    Agency: path.names.agency,
    Practice: path.names.practice,
    Platform: path.names.platform,
    Client: path.names.client,
    'Client Code': code.code,
    'Asset Type': asset.description,
    'Asset Name': path.names.account,
    'Platform User Type': userType.description,
    'Access Date': 'Unlimited',
    'Created By': `Carl ${creator.lastName}`,
    'Created Date': '03-08-2026 01:30 PM',
    'Approver/Rejecter': `Abel ${approver.lastName}`,
    'Approved Date': '03-08-2026',
  };
});
afterAll(async () => {
  await ctx.close();
});

/** The cells of a CSV file (RFC 4180 quoting), without the byte order mark. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const pattern = /("(?:[^"]|"")*"|[^,\n]*)(,|\n|$)/g;
  let record: string[] = [];
  for (const match of text.replace(/^\uFEFF/, '').matchAll(pattern)) {
    const [, cell = '', end] = match;
    record.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (end !== ',') {
      records.push(record);
      record = [];
      if (end === '') {
        break;
      }
    }
  }
  return records.filter((r) => r.length > 1 || r[0] !== '');
}

/** The exports that list the line, each with a body that finds it, and its id column. */
const exports = () => [
  {
    url: '/api/Request/AllRequests/Export',
    body: { filters: [{ column: 'requestId', values: [String(recordId)] }] },
    idHeader: 'Request ID',
  },
  { url: '/api/Request/UserRecords/Export', body: { userId: subject.userId }, idHeader: 'Record ID' },
  {
    url: '/api/Request/UserRecordsOfADInactiveUsers/Export',
    body: { searchCriteria: subject.email },
    idHeader: 'Record ID',
  },
];

/** The line's cells in one export, by header. */
async function lineOf(url: string, body: object, idHeader: string): Promise<Map<string, string>> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...body, localTimeZone: ZONE },
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const [header = [], ...lines] = parseCsv(res.body);
  expect(new Set(header).size, `${url}: a header twice`).toBe(header.length);
  const line = lines.find((cells) => cells[header.indexOf(idHeader)] === String(recordId));
  expect(line, `${url} lists the line`).toBeDefined();
  return new Map(header.map((name, i) => [name, line![i]!]));
}

describe('the exports of one request line', () => {
  it('write the same cell under every header they share, as the line holds it', async () => {
    const lines = new Map<string, Map<string, string>>();
    for (const { url, body, idHeader } of exports()) {
      lines.set(url, await lineOf(url, body, idHeader));
    }
    const exportsOf = new Map<string, string[]>();
    for (const [url, cells] of lines) {
      for (const header of cells.keys()) {
        exportsOf.set(header, [...(exportsOf.get(header) ?? []), url]);
      }
    }
    const shared = [...exportsOf].filter(([, urls]) => urls.length > 1);
    // The line's own fields at least: a header one export renamed would drop out of this list.
    expect(shared.map(([header]) => header)).toEqual(
      expect.arrayContaining([
        'Record ID',
        'Request Status',
        'User Name',
        'User Primary Email',
        'Asset Name',
        'Asset Type',
        'Created Date',
        'Created By',
      ]),
    );
    for (const [header, urls] of shared) {
      expect(Object.keys(expected), `a value to expect under '${header}'`).toContain(header);
      for (const url of urls) {
        expect(lines.get(url)!.get(header), `${url}: '${header}'`).toBe(expected[header]);
      }
    }
  });
});
