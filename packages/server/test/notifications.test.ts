import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  Role,
  type NotificationPage,
  type NotificationSetting,
  type RequestStatusId,
} from '@uap/domain';
import { queueNotifications } from '../src/modules/notifications/outbox.ts';
import { plainText } from '../src/modules/notifications/render.ts';
import { createTestContext, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function call(
  user: { email: string } | null,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: unknown,
) {
  const headers = user ? { authorization: `Bearer ${await ctx.tokenFor(user.email)}` } : {};
  const res = await ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string; data: unknown }>() };
}

/** The notifications rows of these lines, as (user, event, request) triples, sorted. */
async function notificationsOf(requestIds: number[]) {
  const rows = await ctx.db.kysely
    .selectFrom('notifications')
    .select(['userId', 'event', 'requestId', 'readAt'])
    .where('requestId', 'in', requestIds)
    .orderBy('userId')
    .orderBy('requestId')
    .orderBy('event')
    .execute();
  return rows.map((r) => `${r.userId}:${r.event}:${r.requestId}`);
}

async function mailsTo(users: { userId: number }[]) {
  return ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['recipientUserId', 'recipient', 'event', 'subject', 'textBody', 'htmlBody', 'status', 'channel'])
    .where(
      'recipientUserId',
      'in',
      users.map((u) => u.userId),
    )
    .orderBy('mailId')
    .execute();
}

/** A fresh path with its people: approver Alex-like, secondary, provisioner, backup; requestor and subject. */
async function scene() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const secondary = await buildUser(k, { roleId: Role.APPROVER, name: 'Sid' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const backup = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Bob' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const subject = await buildUser(k, { name: 'Sven' });
  const path = await buildPath(k, {
    assignment: {
      primary: approver.userId,
      secondary: secondary.userId,
      provisioner: provisioner.userId,
      backup: backup.userId,
    },
  });
  return { approver, secondary, provisioner, backup, requestor, subject, path };
}
type Scene = Awaited<ReturnType<typeof scene>>;

async function lines(
  s: Scene,
  count: number,
  statusId: RequestStatusId = RequestStatus.SUBMITTED,
  path?: BuiltPath,
) {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const line = await buildRequest(ctx.db.kysely, {
      path: path ?? s.path,
      user: s.subject,
      createdBy: s.requestor.userId,
      statusId,
      set: { beginningDate: `${isoDay(1)}T00:00:00.000Z`, expirationDate: `${isoDay(90)}T00:00:00.000Z` },
    });
    out.push(line.requestId);
  }
  return out;
}

const triples = (users: BuiltUser[], event: string, ids: number[]) =>
  users.flatMap((u) => ids.map((id) => `${u.userId}:${event}:${id}`)).sort();
const sorted = (values: string[]) => [...values].sort();

