import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, RequestStatus, Role } from '@uap/domain';
import { createTestContext, appointRegionAdmin, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';
import { mailServer } from './processes.ts';
import { queueNotifications } from '../src/modules/notifications/outbox.ts';
import { buildApp } from '../src/app.ts';
import { openDb } from '../src/db/connection.ts';

/** The readable text of a quoted-printable message. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const PUBLIC_URL = 'https://uap.agency.example';
const comments = 'Fine for the campaign';

let smtp: Awaited<ReturnType<typeof mailServer>>;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await mailServer();
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'UAP <uap@agency.example>',
    PUBLIC_URL,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

interface Scene {
  approver: BuiltUser;
  provisioner: BuiltUser;
  requestor: BuiltUser;
  requestId: number;
  path: BuiltPath;
}

/** A path with an approver and a provisioner, and one Submitted line of a requestor, told to its approver. */
async function submitted(o: { userTypeBasicName?: string } = {}): Promise<Scene> {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
    ...(o.userTypeBasicName ? { userTypeBasicName: o.userTypeBasicName } : {}),
  });
  const { requestId } = await buildRequest(k, { path, user: requestor, statusId: RequestStatus.SUBMITTED });
  // As the create-request service does in its transaction.
  await k.transaction().execute((trx) => queueNotifications(trx, 'submitted', [requestId], requestor.userId));
  return { approver, provisioner, requestor, requestId, path };
}

/** Sends the outbox to the SMTP server; answers the newest mail's text to `email`. */
async function mailTo(email: string): Promise<string> {
  await ctx.app.outboxSender.sendDue();
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  return decoded(mail!.raw);
}

