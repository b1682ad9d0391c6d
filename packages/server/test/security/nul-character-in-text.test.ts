import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type BulkUploadStatus } from '@uap/domain';
import { createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildUser, uniqueTag } from '../factories.ts';

/**
 * Issue 43 item 8: U+0000 in a text input gave 500 on PostgreSQL (which cannot store or bind
 * it), and the directory import had written the rows before the bad one. Every text input now
 * refuses it with 400 and the catalogue's message; a search containing it matches nothing.
 */

const SCIM_SECRET = 'nul-test-scim-secret-0123456789abcdef';
const NUL = '\u0000';

let ctx: TestContext;
let superToken: string;
let standardToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ SCIM_TOKEN: SCIM_SECRET });
  superToken = await ctx.tokenFor(demo.superAdmin);
  standardToken = await ctx.tokenFor(demo.standard);
});
afterAll(async () => {
  await ctx.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = superToken) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

function scim(method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) {
  return ctx.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${SCIM_SECRET}`,
      ...(body ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

const BOUNDARY = '----uap-nul-test';
function upload(url: string, fileName: string, content: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${superToken}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload:
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
  });
}

const refusedWithNulMessage = (res: { statusCode: number; body: string; json<T>(): T }) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ message: string }>().message).toBe(messages.textHasNul);
};

describe('U+0000 in a text input', () => {
  it('a guest save is refused with 400 and no profile is made', async () => {
    const email = `gia.nul.${uniqueTag()}@client.example`;
    const res = await call(
      'POST',
      '/api/User/Save',
      {
        Name: `Gia${NUL}`,
        LastName: 'Guest',
        Title: 'Planner',
        Organization: 'Client',
        Department: 'Media',
        LocationCountry: 'UK',
        Email: email,
      },
      standardToken,
    );
    refusedWithNulMessage(res);
    const made = await ctx.db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', email)
      .execute();
    expect(made).toEqual([]);
  });

  it('master data request comments are refused with 400 and nothing is stored', async () => {
    const tag = uniqueTag();
    refusedWithNulMessage(
      await call(
        'POST',
        '/api/MasterDataRequest',
        { MasterDataType: 'Platform', Comments: `Please add ${tag}${NUL}` },
        standardToken,
      ),
    );
    const stored = await ctx.db.kysely
      .selectFrom('masterDataRequests')
      .select('id')
      .where('comments', 'like', `%${tag}%`)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a key holding it, or a value deep in a list, is refused too', async () => {
    const key = await call('PUT', '/api/Request/AllRequests', { [`page${NUL}`]: 1 });
    refusedWithNulMessage(key);
    const filter = await call('PUT', '/api/Request/AllRequests', {
      filters: [{ column: 'requestId', values: ['1', `2${NUL}`] }],
    });
    refusedWithNulMessage(filter);
    expect(filter.json<{ data: { issues: { path: string }[] } }>().data.issues[0]?.path).toBe(
      '/filters/0/values/1',
    );
  });

  it('a SCIM create and a SCIM PATCH are refused with a SCIM 400 and nothing is written', async () => {
    const tag = uniqueTag();
    const mail = `nul.${tag}@agency.example`;
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: mail,
      displayName: `Nia${NUL}${tag}`,
      emails: [{ primary: true, type: 'work', value: mail }],
      active: true,
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json<{ detail: string }>().detail).toContain(messages.textHasNul);
    const written = await ctx.db.kysely
      .selectFrom('directoryUsers')
      .select('directoryId')
      .where('mail', '=', mail)
      .execute();
    expect(written).toEqual([]);

    const person = await buildUser(ctx.db.kysely, {});
    const patched = await scim('PATCH', `/Users/${person.directoryId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { displayName: `Evil${NUL}` } }],
    });
    expect(patched.statusCode, patched.body).toBe(400);
    const row = await ctx.db.kysely
      .selectFrom('directoryUsers')
      .select('displayName')
      .where('directoryId', '=', person.directoryId)
      .executeTakeFirstOrThrow();
    expect(row.displayName).toBe(person.displayName);
  });

  it('a directory CSV holding it is refused with 400 before any row is written', async () => {
    const tag = uniqueTag();
    const first = `nul.first.${tag}@agency.example`;
    const csv = [
      'mail,displayName',
      `${first},First ${tag}`,
      `nul.second.${tag}@agency.example,Sec${NUL}ond`,
      `nul.third.${tag}@agency.example,Third ${tag}`,
    ].join('\r\n');
    const res = await upload('/api/Directory/Import', 'directory.csv', csv);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(messages.directoryFileHasNul);
    const written = await ctx.db.kysely
      .selectFrom('directoryUsers')
      .select('mail')
      .where('mail', 'like', `nul.%.${tag}@agency.example`)
      .execute();
    expect(written).toEqual([]);
  });

  it('a bulk upload row holding it is refused with the message, the others still taken', async () => {
    const p = await buildPath(ctx.db.kysely, {});
    const person = await buildUser(ctx.db.kysely, {});
    const row = (practice: string) =>
      [p.names.region, p.names.market, p.names.agency, practice, person.email].join(',');
    const csv = [
      'Region,Market,Agency,Practice,Master Approver Email',
      row(`${p.names.practice}${NUL}`),
      row(p.names.practice),
    ].join('\r\n');
    const res = await upload('/api/BulkData/UploadMasterApprover', 'rows.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json<{ data: { codeFile: string } }>().data.codeFile;
    let status: BulkUploadStatus | undefined;
    for (let i = 0; i < 200 && (!status || status.status === 'Processing'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await call('GET', `/api/BulkData/Status/${code}`)).json<{ data: BulkUploadStatus }>().data;
    }
    expect(status).toMatchObject({ status: 'Completed', successRows: 1 });
    const rows = (await call('GET', `/api/Request/BulkDataMasterApprover?code=${code}`)).json<{
      data: { records: { row: number; bulk_Success: boolean; bulk_Status: string }[] };
    }>().data.records;
    expect(rows.find((r) => r.row === 2)).toMatchObject({
      bulk_Success: false,
      bulk_Status: messages.textHasNul,
    });
  });
});