describe('notifications written with the transition', () => {
  it('approving 3 lines tells the provisioner, the backup and the requestor of each line, one email each', async () => {
    const s = await scene();
    const ids = await lines(s, 3);
    const res = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Fine by me',
      requestIds: ids,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(sorted(await notificationsOf(ids))).toEqual(
      triples([s.provisioner, s.backup, s.requestor], 'approved', ids),
    );
    const mails = await mailsTo([s.approver, s.secondary, s.provisioner, s.backup, s.requestor, s.subject]);
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [s.provisioner.email, s.backup.email, s.requestor.email].sort(),
    );
    const toRequestor = mails.find((m) => m.recipientUserId === s.requestor.userId)!;
    expect(toRequestor.subject).toBe('UAP: 3 requests approved');
    expect(toRequestor.status).toBe('PENDING');
    for (const id of ids) {
      expect(toRequestor.textBody).toContain(`Your request #${id} (${s.path.names.platform}, for Sven `);
      expect(toRequestor.textBody).toContain(`/MyRequests?requestId=${id}`);
      expect(toRequestor.htmlBody).toContain(`requestId=${id}"`);
    }
    expect(toRequestor.textBody).toContain('was approved by Ann ');
  });

  it('a bulk approval of 200 lines writes 200 notifications per recipient but one email per recipient', async () => {
    const s = await scene();
    const ids = await lines(s, 200);
    const res = await call(s.secondary, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Bulk approval',
      requestIds: ids,
    });
    expect(res.status, res.body.message).toBe(200);
    const counts = await ctx.db.kysely
      .selectFrom('notifications')
      .select(['userId', (eb) => eb.fn.countAll().as('n')])
      .where('requestId', 'in', ids)
      .groupBy('userId')
      .orderBy('userId')
      .execute();
    expect(counts.map((c) => [c.userId, Number(c.n)])).toEqual(
      [s.provisioner, s.backup, s.requestor].map((u) => [u.userId, 200]).sort((a, b) => a[0]! - b[0]!),
    );
    const mails = await mailsTo([s.approver, s.secondary, s.provisioner, s.backup, s.requestor, s.subject]);
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.subject === 'UAP: 200 requests approved')).toBe(true);
  });

  it('rejecting tells the requestor and the subject; completing and cancelling too, never the actor', async () => {
    const s = await scene();
    const [rejected] = await lines(s, 1);
    const [approved] = await lines(s, 1, RequestStatus.APPROVED);
    const [submitted] = await lines(s, 1);
    expect(
      (
        await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
          isApproved: false,
          comments: 'Not for this client',
          requestIds: [rejected],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(s.backup, 'POST', '/api/Request/ApproveRejectForProvisioner', {
          requestIds: [approved],
          comments: 'Done in the platform',
          isApproved: true,
        })
      ).status,
    ).toBe(200);
    const cancelled = await call(s.requestor, 'POST', '/api/Request/CancelMultipleRequest/', [submitted]);
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(sorted(await notificationsOf([rejected!, approved!, submitted!]))).toEqual(
      sorted([
        ...triples([s.requestor, s.subject], 'rejected', [rejected!]),
        ...triples([s.requestor, s.subject], 'completed', [approved!]),
        // The requestor cancelled it: only the subject is told.
        ...triples([s.subject], 'cancelled', [submitted!]),
      ]),
    );
  });

  it('a Deactivate request tells the approvers, the secondary and the master approver of its path', async () => {
    const s = await scene();
    const master = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER, name: 'Mo' });
    await buildMasterApprover(ctx.db.kysely, master.userId, s.path);
    const record = await buildRecord(ctx.db.kysely, { path: s.path, user: s.subject });
    const res = await call(s.subject, 'POST', '/api/Request/ActiveDeactiveRequest', {
      isActive: false,
      requests: [record.requestId],
      comment: 'No longer needed',
    });
    expect(res.status, res.body.message).toBe(200);
    const [created] = (res.body.data as { requestIds: number[] }).requestIds;
    const rows = await notificationsOf([created!]);
    expect(sorted(rows)).toEqual(
      sorted([
        ...triples([s.approver, s.secondary], 'submitted', [created!]),
        `${master.userId}:submitted:${created}`,
      ]),
    );
    const toApprover = (await mailsTo([s.approver]))[0]!;
    expect(toApprover.subject).toBe('UAP: 1 request waiting for your approval');
    expect(toApprover.textBody).toContain(`/Approvals?requestId=${created}`);
  });

  it('while an approver or provisioner is away, the delegate they named is told too; not after the absence', async () => {
    const s = await scene();
    const delegate = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER, name: 'Dee' });
    const later = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER, name: 'Lou' });
    const now = Date.now();
    await ctx.db.kysely
      .insertInto('absences')
      .values([
        {
          userId: s.approver.userId,
          delegateId: delegate.userId,
          fromDate: new Date(now - DAY).toISOString(),
          toDate: new Date(now + DAY).toISOString(),
          isDeleted: 0,
        },
        // An absence that has not begun names nobody yet.
        {
          userId: s.provisioner.userId,
          delegateId: later.userId,
          fromDate: new Date(now + 2 * DAY).toISOString(),
          toDate: new Date(now + 3 * DAY).toISOString(),
          isDeleted: 0,
        },
      ])
      .execute();
    const [id] = await lines(s, 1);
    await ctx.db.kysely
      .transaction()
      .execute((trx) => queueNotifications(trx, 'submitted', [id!], s.requestor.userId));
    await ctx.db.kysely
      .transaction()
      .execute((trx) => queueNotifications(trx, 'approved', [id!], s.approver.userId));
    expect(sorted(await notificationsOf([id!]))).toEqual(
      sorted([
        ...triples([s.approver, s.secondary, delegate], 'submitted', [id!]),
        ...triples([s.provisioner, s.backup, s.requestor], 'approved', [id!]),
      ]),
    );
    expect((await mailsTo([delegate])).map((m) => m.event)).toEqual(['submitted']);
    expect(await mailsTo([later])).toEqual([]);
  });

  it('a request with no approval path goes to the administrators of its scope and to the webhook', async () => {
    const k = ctx.db.kysely;
    const subject = await buildUser(k, { name: 'Nora' });
    const admin = await buildUser(k, { roleId: Role.ADMIN, name: 'Adam' });
    const path = await buildPath(k, { assignment: null });
    await buildAdminRegion(k, admin.userId, path);
    const record = await buildRecord(k, { path, user: subject });
    const before = await k
      .selectFrom('mailOutbox')
      .select('mailId')
      .where('channel', '=', 'webhook')
      .execute();
    const res = await call(subject, 'POST', '/api/Request/ActiveDeactiveRequest', {
      isActive: false,
      requests: [record.requestId],
      comment: 'No longer needed',
    });
    expect(res.status, res.body.message).toBe(200);
    const [created] = (res.body.data as { requestIds: number[] }).requestIds;
    expect(await notificationsOf([created!])).toEqual([`${admin.userId}:noApprovalPath:${created}`]);
    const hooks = await k
      .selectFrom('mailOutbox')
      .select(['subject', 'textBody'])
      .where('channel', '=', 'webhook')
      .where('mailId', 'not in', before.length > 0 ? before.map((b) => b.mailId) : [-1])
      .execute();
    expect(hooks).toHaveLength(1);
    // Names are marked in the stored post for each target to escape (render.ts, userText).
    expect(plainText(hooks[0]!.textBody)).toContain(`Request #${created} (${path.names.platform}, for Nora `);
  });

  it("an approver's modification of a submitted request tells its requestor", async () => {
    const s = await scene();
    const [id] = await lines(s, 1);
    const res = await call(s.approver, 'PATCH', '/api/Request/UpdateRequest', {
      requestId: id,
      ModificationType: 'LengthOfAccess',
      BeginningDate: isoDay(1),
      ExpirationDate: isoDay(30),
      comments: 'Shorter access is enough',
    });
    expect(res.status, res.body.message).toBe(200);
    expect(await notificationsOf([id!])).toEqual([`${s.requestor.userId}:modified:${id}`]);
  });

  it('a transition refused with 409 leaves no notification and no mail (same transaction)', async () => {
    const s = await scene();
    const ids = await lines(s, 2);
    await ctx.db.kysely
      .updateTable('requests')
      .set({ statusId: RequestStatus.APPROVED })
      .where('requestId', '=', ids[1]!)
      .execute();
    const res = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Both please',
      requestIds: ids,
    });
    expect(res.status).toBe(409);
    expect(await notificationsOf(ids)).toEqual([]);
    expect(await mailsTo([s.provisioner, s.backup, s.requestor])).toEqual([]);
  });
});

