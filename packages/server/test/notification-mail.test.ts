import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildRecord, buildRequest, buildUser } from './factories.ts';
import { OutboxSender } from '../src/modules/notifications/sender.ts';
import { freePort, mailServer } from './processes.ts';

/** The readable text of a quoted-printable message. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof mailServer>>;
let hooks: { path: string; body: unknown }[];
let hookServer: http.Server;
let hookPort: number;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await mailServer();
  hooks = [];
  hookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('1');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookPort = (hookServer.address() as net.AddressInfo).port;
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'UAP <uap@agency.example>',
    PUBLIC_URL: 'https://uap.agency.example',
    TEAMS_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/teams`,
    SLACK_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/slack`,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
});

async function call(
  user: { email: string },
  method: 'PATCH' | 'POST' | 'GET',
  url: string,
  payload?: object,
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(user.email)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<{ message: string; data: unknown }>() };
}

/** A path with an approver and a provisioner, and `count` Submitted lines of one requestor. */
async function approvedBatch(count: number) {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push((await buildRequest(k, { path, user: requestor, statusId: RequestStatus.SUBMITTED })).requestId);
  }
  const res = await call(approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
    isApproved: true,
    comments: 'Fine by me',
    requestIds: ids,
  });
  expect(res.status, res.body.message).toBe(200);
  return { approver, provisioner, requestor, ids };
}

describe('email from the outbox (a real SMTP server on 127.0.0.1)', () => {
  it('nothing leaves before the sender runs; then one email per recipient, text and HTML, with links', async () => {
    const before = smtp.received.length;
    const { provisioner, requestor, ids } = await approvedBatch(3);
    expect(smtp.received.length).toBe(before);
    const counts = await ctx.app.outboxSender.sendDue(new Date());
    expect(counts.failed).toBe(0);
    const mine = smtp.received.slice(before);
    expect(mine.map((m) => m.to[0]).sort()).toEqual([provisioner.email, requestor.email].sort());
    const toRequestor = decoded(mine.find((m) => m.to[0] === requestor.email)!.raw);
    expect(toRequestor).toContain('Subject: UAP: 3 requests approved');
    expect(toRequestor).toContain('From: UAP <uap@agency.example>');
    expect(toRequestor).toContain('text/plain');
    expect(toRequestor).toContain('text/html');
    for (const id of ids) {
      expect(toRequestor).toContain(`https://uap.agency.example/MyRequests?requestId=${id}`);
    }
    const rows = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select(['status', 'attempts', 'sentAt'])
      .where('recipientUserId', 'in', [provisioner.userId, requestor.userId])
      .execute();
    expect(rows.map((r) => [r.status, r.attempts, r.sentAt !== null])).toEqual([
      ['SENT', 1, true],
      ['SENT', 1, true],
    ]);
    // Sent once: a second pass sends nothing again.
    const again = smtp.received.length;
    await ctx.app.outboxSender.sendDue(new Date());
    expect(smtp.received.length).toBe(again);
  });

  it('a mail server that is down delays the mail and loses none: the first try fails, a later one sends', async () => {
    const port = await freePort();
    const down = new OutboxSender(ctx.db, {
      ...ctx.config.notifications,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      baseUrl: 'https://uap.agency.example',
    });
    const { requestor } = await approvedBatch(1);
    const now = new Date();
    const first = await down.sendDue(now);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    const row = () =>
      ctx.db.kysely
        .selectFrom('mailOutbox')
        .select(['status', 'attempts', 'nextAttemptAt', 'lastError'])
        .where('recipientUserId', '=', requestor.userId)
        .executeTakeFirstOrThrow();
    const failed = await row();
    expect(failed.status).toBe('PENDING');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).not.toBeNull();
    // Retried with back-off: one minute after the failure, not before.
    expect(failed.nextAttemptAt).toBe(new Date(now.getTime() + 60_000).toISOString());
    await down.sendDue(new Date(now.getTime() + 30_000));
    expect((await row()).attempts).toBe(1);
    // The server comes back on that port; the next pass after the delay sends it.
    const revived = await mailServer(port);
    try {
      await down.sendDue(new Date(now.getTime() + 61_000));
      expect(revived.received.map((m) => m.to[0])).toContain(requestor.email);
      expect(await row()).toMatchObject({ status: 'SENT', attempts: 2 });
    } finally {
      await down.stop();
      await revived.close();
    }
  });

  it('a request with no approval path posts to the Teams and Slack webhooks', async () => {
    const k = ctx.db.kysely;
    const subject = await buildUser(k, { name: 'Nora' });
    const admin = await buildUser(k, { roleId: Role.ADMIN, name: 'Adam' });
    const path = await buildPath(k, { assignment: null });
    await buildAdminRegion(k, admin.userId, path);
    const record = await buildRecord(k, { path, user: subject });
    const res = await call(subject, 'POST', '/api/Request/ActiveDeactiveRequest', {
      isActive: false,
      requests: [record.requestId],
      comment: 'No longer needed',
    });
    expect(res.status, res.body.message).toBe(200);
    const [created] = (res.body.data as { requestIds: number[] }).requestIds;
    hooks.length = 0;
    await ctx.app.outboxSender.sendDue(new Date());
    expect(hooks.map((h) => h.path).sort()).toEqual(['/slack', '/teams']);
    for (const hook of hooks) {
      const text = (hook.body as { text: string }).text;
      expect(text).toContain('UAP: 1 request with no approval path');
      expect(text).toContain(`Request #${created} (${path.names.platform}, for Nora`);
      expect(text).toContain(`https://uap.agency.example/Approvals?requestId=${created}`);
    }
    // The administrator is emailed too.
    expect(smtp.received.some((m) => m.to[0] === admin.email)).toBe(true);
  });

  it("without SMTP_URL mail stays in the outbox, and the super admin reads it on 'Sent mail'", async () => {
    const local = await createTestContext();
    try {
      const k = local.db.kysely;
      const approver = await buildUser(k, { roleId: Role.APPROVER });
      const requestor = await buildUser(k, { name: 'Rita' });
      const path = await buildPath(k, { assignment: { primary: approver.userId } });
      const line = await buildRequest(k, { path, user: requestor });
      const token = await local.tokenFor(approver.email);
      const decided = await local.app.inject({
        method: 'PATCH',
        url: '/api/Approvers/ApproveRejectRequest',
        headers: { authorization: `Bearer ${token}` },
        payload: { isApproved: false, comments: 'Not now', requestIds: [line.requestId] },
      });
      expect(decided.statusCode).toBe(200);
      expect(await local.app.outboxSender.sendDue(new Date())).toEqual({ sent: 0, failed: 0 });
      const sue = await local.tokenFor('sue.super@agency.example');
      const page = await local.app.inject({
        method: 'GET',
        url: '/api/SentMail?pageSize=5',
        headers: { authorization: `Bearer ${sue}` },
      });
      expect(page.statusCode).toBe(200);
      const mails = page.json<{
        data: { mails: { recipient: string; status: string; textBody: string }[] };
      }>().data.mails;
      const mail = mails.find((m) => m.recipient === requestor.email)!;
      expect(mail.status).toBe('PENDING');
      expect(mail.textBody).toContain(`${local.config.publicUrl}/MyRequests?requestId=${line.requestId}`);
    } finally {
      await local.close();
    }
  });
});