describe('the embedded sign-in form', () => {
  it('answers an email holding U+0000 as no account (400), not 500', async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/oidc/auth?${new URLSearchParams({
        client_id: ctx.config.auth.clientId,
        redirect_uri: `${ctx.config.publicUrl}/signin-callback`,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString()}`,
    });
    expect(start.statusCode).toBe(303);
    const uid = /^\/signin\/([^/?]+)/.exec(start.headers.location as string)![1]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/signin/${uid}`,
      headers: {
        cookie: start.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email: `${demo.standard}${NUL}` }).toString(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('No active account with that email');
  });
});

describe('a search containing U+0000 matches nothing', () => {
  const term = `a${NUL}`;
  const longTerm = `sam${NUL}standard`;

  it.each([
    ['the Request Tracker', '/api/Request/AllRequests'],
    ['My Requests', '/api/Request/AllMyRequest'],
    ['My Approval Tasks', '/api/Approvers/RequestList'],
    ['My Provisioning Tasks', '/api/Request/RequestForProvisioners'],
    ['the administrators', '/api/User/GetAdminRegion'],
  ])('%s answers an empty page', async (_name, url) => {
    for (const searchCriteria of [term, longTerm]) {
      const res = await call('PUT', url, { searchCriteria });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { totalCount: number } }>().data.totalCount).toBe(0);
    }
  });

  it('a table search by query string answers an empty page', async () => {
    for (const url of [
      `/api/Approvers/RequestList?searchCriteria=${encodeURIComponent(term)}`,
      `/api/Request/AllMyRequest/0?searchCriteria=${encodeURIComponent(term)}`,
      `/api/Request/RequestForProvisioners?searchCriteria=${encodeURIComponent(term)}`,
      `/api/MasterDataRequest?search=${encodeURIComponent(term)}`,
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json<{ data: { totalCount: number } }>().data.totalCount).toBe(0);
    }
    const items = await call(
      'GET',
      `/api/MasterDataRequest/ItemOptions?type=Platform&search=${encodeURIComponent(term)}`,
    );
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('a filter menu under the search offers nothing', async () => {
    const res = await call('PUT', '/api/Request/AllRequests/Filters', {
      searchCriteria: longTerm,
      column: 'requestId',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { values: unknown[] } }>().data.values).toEqual([]);
  });

  it('the people search finds no one', async () => {
    for (const filterType of ['mail', 'displayname']) {
      const res = await call(
        'GET',
        `/api/User/SearchInternal?filterType=${filterType}&value=${encodeURIComponent(`sam${NUL}`)}`,
        undefined,
        standardToken,
      );
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(messages.noUserFound);
    }
  });

  it('a SCIM filter finds no one', async () => {
    for (const attribute of ['userName', 'externalId', 'emails.value']) {
      const filter = encodeURIComponent(`${attribute} eq "sam\\u0000"`);
      const res = await scim('GET', `/Users?filter=${filter}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ totalResults: number }>().totalResults).toBe(0);
    }
  });
});
