import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, type ExistingAccessRow } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import {
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/**
 * The wizard's Check Existing Access Information: a requestor sees the colleague's pending and
 * active access whoever requested it, and nothing of anyone else.
 */

let ctx: TestContext;
let requestor: BuiltUser;
let colleague: BuiltUser;
let otherRequestor: BuiltUser;
let thirdPerson: BuiltUser;
let path: BuiltPath;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db.kysely;
  requestor = await buildUser(db);
  colleague = await buildUser(db, { name: 'Casey', lastName: 'Colleague' });
  otherRequestor = await buildUser(db);
  thirdPerson = await buildUser(db);
  path = await buildPath(db);
  const byOther = { path, user: colleague, createdBy: otherRequestor.userId };
  ids.recordByOther = (await buildRecord(db, byOther)).requestId;
  ids.submittedByOther = (
    await buildRequest(db, { ...byOther, statusId: RequestStatus.SUBMITTED })
  ).requestId;
  ids.approvedByOther = (await buildRequest(db, { ...byOther, statusId: RequestStatus.APPROVED })).requestId;
  ids.recordByRequestor = (
    await buildRecord(db, { path, user: colleague, createdBy: requestor.userId })
  ).requestId;
  ids.expiredByOther = (
    await buildRecord(db, { ...byOther, set: { expirationDate: '2020-01-31T00:00:00.000Z' } })
  ).requestId;
  // Not existing access: a deactivated record, a rejected and a cancelled line, a change request.
  ids.inactive = (await buildRecord(db, { ...byOther, set: { isDeleted: 1 } })).requestId;
  ids.rejected = (await buildRequest(db, { ...byOther, statusId: RequestStatus.REJECTED })).requestId;
  ids.cancelled = (await buildRequest(db, { ...byOther, statusId: RequestStatus.CANCELLED })).requestId;
  ids.change = (
    await buildRequest(db, { ...byOther, requestType: RequestType.CHANGE, recordId: ids.recordByOther })
  ).requestId;
  // A third person's record on the same path, made by the same other requestor.
  ids.thirdPerson = (
    await buildRecord(db, { path, user: thirdPerson, createdBy: otherRequestor.userId })
  ).requestId;
  token = await ctx.tokenFor(requestor.email);
});
afterAll(async () => {
  await ctx.close();
});

async function put(url: string, payload: object) {
  return ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });
}
async function existingAccess(body: object) {
  const res = await put('/api/Request/ExistingAccess', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: ExistingAccessRow[]; page: number; totalCount: number } }>().data;
}

describe('PUT api/Request/ExistingAccess', () => {
  it("lists the colleague's pending and active access made by someone else, newest first", async () => {
    const page = await existingAccess({ userId: colleague.userId });
    const expected = [
      ids.expiredByOther,
      ids.recordByRequestor,
      ids.approvedByOther,
      ids.submittedByOther,
      ids.recordByOther,
    ];
    expect(page.requests.map((r) => r.requestId)).toEqual(expected);
    expect(page.totalCount).toBe(5);
  });

  it("leaves out a third person's line, deactivated records, closed lines and change requests", async () => {
    const listed = (await existingAccess({ userId: colleague.userId })).requests.map((r) => r.requestId);
    for (const id of [ids.thirdPerson, ids.inactive, ids.rejected, ids.cancelled, ids.change]) {
      expect(listed).not.toContain(id);
    }
  });

  it('answers the spec columns only: no comments, dates or requestor', async () => {
    const page = await existingAccess({ userId: colleague.userId });
    const row = page.requests.find((r) => r.requestId === ids.recordByOther)!;
    expect(row).toEqual({
      requestId: ids.recordByOther,
      statusId: RequestStatus.COMPLETED,
      status: { description: 'Completed' },
      statusDescription: 'Active',
      requestTypeName: 'Add access',
      requestUser: { fullName: 'Casey Colleague', email: colleague.email },
      email: colleague.email,
      agencyName: path.names.agency,
      practiceName: path.names.practice,
      platformName: path.names.platform,
      clientName: path.names.client,
      clientCodeName: expect.any(String) as string,
      assetName: expect.any(String) as string,
      clientAccountName: path.names.account,
      platformUserTypeName: expect.any(String) as string,
      canModify: false,
    });
    expect(page.requests.find((r) => r.requestId === ids.expiredByOther)?.statusDescription).toBe('Expired');
    expect(page.requests.find((r) => r.requestId === ids.submittedByOther)?.status.description).toBe(
      'Submitted',
    );
  });

  it('marks as modifiable only the records the caller may open', async () => {
    const rows = (await existingAccess({ userId: colleague.userId })).requests;
    const modifiable = rows.filter((r) => r.canModify).map((r) => r.requestId);
    expect(modifiable).toEqual([ids.recordByRequestor]);
  });

  it('filters, searches and pages with the table body', async () => {
    const onlyPending = await existingAccess({
      userId: colleague.userId,
      filters: [{ column: 'status', values: ['Submitted', 'Approved'] }],
    });
    expect(onlyPending.requests.map((r) => r.requestId)).toEqual([ids.approvedByOther, ids.submittedByOther]);
    const second = await existingAccess({ userId: colleague.userId, pageSize: 5, page: 2 });
    expect(second.requests).toEqual([]);
    expect(second.totalCount).toBe(5);
    const ascending = await existingAccess({
      userId: colleague.userId,
      orderBy: 'requestId',
      orderAsc: true,
    });
    expect(ascending.requests[0]?.requestId).toBe(ids.recordByOther);
  });

  it('answers an empty page for a user without access or an unknown id', async () => {
    expect((await existingAccess({ userId: otherRequestor.userId })).totalCount).toBe(0);
    expect((await existingAccess({ userId: 99_999_999 })).requests).toEqual([]);
  });

  it('refuses a body without a subject or with an unknown column (400)', async () => {
    expect((await put('/api/Request/ExistingAccess', {})).statusCode).toBe(400);
    const res = await put('/api/Request/ExistingAccess', { userId: colleague.userId, orderBy: 'comments' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Unknown sort column');
  });

  it("the requestor's own records table still shows only their own lines of the colleague", async () => {
    const res = await put('/api/Request/UserRecords', { userId: colleague.userId });
    const listed = res.json<{ data: { requests: { requestId: number }[] } }>().data.requests;
    expect(listed.map((r) => r.requestId)).toEqual([ids.recordByRequestor]);
  });
});

describe('PUT api/Request/ExistingAccess/Filters', () => {
  it("lists a column's values of the colleague's access only", async () => {
    const res = await put('/api/Request/ExistingAccess/Filters', {
      userId: colleague.userId,
      column: 'status',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { values: string[] } }>().data.values).toEqual([
      'Approved',
      'Completed',
      'Submitted',
    ]);
  });

  it('refuses a column the table does not have (400)', async () => {
    const res = await put('/api/Request/ExistingAccess/Filters', {
      userId: colleague.userId,
      column: 'comments',
    });
    expect(res.statusCode).toBe(400);
  });
});
