import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, type MyRequestRow, type NotificationPage } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, type BuiltUser } from './factories.ts';

/**
 * The comment of the approver or provisioner who rejected a line reaches the requestor and the
 * requested user: in My Requests (Decision Comment), in the bell and in the mail. The activity
 * log stays closed to a standard user.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function call(
  user: { email: string },
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(user.email)}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string; data: unknown }>() };
}

async function myRequests(user: BuiltUser, body: object = {}) {
  const res = await call(user, 'PUT', '/api/Request/AllMyRequest', { pageSize: 100, ...body });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { requests: MyRequestRow[] }).requests;
}

async function bell(user: BuiltUser) {
  const res = await call(user, 'GET', '/api/Notifications?pageSize=50');
  expect(res.status).toBe(200);
  return (res.body.data as NotificationPage).notifications;
}

async function mailsTo(user: BuiltUser) {
  return ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['event', 'textBody', 'htmlBody'])
    .where('recipientUserId', '=', user.userId)
    .orderBy('mailId')
    .execute();
}

async function scene() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const subject = await buildUser(k, { name: 'Sven' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const line = (statusId: (typeof RequestStatus)[keyof typeof RequestStatus]) =>
    buildRequest(k, {
      path,
      user: subject,
      createdBy: requestor.userId,
      decidedBy: approver.userId,
      statusId,
    });
  return { approver, provisioner, requestor, subject, line };
}

describe('the rejection comment reaches the requestor and the requested user', () => {
  it('an approver’s rejection: My Requests, the bell and the mail carry the comment, escaped in HTML', async () => {
    const s = await scene();
    const tag = uniqueTag();
    const comment = `No budget for <b>this</b> & "that" ${tag}`;
    const rejected = await s.line(RequestStatus.SUBMITTED);
    const approved = await s.line(RequestStatus.SUBMITTED);
    const decide = (isApproved: boolean, requestId: number, comments: string) =>
      call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
        isApproved,
        comments,
        requestIds: [requestId],
      });
    expect((await decide(false, rejected.requestId, comment)).status).toBe(200);
    expect((await decide(true, approved.requestId, `Fine ${tag}`)).status).toBe(200);

    for (const person of [s.requestor, s.subject]) {
      const rows = await myRequests(person);
      expect(rows.find((r) => r.requestId === rejected.requestId)?.decisionComment).toBe(comment);
      // An approved line's comment is not a rejection's: nothing shows.
      expect(rows.find((r) => r.requestId === approved.requestId)?.decisionComment).toBe('');

      const notes = (await bell(person)).filter((n) => n.requestId === rejected.requestId);
      expect(notes.map((n) => n.event)).toEqual(['rejected']);
      expect(notes[0]!.text).toContain(comment);

      const mail = (await mailsTo(person)).find((m) => m.event === 'rejected');
      expect(mail?.textBody).toContain(comment);
      expect(mail?.htmlBody).toContain('No budget for &#60;b&#62;this&#60;/b&#62; &#38; &#34;that&#34;');
      expect(mail?.htmlBody).not.toContain('<b>this</b>');
    }
  });

  it('a provisioner’s rejection shows the provisioner’s comment, not the approval’s', async () => {
    const s = await scene();
    const tag = uniqueTag();
    const line = await s.line(RequestStatus.APPROVED);
    const comment = `The account is closed ${tag}`;
    const res = await call(s.provisioner, 'POST', '/api/Request/ApproveRejectForProvisioner', {
      isApproved: false,
      comments: comment,
      requestIds: [line.requestId],
    });
    expect(res.status, res.body.message).toBe(200);
    for (const person of [s.requestor, s.subject]) {
      const row = (await myRequests(person)).find((r) => r.requestId === line.requestId);
      expect(row?.statusId).toBe(RequestStatus.REJECTED);
      expect(row?.decisionComment).toBe(comment);
      expect((await bell(person)).find((n) => n.requestId === line.requestId)?.text).toContain(comment);
      expect((await mailsTo(person)).find((m) => m.event === 'rejected')?.textBody).toContain(comment);
    }
  });

  it('Decision Comment can be searched and sorted, and is not a filter column', async () => {
    const s = await scene();
    const tag = uniqueTag();
    const first = await s.line(RequestStatus.SUBMITTED);
    const second = await s.line(RequestStatus.SUBMITTED);
    await s.line(RequestStatus.SUBMITTED);
    for (const [line, word] of [
      [first, 'Alpha'],
      [second, 'Beta'],
    ] as const) {
      const res = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
        isApproved: false,
        comments: `${word} reason ${tag}`,
        requestIds: [line.requestId],
      });
      expect(res.status).toBe(200);
    }
    const found = await myRequests(s.requestor, { searchCriteria: `beta reason ${tag}` });
    expect(found.map((r) => r.requestId)).toEqual([second.requestId]);

    const sorted = await myRequests(s.requestor, { orderBy: 'decisionComment', orderAsc: false });
    const withComment = sorted.filter((r) => r.decisionComment !== '');
    expect(withComment.map((r) => r.requestId)).toEqual([second.requestId, first.requestId]);

    const filtered = await call(s.requestor, 'PUT', '/api/Request/AllMyRequest', {
      filters: [{ column: 'decisionComment', values: ['x'] }],
    });
    expect(filtered.status).toBe(400);
  });

  it('a standard user still cannot open the activity log of their own rejected line', async () => {
    const s = await scene();
    const line = await s.line(RequestStatus.REJECTED);
    for (const person of [s.requestor, s.subject]) {
      expect((await call(person, 'GET', `/api/Request/Logs/${line.requestId}`)).status).toBe(403);
    }
  });
});
