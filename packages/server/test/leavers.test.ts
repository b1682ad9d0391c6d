import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  RequestType,
  Role,
  messages,
  type LeaverCommentEntry,
  type LeaverRecordList,
} from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildPath,
  buildRecord,
  buildUser,
  userIdOf,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
let ADA: number;
let inside: BuiltPath;
let outside: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'superAdmin', 'auditor'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  ADA = await userIdOf(ctx.db.kysely, demo.admin);
  const approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
  inside = await buildPath(ctx.db.kysely, { assignment: { primary: approver.userId } });
  await buildAdminRegion(ctx.db.kysely, ADA, inside);
  outside = await buildPath(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

const call = (who: keyof typeof demo, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(body ? { payload: body } : {}),
  });

/** The leaver records the caller sees of one person (searching by their unique email). */
async function recordsOf(who: keyof typeof demo, user: BuiltUser) {
  const res = await call(who, 'PUT', '/api/Request/UserRecordsOfADInactiveUsers', {
    searchCriteria: user.email,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LeaverRecordList }>().data.records;
}

async function recordFor(user: BuiltUser, path: BuiltPath = inside) {
  return buildRecord(ctx.db.kysely, {
    path,
    user: { userId: user.userId, email: user.email },
    createdBy: ADA,
  });
}

describe('GET/PUT api/Request/UserRecordsOfADInactiveUsers', () => {
  it('lists the active records of a user whose directory account is disabled, with the leaver columns', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false, name: 'Lee' });
    const record = await recordFor(leaver);
    const rows = await recordsOf('admin', leaver);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requestId: record.requestId,
      isDeleted: false,
      requestUserName: 'Lee',
      requestUserLastName: leaver.lastName,
      requestUserEmail: leaver.email,
      email: leaver.email,
      roleName: 'Standard User',
      agencyDescription: inside.names.agency,
      practiceDescription: inside.names.practice,
      platformDescription: inside.names.platform,
      clientDescription: inside.names.client,
      clientAccountDescription: inside.names.account,
      createdByUserEmail: demo.admin,
      approverEmail: demo.admin,
      leaverUserComment: '',
      pendingChangeRequestId: null,
    });
    const get = await call('admin', 'GET', '/api/Request/UserRecordsOfADInactiveUsers');
    expect(get.statusCode).toBe(200);
    expect(get.json<{ data: LeaverRecordList }>().data.totalCount).toBeGreaterThan(0);
  });

  it('leaves out enabled users, inactive records and records outside the admin rows', async () => {
    const active = await buildUser(ctx.db.kysely);
    await recordFor(active);
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const inactive = await recordFor(leaver);
    await ctx.db.kysely
      .updateTable('requests')
      .set({ isDeleted: 1 })
      .where('requestId', '=', inactive.requestId)
      .execute();
    await recordFor(leaver, outside);
    expect(await recordsOf('admin', active)).toEqual([]);
    expect(await recordsOf('admin', leaver)).toEqual([]);
    expect(await recordsOf('superAdmin', leaver)).toHaveLength(1);
    expect(await recordsOf('auditor', leaver)).toHaveLength(1);
  });
});