/** The token of the link labelled `label` ('Approve', 'Reject', 'Provisioned') in a mail's text. */
function linkOf(text: string, label: string): string {
  const match = new RegExp(`^  ${label}: ${PUBLIC_URL}/Decide/(\\S+)$`, 'm').exec(text);
  expect(match, `a ${label} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

/** The parts of the answers these tests read. */
type Answer = Record<string, unknown> & { mails: { recipient: string; textBody: string }[] };

async function call(method: 'GET' | 'POST', url: string, o: { body?: object; as?: string } = {}) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: o.as ? { authorization: `Bearer ${await ctx.tokenFor(o.as)}` } : {},
    ...(o.body ? { payload: o.body } : {}),
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string; data: Answer }>() };
}

/** A fingerprint of the lines, their history and the links' use: equal before and after = nothing written. */
async function snapshot() {
  const row = await sql<{ versions: number | string; history: number | string; used: number | string }>`
    select (select coalesce(sum(version), 0) from requests) as versions,
           (select count(*) from request_history) as history,
           (select count(*) from mail_decision_tokens where used_date is not null) as used`.execute(
    ctx.db.kysely,
  );
  const r = row.rows[0]!;
  return { versions: Number(r.versions), history: Number(r.history), used: Number(r.used) };
}

/** Calls, then checks the status, the exact message and that nothing was written. */
async function expectRefused(run: () => ReturnType<typeof call>, status: number, message: string) {
  const before = await snapshot();
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ succeeded: false, message });
  expect(await snapshot()).toEqual(before);
}

const lineOf = (requestId: number) =>
  ctx.db.kysely
    .selectFrom('requests')
    .selectAll()
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();

describe('deciding from the mail', () => {
  it("an approver's mail carries Approve and Reject; opening changes nothing; the button decides once", async () => {
    const s = await submitted();
    const text = await mailTo(s.approver.email);
    expect(text).toContain(messages.mailDecisionLinks);
    const approve = linkOf(text, 'Approve');
    const reject = linkOf(text, 'Reject');
    expect(approve).not.toBe(reject);

    const before = await snapshot();
    const opened = await call('GET', `/api/MailDecisions/${approve}`);
    expect(opened.status, opened.body.message).toBe(200);
    expect(opened.body.data).toMatchObject({
      action: 'approve',
      recipient: `Ann ${s.approver.lastName}`,
      signInRequired: false,
      signInReason: null,
      line: { requestId: s.requestId, status: 'Submitted', user: `Rita ${s.requestor.lastName}` },
    });
    expect(await snapshot()).toEqual(before);

    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments: '   ' } }),
      400,
      messages.inputComment,
    );
    const decided = await call('POST', `/api/MailDecisions/${approve}`, { body: { comments } });
    expect(decided.status, decided.body.message).toBe(200);
    expect(decided.body.message).toBe('Request was Approved. It is recorded in the request’s activity log.');
    expect(decided.body.data).toEqual({ requestId: s.requestId, statusId: 2, status: 'Approved' });
    const line = await lineOf(s.requestId);
    expect(line).toMatchObject({
      statusId: 2,
      approvedRejectedBy: s.approver.userId,
      approverComment: comments,
    });
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['stepDescription', 'createdBy', 'approverComment'])
      .where('requestId', '=', s.requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ createdBy: s.approver.userId, approverComment: comments });

    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } }),
      409,
      messages.mailDecisionUsed,
    );
    await expectRefused(() => call('GET', `/api/MailDecisions/${approve}`), 409, messages.mailDecisionUsed);
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${reject}`, { body: { comments } }),
      409,
      'This request has already been decided: it is now Approved. Nothing was changed.',
    );

    // The approval tells the provisioner, whose mail carries 'Provisioned'.
    const provisionerText = await mailTo(s.provisioner.email);
    const provision = linkOf(provisionerText, 'Provisioned');
    expect(provisionerText).not.toMatch(/^ {2}(Approve|Reject): /m);
    const done = await call('POST', `/api/MailDecisions/${provision}`, { body: { comments: 'Granted' } });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toEqual({ requestId: s.requestId, statusId: 3, status: 'Completed' });
    expect(await lineOf(s.requestId)).toMatchObject({
      statusId: 3,
      provisionedBy: s.provisioner.userId,
      isDeleted: 0,
    });
  });

  it('a link rejects with its comment, as the app does', async () => {
    const s = await submitted();
    const reject = linkOf(await mailTo(s.approver.email), 'Reject');
    const res = await call('POST', `/api/MailDecisions/${reject}`, {
      body: { comments: 'Not for this client' },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Request was Rejected. It is recorded in the request’s activity log.');
    expect(await lineOf(s.requestId)).toMatchObject({
      statusId: 4,
      rejectedByApprover: 1,
      approverComment: 'Not for this client',
    });
  });

  it('a link cut, changed or made up is not valid; an expired one says so; nothing changes', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const [id, mac] = approve.split('.') as [string, string];
    const changed = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const otherRow = `${Number(id) + 1}.${mac}`;
    for (const token of [changed, otherRow, approve.slice(0, -1), 'not-a-token', `${id}`]) {
      await expectRefused(
        () => call('GET', `/api/MailDecisions/${token}`),
        404,
        messages.mailDecisionInvalid,
      );
      await expectRefused(
        () => call('POST', `/api/MailDecisions/${token}`, { body: { comments } }),
        404,
        messages.mailDecisionInvalid,
      );
    }
    await ctx.db.kysely
      .updateTable('mailDecisionTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenId', '=', Number(id))
      .execute();
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } }),
      409,
      messages.mailDecisionExpired(72),
    );
    expect((await lineOf(s.requestId)).statusId).toBe(RequestStatus.SUBMITTED);
  });

  it('a link is valid for 72 hours from the mail', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const row = await ctx.db.kysely
      .selectFrom('mailDecisionTokens')
      .select(['createdDate', 'expiresAt', 'userId', 'requestId', 'action'])
      .where('tokenId', '=', Number(approve.split('.')[0]))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdDate)).toBe(72 * 3_600_000);
    expect(row).toMatchObject({ userId: s.approver.userId, requestId: s.requestId, action: 'approve' });
  });

  it("a leaver's links die with their access, on the next call", async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    await ctx.db.kysely
      .updateTable('directoryUsers')
      .set({ active: 0 })
      .where('directoryId', '=', s.approver.directoryId)
      .execute();
    await expectRefused(
      () => call('GET', `/api/MailDecisions/${approve}`),
      403,
      messages.mailDecisionRevoked,
    );
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } }),
      403,
      messages.mailDecisionRevoked,
    );
  });

  it('a line of an administrator user type, or a role changed since the mail, asks for a sign-in first', async () => {
    const s = await submitted({ userTypeBasicName: 'Admin' });
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const opened = await call('GET', `/api/MailDecisions/${approve}`);
    expect(opened.body.data).toMatchObject({
      signInRequired: true,
      signInReason: messages.mailDecisionSignInAdministrator,
      line: { isAdministratorType: true },
    });
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } }),
      403,
      messages.mailDecisionSignInAdministrator,
    );
    // Signed in as the person it was sent to, it decides.
    const signedIn = await call('GET', `/api/MailDecisions/${approve}/SignedIn`, { as: s.approver.email });
    expect(signedIn.body.data).toMatchObject({ signInRequired: false });
    const decided = await call('POST', `/api/MailDecisions/${approve}/SignedIn`, {
      body: { comments },
      as: s.approver.email,
    });
    expect(decided.status, decided.body.message).toBe(200);
    expect((await lineOf(s.requestId)).statusId).toBe(RequestStatus.APPROVED);

    const changed = await submitted();
    const link = linkOf(await mailTo(changed.approver.email), 'Approve');
    await ctx.db.kysely
      .updateTable('users')
      .set({ roleId: Role.MASTERAPPROVER })
      .where('userId', '=', changed.approver.userId)
      .execute();
    expect((await call('GET', `/api/MailDecisions/${link}`)).body.data).toMatchObject({
      signInRequired: true,
      signInReason: messages.mailDecisionSignInRole,
    });
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${link}`, { body: { comments } }),
      403,
      messages.mailDecisionSignInRole,
    );
  });

  it('signed in as someone else — a region administrator, the super administrator — a link decides nothing', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const regionAdmin = await buildUser(ctx.db.kysely, { roleId: Role.STANDARD, name: 'Reg' });
    await appointRegionAdmin(ctx, regionAdmin, s.path);
    for (const email of [regionAdmin.email, 'sue.super@agency.example', s.provisioner.email]) {
      await expectRefused(
        () => call('GET', `/api/MailDecisions/${approve}/SignedIn`, { as: email }),
        403,
        messages.mailDecisionOtherPerson,
      );
      await expectRefused(
        () => call('POST', `/api/MailDecisions/${approve}/SignedIn`, { body: { comments }, as: email }),
        403,
        messages.mailDecisionOtherPerson,
      );
    }
  });

  it("a delegate gets links of their own while the approver is away; the approver's link stays theirs", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Dee' });
    const requestor = await buildUser(k, { name: 'Rita' });
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    await k
      .insertInto('absences')
      .values({
        userId: approver.userId,
        delegateId: delegate.userId,
        fromDate: new Date(Date.now() - 86_400_000).toISOString(),
        toDate: new Date(Date.now() + 86_400_000).toISOString(),
        isDeleted: 0,
      })
      .execute();
    const { requestId } = await buildRequest(k, { path, user: requestor, statusId: RequestStatus.SUBMITTED });
    await k
      .transaction()
      .execute((trx) => queueNotifications(trx, 'submitted', [requestId], requestor.userId));
    const approversLink = linkOf(await mailTo(approver.email), 'Approve');
    const delegatesLink = linkOf(await mailTo(delegate.email), 'Approve');
    await expectRefused(
      () =>
        call('POST', `/api/MailDecisions/${approversLink}/SignedIn`, {
          body: { comments },
          as: delegate.email,
        }),
      403,
      messages.mailDecisionOtherPerson,
    );
    const res = await call('POST', `/api/MailDecisions/${delegatesLink}`, { body: { comments } });
    expect(res.status, res.body.message).toBe(200);
    const step = await k
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(step).toMatchObject({ createdBy: delegate.userId, onBehalfOf: approver.userId });
  });

  it('a line passed to someone else since the mail is not decided by the old link', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const other = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    await ctx.db.kysely
      .updateTable('approverAssignments')
      .set({ userId: other.userId })
      .where('userId', '=', s.approver.userId)
      .execute();
    await expectRefused(
      () => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } }),
      409,
      messages.mailDecisionNotYours,
    );
  });

  it('the same link sent twice at once decides once', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/MailDecisions/${approve}`, { body: { comments } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const steps = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select('id')
      .where('requestId', '=', s.requestId)
      .where('createdBy', '=', s.approver.userId)
      .execute();
    expect(steps).toHaveLength(1);
  });

  it('neither the outbox nor the Sent mail page holds a link that works', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    const [id, mac] = approve.split('.') as [string, string];
    const stored = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select(['textBody', 'htmlBody'])
      .where('recipient', '=', s.approver.email)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(`${row.textBody}${row.htmlBody}`).not.toContain(mac);
    }
    const page = await call('GET', '/api/SentMail?page=1&pageSize=100', {
      as: 'sue.super@agency.example',
    });
    expect(page.status, page.body.message).toBe(200);
    const shown = page.body.data.mails.find((m) => m.recipient === s.approver.email);
    expect(shown?.textBody).toContain(`${PUBLIC_URL}/Decide/${id}.withheld`);
    expect(shown?.textBody).not.toContain(mac);
  });

  it('a link one instance signed decides on another: the key is shared through the database', async () => {
    const otherDb = openDb(ctx.config.databaseUrl);
    const other = await buildApp({ config: ctx.config, db: otherDb });
    try {
      const s = await submitted();
      // The other instance sends the mail (and signs its links) with its own connection.
      await other.outboxSender.sendDue();
      const mail = smtp.received.filter((m) => m.to.includes(s.approver.email)).at(-1);
      const approve = linkOf(decoded(mail!.raw), 'Approve');
      const res = await call('POST', `/api/MailDecisions/${approve}`, { body: { comments } });
      expect(res.status, res.body.message).toBe(200);
      expect((await lineOf(s.requestId)).statusId).toBe(RequestStatus.APPROVED);
    } finally {
      await other.close();
      await otherDb.kysely.destroy();
    }
  });

  it('the requestor told of the decision gets no links', async () => {
    const s = await submitted();
    const approve = linkOf(await mailTo(s.approver.email), 'Approve');
    await call('POST', `/api/MailDecisions/${approve}`, { body: { comments } });
    const requestorText = await mailTo(s.requestor.email);
    expect(requestorText).not.toContain('/Decide/');
  });
});