describe('/api/Notifications — the caller’s own notification centre', () => {
  let s: Scene;
  let ids: number[];
  beforeAll(async () => {
    s = await scene();
    ids = await lines(s, 3);
    const res = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: false,
      comments: 'Not now',
      requestIds: ids,
    });
    expect(res.status).toBe(200);
  });

  it('401 without a token', async () => {
    expect((await call(null, 'GET', '/api/Notifications')).status).toBe(401);
  });

  it('lists only the caller’s notifications, newest first, paged, with the unread count', async () => {
    const page1 = await call(s.subject, 'GET', '/api/Notifications?page=1&pageSize=2');
    expect(page1.status).toBe(200);
    const data = page1.body.data as NotificationPage;
    expect(data.totalCount).toBe(3);
    expect(data.unreadCount).toBe(3);
    expect(data.notifications.map((n) => n.requestId)).toEqual([ids[2], ids[1]]);
    expect(data.notifications[0]).toMatchObject({
      event: 'rejected',
      link: `/MyRequests?requestId=${ids[2]}`,
      readAt: null,
    });
    expect(data.notifications[0]!.text).toBe(
      `Your request #${ids[2]} (${s.path.names.platform}, for Sven ${s.subject.lastName}) was rejected by Ann ${s.approver.lastName}. Comment: Not now`,
    );
    const page2 = (await call(s.subject, 'GET', '/api/Notifications?page=2&pageSize=2')).body
      .data as NotificationPage;
    expect(page2.notifications.map((n) => n.requestId)).toEqual([ids[0]]);
    // The approver acted: nothing for them.
    const approver = (await call(s.approver, 'GET', '/api/Notifications')).body.data as NotificationPage;
    expect(approver.notifications.filter((n) => ids.includes(n.requestId!))).toEqual([]);
  });

  it('marks one read (404 for someone else’s), then all', async () => {
    const mine = (await call(s.subject, 'GET', '/api/Notifications')).body.data as NotificationPage;
    const first = mine.notifications[0]!;
    expect((await call(s.requestor, 'PATCH', `/api/Notifications/${first.notificationId}/Read`)).status).toBe(
      404,
    );
    const one = await call(s.subject, 'PATCH', `/api/Notifications/${first.notificationId}/Read`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ updated: 1 });
    const count = await call(s.subject, 'GET', '/api/Notifications/UnreadCount');
    expect(count.body.data).toEqual({ unreadCount: 2 });
    // The requestor's own stay unread.
    expect((await call(s.requestor, 'GET', '/api/Notifications/UnreadCount')).body.data).toEqual({
      unreadCount: 3,
    });
    const all = await call(s.subject, 'PATCH', '/api/Notifications/ReadAll');
    expect(all.body.data).toEqual({ updated: 2 });
    const row = await ctx.db.kysely
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('userId', '=', s.subject.userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(0);
  });

  it('email settings: on by default; turned off, the event still notifies in-app but sends no email', async () => {
    const t = await scene();
    const initial = (await call(t.requestor, 'GET', '/api/Notifications/Settings')).body
      .data as NotificationSetting[];
    expect(initial.find((x) => x.event === 'approved')).toEqual({ event: 'approved', isEmail: true });
    const saved = await call(t.requestor, 'PUT', '/api/Notifications/Settings', {
      settings: [{ event: 'approved', isEmail: false }],
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect((saved.body.data as NotificationSetting[]).find((x) => x.event === 'approved')?.isEmail).toBe(
      false,
    );
    const bad = await call(t.requestor, 'PUT', '/api/Notifications/Settings', {
      settings: [{ event: 'whenever', isEmail: false }],
    });
    expect(bad.status).toBe(400);
    const ids2 = await lines(t, 2);
    await call(t.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Fine',
      requestIds: ids2,
    });
    expect(sorted(await notificationsOf(ids2))).toEqual(
      triples([t.provisioner, t.backup, t.requestor], 'approved', ids2),
    );
    expect((await mailsTo([t.requestor])).length).toBe(0);
    expect((await mailsTo([t.provisioner])).length).toBe(1);
  });
});