describe('POST api/Request/LeaverUserCommentRequest', () => {
  it('adds the comment to the history, newest first, and shows the latest in the table', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const record = await recordFor(leaver);
    for (const comment of ['Asked HR for the leaving date.', 'Manager confirms the handover.']) {
      const res = await call('admin', 'POST', '/api/Request/LeaverUserCommentRequest', {
        Comments: comment,
        RequestId: record.requestId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(messages.leaverCommentSaved);
    }
    const history = await call('admin', 'GET', `/api/Request/LeaverUserComments/${record.requestId}`);
    expect(
      history.json<{ data: LeaverCommentEntry[] }>().data.map((c) => [c.comment, c.createdBy.email]),
    ).toEqual([
      ['Manager confirms the handover.', demo.admin],
      ['Asked HR for the leaving date.', demo.admin],
    ]);
    expect((await recordsOf('admin', leaver))[0]?.leaverUserComment).toBe('Manager confirms the handover.');
  });

  it('refuses a blank comment, one over 2000 characters, and a record that is not a leaver record', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const record = await recordFor(leaver);
    const blank = await call('admin', 'POST', '/api/Request/LeaverUserCommentRequest', {
      Comments: '   ',
      RequestIds: [record.requestId],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('You have to input a comment.');
    const long = await call('admin', 'POST', '/api/Request/LeaverUserCommentRequest', {
      Comments: 'x'.repeat(2001),
      RequestIds: [record.requestId],
    });
    expect(long.statusCode).toBe(400);
    const active = await buildUser(ctx.db.kysely);
    const notLeaver = await recordFor(active);
    const refused = await call('admin', 'POST', '/api/Request/LeaverUserCommentRequest', {
      Comments: 'Should not be saved.',
      RequestIds: [record.requestId, notLeaver.requestId],
    });
    expect(refused.statusCode).toBe(404);
    const stored = await ctx.db.kysely
      .selectFrom('leaverComments')
      .select('id')
      .where('requestId', 'in', [record.requestId, notLeaver.requestId])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('POST api/Request/DeactivateLeaversRecord', () => {
  it('creates a Deactivation request per record, asked by the admin, waiting for its approver', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const first = await recordFor(leaver);
    const second = await recordFor(leaver);
    const res = await call('admin', 'POST', '/api/Request/DeactivateLeaversRecord', {
      isActive: false,
      requests: [first.requestId, second.requestId],
      comment: 'User left the company',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { requestIds } = res.json<{ data: { requestIds: number[] } }>().data;
    expect(requestIds).toHaveLength(2);
    expect(res.json().message).toBe(messages.leaverRecordsDeactivated(requestIds));
    const created = await ctx.db.kysely
      .selectFrom('requests')
      .select(['requestId', 'requestTypeId', 'statusId', 'recordId', 'createdBy', 'comments'])
      .where('requestId', 'in', requestIds)
      .orderBy('requestId')
      .execute();
    expect(created).toEqual([
      {
        requestId: requestIds[0],
        requestTypeId: RequestType.DEACTIVATE,
        statusId: RequestStatus.SUBMITTED,
        recordId: first.requestId,
        createdBy: ADA,
        comments: 'User left the company',
      },
      {
        requestId: requestIds[1],
        requestTypeId: RequestType.DEACTIVATE,
        statusId: RequestStatus.SUBMITTED,
        recordId: second.requestId,
        createdBy: ADA,
        comments: 'User left the company',
      },
    ]);
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['createdBy', 'stepDescription'])
      .where('requestId', '=', requestIds[0]!)
      .execute();
    expect(history).toEqual([{ createdBy: ADA, stepDescription: 'Deactivate access request submitted' }]);
    // The records still show, now pointing at their pending deactivation.
    const rows = await recordsOf('admin', leaver);
    expect(rows.map((r) => r.pendingChangeRequestId).sort()).toEqual([...requestIds].sort());
  });

  it('refuses a comment without 4 letters, a record of an enabled user, and a record outside the admin rows', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const record = await recordFor(leaver);
    const noComment = await call('admin', 'POST', '/api/Request/DeactivateLeaversRecord', {
      requests: [record.requestId],
      comment: '1 2',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().message).toBe(messages.invalidComment);

    const active = await buildUser(ctx.db.kysely);
    const notLeaver = await recordFor(active);
    const elsewhere = await recordFor(leaver, outside);
    for (const id of [notLeaver.requestId, elsewhere.requestId]) {
      const res = await call('admin', 'POST', '/api/Request/DeactivateLeaversRecord', {
        requests: [record.requestId, id],
        comment: 'User left the company',
      });
      expect(res.statusCode).toBe(404);
    }
    const created = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('recordId', 'in', [record.requestId, notLeaver.requestId, elsewhere.requestId])
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses the auditor', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const record = await recordFor(leaver);
    const res = await call('auditor', 'POST', '/api/Request/DeactivateLeaversRecord', {
      requests: [record.requestId],
      comment: 'User left the company',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.auditorsReadOnly);
  });
});
