import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfilePage } from '@uap/domain';
import { EXPORT_BATCH_SIZE } from '../src/db/csv-export.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag, type BuiltUser } from './factories.ts';
import { unsignedCsv } from './signed-body.ts';

/** PUT api/User/GetAllUsers/Export: All User Profiles as CSV (spec 3 §9). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const EXPORT = '/api/User/GetAllUsers/Export';

async function put(who: string | null, url: string, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url,
    headers: who === null ? {} : { authorization: `Bearer ${await ctx.tokenFor(who)}` },
    payload,
  });
}

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

const header = [
  'AD Account Enabled',
  'UAP Id',
  'First Name',
  'Last Name',
  'Created Date',
  'User Type',
  'Role Name',
  'Primary Email',
  'Secondary Email',
  'Title',
  'Organization',
  'Location',
  'Phone Number',
  'Employee Id',
  'Department',
  'Parent GUID',
  'Child GUID',
];
const cell = (row: string[], column: string) => row[header.indexOf(column)];

/** The export's rows (header checked) as the admin asks for them. */
async function exportRows(body: object, who: string = demo.admin): Promise<string[][]> {
  const res = await put(who, EXPORT, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toContain('user-profiles.csv');
  const [head, ...rows] = parseCsv(unsignedCsv(res.body));
  expect(head).toEqual(header);
  return rows;
}

describe('All User Profiles export', () => {
  let tag: string;
  let people: BuiltUser[];

  beforeAll(async () => {
    tag = `Exp${uniqueTag()}`;
    people = [];
    for (const name of ['Carla', 'Abel', 'Bruno']) {
      people.push(await buildUser(ctx.db.kysely, { name, lastName: `${tag} Person` }));
    }
    const [carla, abel, bruno] = people as [BuiltUser, BuiltUser, BuiltUser];
    const set = (user: BuiltUser, values: object) =>
      ctx.db.kysely.updateTable('users').set(values).where('userId', '=', user.userId).execute();
    // Created at 03:00 UTC on 1 January: the evening of 31 December in New York.
    await set(carla, { officeNumber: '+44 20 7946 0000', createdDate: '2026-01-01T03:00:00.000Z' });
    await set(abel, { officeNumber: '=1+2', isInternal: 0 });
    await set(bruno, { officeNumber: null, title: '@risky' });
  });

  it('answers 401 without a token and 403 to a standard user; the auditor reads', async () => {
    expect((await put(null, EXPORT, {})).statusCode).toBe(401);
    expect((await put(demo.standard, EXPORT, {})).statusCode).toBe(403);
    expect((await put(demo.approver, EXPORT, {})).statusCode).toBe(403);
    const rows = await exportRows({ searchCriteria: tag.toLowerCase() }, demo.auditor);
    expect(rows).toHaveLength(3);
  });

  it("follows the table's search and sort, and its filters", async () => {
    const byName = await exportRows({ searchCriteria: tag.toLowerCase(), orderBy: 'name', orderAsc: true });
    expect(byName.map((r) => cell(r, 'First Name'))).toEqual(['Abel', 'Bruno', 'Carla']);
    const byNameDown = await exportRows({
      searchCriteria: tag.toLowerCase(),
      orderBy: 'name',
      orderAsc: false,
    });
    expect(byNameDown.map((r) => cell(r, 'First Name'))).toEqual(['Carla', 'Bruno', 'Abel']);

    const external = await exportRows({
      searchCriteria: tag.toLowerCase(),
      filters: [{ column: 'userType', values: ['External'] }],
    });
    expect(external.map((r) => cell(r, 'First Name'))).toEqual(['Abel']);
    expect(cell(external[0]!, 'User Type')).toBe('External');
  });

  it('leads the phone number with a tab and neutralises formulas', async () => {
    const rows = await exportRows({ searchCriteria: tag.toLowerCase(), orderBy: 'name', orderAsc: true });
    const [abel, bruno, carla] = rows as [string[], string[], string[]];
    expect(cell(carla, 'Phone Number')).toBe('\t+44 20 7946 0000');
    expect(cell(abel, 'Phone Number')).toBe("\t'=1+2");
    expect(cell(bruno, 'Phone Number')).toBe('');
    expect(cell(bruno, 'Title')).toBe("'@risky");
    expect(cell(carla, 'UAP Id')).toBe(String(people[0]!.userId));
    expect(cell(carla, 'Primary Email')).toBe(people[0]!.email);
  });

  it("writes dates in the caller's time zone", async () => {
    const search = { searchCriteria: people[0]!.email };
    const [utc] = await exportRows(search);
    expect(cell(utc!, 'Created Date')).toBe('01-01-2026');
    const [newYork] = await exportRows({ ...search, localTimeZone: 'America/New_York' });
    expect(cell(newYork!, 'Created Date')).toBe('12-31-2025');
  });

  it('answers 400 for an unknown sort column', async () => {
    const res = await put(demo.admin, EXPORT, { orderBy: 'password' });
    expect(res.statusCode).toBe(400);
  });

  it('writes every profile of the table once, in its order, across batches', async () => {
    // More profiles than one batch holds, so the export reads a second one.
    const rowsNeeded = EXPORT_BATCH_SIZE + 5;
    const page = await put(demo.admin, '/api/User/GetAllUsers', { pageSize: 5 });
    const total = page.json<{ data: ProfilePage }>().data.totalCount;
    if (total < rowsNeeded) {
      const values = Array.from({ length: rowsNeeded - total }, (_, i) => ({
        email: `bulk.${tag.toLowerCase()}.${i}@agency.example`,
        name: 'Bulk',
        lastName: `${tag} ${String(i).padStart(5, '0')}`,
        isInternal: 0,
        userType: 'Guest',
        roleId: 1,
      }));
      for (let i = 0; i < values.length; i += 500) {
        await ctx.db.kysely
          .insertInto('users')
          .values(values.slice(i, i + 500))
          .execute();
      }
    }
    const query = { orderBy: 'lastName', orderAsc: true };
    const rows = await exportRows(query);
    const first = await put(demo.admin, '/api/User/GetAllUsers', { ...query, pageSize: 100 });
    const firstPage = first.json<{ data: ProfilePage }>().data;
    expect(rows).toHaveLength(firstPage.totalCount);
    expect(firstPage.totalCount).toBeGreaterThanOrEqual(rowsNeeded);
    const ids = rows.map((r) => cell(r, 'UAP Id'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 100)).toEqual(firstPage.users.map((u) => u.uapId));
    const lastNames = rows.map((r) => cell(r, 'Last Name') ?? '');
    const sorted = [...lastNames].sort();
    expect(lastNames.filter((n) => n.startsWith(tag))).toEqual(sorted.filter((n) => n.startsWith(tag)));
  });
});
