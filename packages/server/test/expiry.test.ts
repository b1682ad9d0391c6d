import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RecordStatus,
  RequestStatus,
  RequestType,
  Role,
  type NotificationPage,
  type ProvisioningPage,
  type TrackerPage,
  type UserRecordsPage,
} from '@uap/domain';
import { parseExpiryNoticeDays, ConfigError } from '../src/config.ts';
import { dueNotice } from '../src/modules/jobs/expiry/service.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildRequest, buildUser, type BuiltRequest } from './factories.ts';
import { caller } from './provisioning-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = caller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
/** Today at 09:30 UTC: the job's clock in these tests, moved by whole days. */
const base = new Date(
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 9, 30),
);
const at = (days: number) => new Date(base.getTime() + days * DAY);
/** UTC midnight `days` from today, as the end dates are stored. */
const day = (days: number) => `${at(days).toISOString().slice(0, 10)}T00:00:00.000Z`;

async function runJob(now: Date) {
  const result = await ctx.app.jobRunner.run('access-expiry', null, now);
  expect(result.status, JSON.stringify(result)).toBe('COMPLETED');
  return result.status === 'COMPLETED' ? result.counts : {};
}

/** A path with an approver, a provisioner and a backup, and a requestor who asks for a subject. */
async function scene() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const backup = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Bob' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const subject = await buildUser(k, { name: 'Sven' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId, backup: backup.userId },
  });
  const record = (expirationDays: number | null, set: Partial<BuiltRequest> = {}) =>
    buildRecord(k, {
      path,
      user: subject,
      createdBy: requestor.userId,
      decidedBy: approver.userId,
      set: {
        beginningDate: expirationDays === null ? null : day(-60),
        expirationDate: expirationDays === null ? null : day(expirationDays),
        ...set,
      },
    });
  return { approver, provisioner, backup, requestor, subject, path, record };
}

const line = (id: number) =>
  ctx.db.kysely.selectFrom('requests').selectAll().where('requestId', '=', id).executeTakeFirstOrThrow();

/** The lines that modify a record, oldest first. */
const changesOf = (recordId: number) =>
  ctx.db.kysely
    .selectFrom('requests')
    .selectAll()
    .where('recordId', '=', recordId)
    .orderBy('requestId')
    .execute();

const historyOf = (id: number) =>
  ctx.db.kysely.selectFrom('requestHistory').selectAll().where('requestId', '=', id).orderBy('id').execute();

const notificationsOf = (requestIds: number[], event: string) =>
  ctx.db.kysely
    .selectFrom('notifications')
    .select(['userId', 'requestId'])
    .where('requestId', 'in', requestIds)
    .where('event', '=', event)
    .execute();

const mailsOf = (userIds: number[], event: string) =>
  ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['recipientUserId', 'subject', 'textBody'])
    .where('recipientUserId', 'in', userIds)
    .where('event', '=', event)
    .execute();

