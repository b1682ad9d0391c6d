import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tableFilterLimits } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';

/**
 * Every server-paged table answers every body the schema allows: the largest filter the schema
 * accepts (the most filters, each with the most values) gives 200 and the right rows, one value
 * more gives 400 with the catalogue's message.
 */

let ctx: TestContext;
let token = '';
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
  await prepare();
});
afterAll(async () => {
  await ctx.close();
});

const put = (url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

interface Row {
  requestId: number;
  platformName: string;
  requestTypeName: string;
}

/** Columns every table lets one filter by (and has as row fields): a number and two texts. */
const columns = ['requestId', 'platformName', 'requestTypeName'] as const;

/**
 * The largest filter the schema allows that still selects exactly `row`: the most filters, each
 * holding the row's own value among decoys (quotes, commas, braces and backslashes included, as
 * an array or JSON literal must carry them intact).
 */
function maximumFilter(row: Row) {
  return Array.from({ length: tableFilterLimits.filters }, (_, f) => {
    const column = columns[f % columns.length]!;
    const decoys = Array.from({ length: tableFilterLimits.valuesPerFilter - 1 }, (_, i) =>
      column === 'requestId' ? String(90_000_000 + i) : i % 100 === 0 ? `"d,{${i}}\\'` : `d${i}`,
    );
    return { column, values: [...decoys.slice(0, 500), String(row[column]), ...decoys.slice(500)] };
  });
}

interface Table {
  name: string;
  /** The page endpoint and its extra body fields. */
  page: string;
  body?: object;
  /** The filter-menu endpoint and its extra body fields. */
  filters: string;
  filtersBody?: object;
  exportUrl?: string;
}

const tables: Table[] = [
  {
    name: 'Request Tracker',
    page: '/api/Request/AllRequests',
    filters: '/api/Request/AllRequests/Filters',
    exportUrl: '/api/Request/AllRequests/Export',
  },
  {
    name: 'My Requests',
    page: '/api/Request/AllMyRequest',
    filters: '/api/Catalogs/Filters/',
    filtersBody: { source: 'MyRequests' },
  },
  {
    name: 'User Access Overview',
    page: '/api/Request/UserRecords',
    filters: '/api/Catalogs/Filters/',
    filtersBody: { source: 'UserRecords' },
    exportUrl: '/api/Request/UserRecords/Export',
  },
  {
    name: 'My Approval Tasks',
    page: '/api/Approvers/RequestList',
    filters: '/api/Approvers/RequestList/Filters',
  },
  {
    name: 'My Archive Approvals',
    page: '/api/Approvers/RequestList',
    body: { archaic: true },
    filters: '/api/Approvers/RequestList/Filters',
  },
  {
    name: 'My Provisioning Tasks',
    page: '/api/Request/RequestForProvisioners',
    filters: '/api/Request/RequestForProvisioners/Filters',
  },
];

/** The super admin's own lines, so that My Requests and the User Access Overview have rows. */
async function prepare(): Promise<void> {
  const superAdmin = await ctx.db.kysely
    .selectFrom('users')
    .select('userId')
    .where('email', '=', demo.superAdmin)
    .executeTakeFirstOrThrow();
  const line = await ctx.db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('requestTypeId', '=', 1)
    .where('statusId', '=', 3)
    .orderBy('requestId')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .updateTable('requests')
    .set({ userId: superAdmin.userId, createdBy: superAdmin.userId })
    .where('requestId', '=', line.requestId)
    .execute();
}

describe.each(tables)('the $name table', (table) => {
  let row: Row;
  beforeAll(async () => {
    const res = await put(table.page, { ...table.body, pageSize: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<{ data: { requests: Row[] } }>().data.requests[0];
    expect(first, `${table.name} has rows for the super admin`).toBeDefined();
    row = first!;
  });

  it('answers the largest filter the schema allows with exactly the filtered rows', async () => {
    const filters = maximumFilter(row);
    const page = await put(table.page, { ...table.body, filters });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json<{ data: { requests: Row[]; totalCount: number } }>().data;
    expect(data.totalCount).toBe(1);
    expect(data.requests.map((r) => r.requestId)).toEqual([row.requestId]);

    const menu = await put(table.filters, {
      ...table.body,
      ...table.filtersBody,
      column: 'platformName',
      filters,
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json<{ data: { values: string[] } }>().data.values).toEqual([row.platformName]);

    if (table.exportUrl) {
      const csv = await put(table.exportUrl, { ...table.body, filters });
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = unsignedCsv(csv.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]!.startsWith(`${row.requestId},`)).toBe(true);
    }
  });

  it('refuses one value or one filter more than the limits with 400 and a message', async () => {
    const filters = maximumFilter(row);
    const tooManyValues = [{ ...filters[0]!, values: [...filters[0]!.values, 'one more'] }];
    const tooManyFilters = [...filters, filters[1]!];
    for (const url of [table.page, table.filters, table.exportUrl].filter((u) => u !== undefined)) {
      const extra = url === table.filters ? { ...table.filtersBody, column: 'platformName' } : {};
      const values = await put(url, { ...table.body, ...extra, filters: tooManyValues });
      expect(values.statusCode, values.body).toBe(400);
      expect(values.json<{ message: string }>().message).toBe(
        messages.tooManyFilterValues(tableFilterLimits.valuesPerFilter),
      );
      const many = await put(url, { ...table.body, ...extra, filters: tooManyFilters });
      expect(many.statusCode, many.body).toBe(400);
      expect(many.json<{ message: string }>().message).toBe(
        messages.tooManyFilters(tableFilterLimits.filters),
      );
    }
  });
});

describe('the filter value limits', () => {
  it('refuses a value longer than the limit with 400 and a message', async () => {
    const long = 'x'.repeat(tableFilterLimits.valueLength + 1);
    const res = await put('/api/Request/AllRequests', {
      filters: [{ column: 'platformName', values: [long] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      messages.filterValueTooLong(tableFilterLimits.valueLength),
    );
  });

  it('keeps the limits the table bodies document', () => {
    // Written out, not read from the code: lowering a limit is a contract change for clients.
    expect(tableFilterLimits).toEqual({ filters: 40, valuesPerFilter: 1000, valueLength: 500 });
  });
});