describe('access-expiry: records past their end date', () => {
  it('become Approved Deactivate requests routed to the provisioners, with Expired in history and askNewRangeDate set', async () => {
    const s = await scene();
    const due = await s.record(-1);
    const longDue = await s.record(-40);
    const counts = await runJob(at(0));
    expect(counts.expired).toBeGreaterThanOrEqual(2);

    for (const record of [due, longDue]) {
      const [deactivation, ...more] = await changesOf(record.requestId);
      expect(more).toEqual([]);
      expect(deactivation).toMatchObject({
        requestTypeId: RequestType.DEACTIVATE,
        statusId: RequestStatus.APPROVED,
        userId: s.subject.userId,
        createdBy: s.requestor.userId,
        approvedRejectedBy: null,
        platformId: s.path.platformId,
        clientAccountId: s.path.clientAccountId,
      });
      expect(deactivation!.approvedDate).not.toBeNull();
      const history = await historyOf(deactivation!.requestId);
      expect(history.map((h) => [h.stepDescription, h.statusId])).toEqual([
        ['Expired', RequestStatus.APPROVED],
      ]);
      const after = await line(record.requestId);
      expect(after).toMatchObject({
        askNewRangeDate: 1,
        isDeleted: 0,
        pendingChangeRequestId: deactivation!.requestId,
      });
    }
    const ids = (await Promise.all([due, longDue].map((r) => changesOf(r.requestId)))).map(
      (c) => c[0]!.requestId,
    );

    // In the provisioner's My Provisioning Tasks, Approved.
    const tasks = await call<ProvisioningPage>(
      s.provisioner.email,
      'PUT',
      '/api/Request/RequestForProvisioners',
      {
        pageSize: 100,
        filters: [{ column: 'requestId', values: ids.map(String) }],
      },
    );
    expect(tasks.status).toBe(200);
    expect(tasks.body.data.requests.map((r) => [r.requestId, r.statusId]).sort()).toEqual(
      ids.map((id) => [id, RequestStatus.APPROVED]).sort(),
    );

    // Provisioners, requestor and subject are told: one in-app notice each per line, one email each.
    const told = await notificationsOf(ids, 'expired');
    expect(told.map((n) => `${n.userId}:${n.requestId}`).sort()).toEqual(
      [s.provisioner, s.backup, s.requestor, s.subject]
        .flatMap((u) => ids.map((id) => `${u.userId}:${id}`))
        .sort(),
    );
    expect(await notificationsOf(ids, 'submitted')).toEqual([]);
    const mails = await mailsOf(
      [s.provisioner.userId, s.requestor.userId, s.subject.userId, s.approver.userId],
      'expired',
    );
    expect(mails.map((m) => m.recipientUserId).sort()).toEqual(
      [s.provisioner.userId, s.requestor.userId, s.subject.userId].sort(),
    );
    expect(mails.find((m) => m.recipientUserId === s.provisioner.userId)!.subject).toBe(
      'UAP: 2 accesses expired, removal pending',
    );

    // The record reads 'Expired — removal pending' where records are listed.
    const records = await call<UserRecordsPage>(s.subject.email, 'PUT', '/api/Request/UserRecords', {
      pageSize: 100,
      filters: [{ column: 'requestId', values: [String(due.requestId)] }],
    });
    expect(records.status).toBe(200);
    expect(records.body.data.requests.map((r) => r.statusDescription)).toEqual([
      RecordStatus.EXPIRED_REMOVAL_PENDING,
    ]);
    expect(RecordStatus.EXPIRED_REMOVAL_PENDING).toBe('Expired — removal pending');
    const tracker = await call<TrackerPage>(demo.superAdmin, 'PUT', '/api/Request/AllRequests', {
      pageSize: 100,
      filters: [{ column: 'requestId', values: [String(due.requestId), String(ids[0])] }],
    });
    expect(tracker.status, JSON.stringify(tracker.body)).toBe(200);
    expect(tracker.body.data.requests.map((r) => [r.requestId, r.statusDescription]).sort()).toEqual(
      [
        [due.requestId, 'Expired — removal pending'],
        [ids[0], ''],
      ].sort(),
    );
  });

  it('leaves alone records not yet due, unlimited, inactive, or with a change already pending', async () => {
    const s = await scene();
    const endsToday = await s.record(0);
    const unlimited = await s.record(null);
    const inactive = await s.record(-5, { isDeleted: 1 });
    const pendingRecord = await s.record(-3);
    const pending = await buildRequest(ctx.db.kysely, {
      path: s.path,
      user: s.subject,
      createdBy: s.requestor.userId,
      requestType: RequestType.DEACTIVATE,
      statusId: RequestStatus.SUBMITTED,
      recordId: pendingRecord.requestId,
      set: { expirationDate: pendingRecord.expirationDate, beginningDate: pendingRecord.beginningDate },
    });
    await ctx.db.kysely
      .updateTable('requests')
      .set({ pendingChangeRequestId: pending.requestId })
      .where('requestId', '=', pendingRecord.requestId)
      .execute();
    const extensionRecord = await s.record(-2);
    await buildRequest(ctx.db.kysely, {
      path: s.path,
      user: s.subject,
      createdBy: s.requestor.userId,
      requestType: RequestType.CHANGE,
      statusId: RequestStatus.SUBMITTED,
      recordId: extensionRecord.requestId,
      set: { expirationDate: day(90) },
    });
    const before = await Promise.all(
      [endsToday, unlimited, inactive, pendingRecord, extensionRecord].map((r) => line(r.requestId)),
    );

    const counts = await runJob(at(0));
    expect(counts.pendingChange).toBeGreaterThanOrEqual(2);

    for (const [i, record] of [endsToday, unlimited, inactive, pendingRecord, extensionRecord].entries()) {
      expect(await line(record.requestId)).toEqual(before[i]);
    }
    expect((await changesOf(endsToday.requestId)).length).toBe(0);
    expect((await changesOf(unlimited.requestId)).length).toBe(0);
    expect((await changesOf(inactive.requestId)).length).toBe(0);
    expect((await changesOf(pendingRecord.requestId)).map((c) => c.requestId)).toEqual([pending.requestId]);
    expect((await changesOf(extensionRecord.requestId)).length).toBe(1);
  });

  it('creates nothing twice: a second run the same day changes nothing', async () => {
    const s = await scene();
    const due = await s.record(-1);
    await runJob(at(0));
    const lines = await ctx.db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const notes = await ctx.db.kysely
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const mails = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    const again = await runJob(at(0.5));
    expect(again.expired).toBe(0);
    expect(again.noticed).toBe(0);
    expect(
      await ctx.db.kysely
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(lines);
    expect(
      await ctx.db.kysely
        .selectFrom('requestHistory')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(history);
    expect(
      await ctx.db.kysely
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(notes);
    expect(
      await ctx.db.kysely
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(mails);
    expect((await changesOf(due.requestId)).length).toBe(1);
  });

  it('after the provisioner completes the deactivation the record is Inactive', async () => {
    const s = await scene();
    const due = await s.record(-2);
    await runJob(at(0));
    const [deactivation] = await changesOf(due.requestId);
    const res = await call(s.provisioner.email, 'POST', '/api/Request/ApproveRejectForProvisioner', {
      requestIds: [deactivation!.requestId],
      comments: 'Removed from the platform.',
      isApproved: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await line(deactivation!.requestId)).toMatchObject({ statusId: RequestStatus.COMPLETED });
    expect(await line(due.requestId)).toMatchObject({
      isDeleted: 1,
      pendingChangeRequestId: null,
      askNewRangeDate: 1,
    });
    const records = await call<UserRecordsPage>(s.subject.email, 'PUT', '/api/Request/UserRecords', {
      pageSize: 100,
      filters: [{ column: 'requestId', values: [String(due.requestId)] }],
    });
    expect(records.body.data.requests.map((r) => r.statusDescription)).toEqual([RecordStatus.INACTIVE]);
    // Inactive records are not scanned again.
    await runJob(at(1));
    expect((await changesOf(due.requestId)).length).toBe(1);
  });
});

describe('access-expiry: notices before the end date', () => {
  const noticesOf = async (recordId: number) =>
    (await notificationsOf([recordId], 'expiring')).map((n) => n.userId).sort((a, b) => a - b);

  it('sends the 14, 7 and 1 day notices once each to the subject and the requester, with the Extend link', async () => {
    const s = await scene();
    const record = await s.record(20);
    const both = [s.requestor.userId, s.subject.userId].sort((a, b) => a - b);
    await runJob(at(5)); // 15 days left: nothing yet
    expect(await noticesOf(record.requestId)).toEqual([]);
    await runJob(at(6)); // 14 days left
    expect(await noticesOf(record.requestId)).toEqual(both);
    await runJob(at(6));
    await runJob(at(7)); // 13 days left: the 14-day notice is not sent again
    expect(await noticesOf(record.requestId)).toEqual(both);
    await runJob(at(13)); // 7 days left
    expect(await noticesOf(record.requestId)).toEqual([...both, ...both].sort((a, b) => a - b));
    await runJob(at(19)); // 1 day left
    await runJob(at(19));
    expect((await noticesOf(record.requestId)).length).toBe(6);
    expect(
      await ctx.db.kysely
        .selectFrom('expiryNotices')
        .selectAll()
        .where('recordId', '=', record.requestId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ noticeDays: 1 });

    // The subject's bell: the notice links to the record's Length Of Access change.
    const bell = await call<NotificationPage>(s.subject.email, 'GET', '/api/Notifications?pageSize=100');
    const expiring = bell.body.data.notifications.filter((n) => n.event === 'expiring');
    expect(expiring.length).toBe(3);
    for (const n of expiring) {
      expect(n.link).toBe(`/ChangeUserRecords?extend=${record.requestId}`);
      expect(n.text).toContain(`Your access #${record.requestId} (${s.path.names.platform}, for Sven `);
    }
    const mails = await mailsOf([s.subject.userId], 'expiring');
    expect(mails.length).toBe(3);
    expect(mails[0]!.textBody).toContain(`/ChangeUserRecords?extend=${record.requestId}`);
    expect(mails[0]!.subject).toBe('UAP: 1 access ends soon');
  });

  it('a missed day sends only the nearest notice once; a new end date starts the notices over', async () => {
    const s = await scene();
    const record = await s.record(30);
    await runJob(at(25)); // 5 days left: the 14- and 7-day runs were missed
    expect((await noticesOf(record.requestId)).length).toBe(2);
    expect(
      await ctx.db.kysely
        .selectFrom('expiryNotices')
        .select('noticeDays')
        .where('recordId', '=', record.requestId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ noticeDays: 7 });
    await runJob(at(26));
    expect((await noticesOf(record.requestId)).length).toBe(2);

    // Extended by 20 days: 25 days left at day 25, then 14 days left at day 36.
    await ctx.db.kysely
      .updateTable('requests')
      .set({ expirationDate: day(50) })
      .where('requestId', '=', record.requestId)
      .execute();
    await runJob(at(35));
    expect((await noticesOf(record.requestId)).length).toBe(2);
    await runJob(at(36));
    expect((await noticesOf(record.requestId)).length).toBe(4);
  });

  it('respects the email setting: an event turned off still notifies in the app, without email', async () => {
    const s = await scene();
    const record = await s.record(7);
    const off = await call(s.subject.email, 'PUT', '/api/Notifications/Settings', {
      settings: [{ event: 'expiring', isEmail: false }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const settings = await call<{ event: string; isEmail: boolean }[]>(
      s.requestor.email,
      'GET',
      '/api/Notifications/Settings',
    );
    expect(settings.body.data.map((x) => x.event)).toEqual(expect.arrayContaining(['expiring', 'expired']));

    await runJob(at(0));
    expect(await noticesOf(record.requestId)).toEqual(
      [s.requestor.userId, s.subject.userId].sort((a, b) => a - b),
    );
    expect((await mailsOf([s.subject.userId], 'expiring')).length).toBe(0);
    expect((await mailsOf([s.requestor.userId], 'expiring')).length).toBe(1);
  });

  it('no notice for a record whose removal is already asked for', async () => {
    const s = await scene();
    const record = await s.record(3);
    const pending = await buildRequest(ctx.db.kysely, {
      path: s.path,
      user: s.subject,
      createdBy: s.requestor.userId,
      requestType: RequestType.DEACTIVATE,
      statusId: RequestStatus.SUBMITTED,
      recordId: record.requestId,
    });
    await ctx.db.kysely
      .updateTable('requests')
      .set({ pendingChangeRequestId: pending.requestId })
      .where('requestId', '=', record.requestId)
      .execute();
    await runJob(at(0));
    expect(await noticesOf(record.requestId)).toEqual([]);
  });
});

describe('the notice rule and its setting', () => {
  it('picks the nearest threshold not below the days left, once', () => {
    const t = [14, 7, 1];
    expect(dueNotice(15, t, null)).toBeNull();
    expect(dueNotice(14, t, null)).toBe(14);
    expect(dueNotice(10, t, null)).toBe(14);
    expect(dueNotice(10, t, { days: 14, forSameEndDate: true })).toBeNull();
    expect(dueNotice(5, t, { days: 14, forSameEndDate: true })).toBe(7);
    expect(dueNotice(0, t, null)).toBe(1);
    expect(dueNotice(0, t, { days: 1, forSameEndDate: true })).toBeNull();
    expect(dueNotice(3, t, { days: 1, forSameEndDate: false })).toBe(7);
  });

  it('EXPIRY_NOTICE_DAYS: default 14,7,1; a list of days, largest first; anything else stops the start', () => {
    expect(parseExpiryNoticeDays({})).toEqual([14, 7, 1]);
    expect(parseExpiryNoticeDays({ EXPIRY_NOTICE_DAYS: ' 1, 30 ,7,7' })).toEqual([30, 7, 1]);
    for (const bad of ['14;7', '14,,7', 'seven', '-1', '1.5', '400']) {
      expect(() => parseExpiryNoticeDays({ EXPIRY_NOTICE_DAYS: bad })).toThrow(ConfigError);
    }
    expect(() => parseExpiryNoticeDays({ EXPIRY_NOTICE_DAYS: 'x' })).toThrow(
      /EXPIRY_NOTICE_DAYS must be whole numbers/,
    );
  });
});
