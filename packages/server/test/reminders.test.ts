import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, type RequestStatusId, type TrackerPage } from '@uap/domain';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  userIdOf,
  type BuiltPath,
} from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

// The service levels when SLA_APPROVAL_HOURS and SLA_PROVISIONING_HOURS are unset (README).
const APPROVAL_HOURS = 48;
const PROVISIONING_HOURS = 48;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (base: number, hours: number) => new Date(base + hours * HOUR);
const iso = (base: number, hours: number) => at(base, hours).toISOString();

async function call(
  user: { email: string },
  method: 'PUT' | 'PATCH' | 'POST' | 'GET',
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

async function runJob(now: Date) {
  const result = await ctx.app.jobRunner.run('task-reminders', null, now);
  expect(result.status).toBe('COMPLETED');
  return result.status === 'COMPLETED' ? result.counts : {};
}

/** (user, event, request) of these lines' reminders and escalations, sorted. */
async function alertsOf(requestIds: number[]) {
  const rows = await ctx.db.kysely
    .selectFrom('notifications')
    .select(['userId', 'event', 'requestId'])
    .where('requestId', 'in', requestIds)
    .where('event', 'in', ['reminder', 'escalated'])
    .execute();
  return rows.map((r) => `${r.userId}:${r.event}:${r.requestId}`).sort();
}
const triples = (users: { userId: number }[], event: string, ids: number[]) =>
  users.flatMap((u) => ids.map((id) => `${u.userId}:${event}:${id}`)).sort();

async function mailsTo(user: { userId: number }, event: string) {
  return ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['recipient', 'subject', 'textBody', 'channel'])
    .where('recipientUserId', '=', user.userId)
    .where('event', '=', event)
    .execute();
}

/** A fresh path with an approver, a secondary, a provisioner and a backup; a requestor and a subject. */
async function scene(o: { assignment?: boolean } = {}) {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const secondary = await buildUser(k, { roleId: Role.APPROVER, name: 'Sid' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia' });
  const backup = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Bob' });
  const requestor = await buildUser(k, { name: 'Rita' });
  const subject = await buildUser(k, { name: 'Sven' });
  const path = await buildPath(k, {
    assignment:
      o.assignment === false
        ? null
        : {
            primary: approver.userId,
            secondary: secondary.userId,
            provisioner: provisioner.userId,
            backup: backup.userId,
          },
  });
  return { approver, secondary, provisioner, backup, requestor, subject, path };
}
type Scene = Awaited<ReturnType<typeof scene>>;

async function line(
  s: Scene,
  o: {
    createdDate: string;
    statusId?: RequestStatusId;
    approvedDate?: string;
    isUrgent?: boolean;
    path?: BuiltPath;
  },
) {
  const row = await buildRequest(ctx.db.kysely, {
    path: o.path ?? s.path,
    user: s.subject,
    createdBy: s.requestor.userId,
    decidedBy: s.approver.userId,
    statusId: o.statusId ?? RequestStatus.SUBMITTED,
    createdDate: o.createdDate,
    set: {
      isUrgent: o.isUrgent ? 1 : 0,
      ...(o.approvedDate ? { approvedDate: o.approvedDate } : {}),
    },
  });
  return row.requestId;
}

describe('SLA_APPROVAL_HOURS and SLA_PROVISIONING_HOURS', () => {
  it('default to 48 hours, provisioning to the approval level, and refuse a malformed value at start', () => {
    expect(loadConfig({}).serviceLevels).toEqual({ approvalHours: 48, provisioningHours: 48 });
    expect(loadConfig({ SLA_APPROVAL_HOURS: '24' }).serviceLevels).toEqual({
      approvalHours: 24,
      provisioningHours: 24,
    });
    expect(loadConfig({ SLA_APPROVAL_HOURS: '24', SLA_PROVISIONING_HOURS: '7.5' }).serviceLevels).toEqual({
      approvalHours: 24,
      provisioningHours: 7.5,
    });
    for (const bad of ['abc', '0', '-4', '12h', '1e3']) {
      expect(() => loadConfig({ SLA_APPROVAL_HOURS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SLA_PROVISIONING_HOURS: bad })).toThrow(
        `SLA_PROVISIONING_HOURS must be a number of hours above 0 (e.g. 48), got ${bad}`,
      );
    }
  });
});

describe('task-reminders: the reminder', () => {
  it('reminds the approvers once the line has waited its level (48 h), once only', async () => {
    const s = await scene();
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -47) });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual([]);
    await runJob(at(t, 1 + 1 / 60));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
    await runJob(at(t, 2));
    await runJob(at(t, 3));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
    const [mail] = await mailsTo(s.approver, 'reminder');
    expect(mail?.textBody).toContain(`Request #${id} (${s.path.names.platform}, for Sven `);
    expect(mail?.textBody).toContain('for your approval');
    expect(mail?.textBody).toContain(`/Approvals?requestId=${id}`);
  });

  it('reminds at half the level for an urgent line (24 h)', async () => {
    const s = await scene();
    const t = Date.now();
    const urgent = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS / 2) - 0.1), isUrgent: true });
    const notUrgent = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS / 2) - 0.1) });
    const notYet = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS / 2) + 0.1), isUrgent: true });
    await runJob(at(t, 0));
    expect(await alertsOf([urgent, notUrgent, notYet])).toEqual(
      triples([s.approver, s.secondary], 'reminder', [urgent]),
    );
  });

  it('measures a provisioning task from its approval and reminds the provisioners', async () => {
    const s = await scene();
    const t = Date.now();
    // Created long ago, approved 47 hours ago: the provisioning task is not due yet.
    const id = await line(s, {
      createdDate: iso(t, -300),
      statusId: RequestStatus.APPROVED,
      approvedDate: iso(t, -(PROVISIONING_HOURS - 1)),
    });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual([]);
    await runJob(at(t, 1 + 1 / 60));
    expect(await alertsOf([id])).toEqual(triples([s.provisioner, s.backup], 'reminder', [id]));
    const [mail] = await mailsTo(s.provisioner, 'reminder');
    expect(mail?.textBody).toContain('for your provisioning');
    expect(mail?.textBody).toContain(`/Provisioners?requestId=${id}`);
  });

  it('starts afresh when a reminded line is approved: its provisioning reminder follows from the approval', async () => {
    const s = await scene();
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS + 1)) });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
    const approved = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Fine by me',
      requestIds: [id],
    });
    expect(approved.status, approved.body.message).toBe(200);
    const { approvedDate } = await ctx.db.kysely
      .selectFrom('requests')
      .select('approvedDate')
      .where('requestId', '=', id)
      .executeTakeFirstOrThrow();
    const approvedAt = new Date(approvedDate!).getTime();
    // Just before the provisioning level: nothing; just after: the provisioners, once.
    await runJob(at(approvedAt, PROVISIONING_HOURS - 0.1));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
    await runJob(at(approvedAt, PROVISIONING_HOURS + 0.1));
    expect(await alertsOf([id])).toEqual(
      [
        ...triples([s.approver, s.secondary], 'reminder', [id]),
        ...triples([s.provisioner, s.backup], 'reminder', [id]),
      ].sort(),
    );
  });

  it('stops once the line is decided', async () => {
    const s = await scene();
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS + 1)) });
    await runJob(at(t, 0));
    const rejected = await call(s.approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: false,
      comments: 'Not needed',
      requestIds: [id],
    });
    expect(rejected.status, rejected.body.message).toBe(200);
    // Past twice the level: a Submitted line would be escalated; the rejected one is not.
    await runJob(at(t, APPROVAL_HOURS * 2));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
  });

  it('sends one email per recipient for many lines, and a second run sends nothing', async () => {
    const s = await scene();
    const t = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await line(s, { createdDate: iso(t, -(APPROVAL_HOURS + 1 + i / 10)) }));
    }
    const now = at(t, 0);
    await runJob(now);
    expect(await alertsOf(ids)).toEqual(triples([s.approver, s.secondary], 'reminder', ids));
    const mails = await mailsTo(s.approver, 'reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('UAP reminder: 6 requests waiting past the service level');
    for (const id of ids) {
      expect(mails[0]?.textBody).toContain(`Request #${id} `);
    }
    const again = await runJob(now);
    expect(again).toEqual({ reminded: 0, escalated: 0, escalatedToAdmins: 0 });
    expect(await mailsTo(s.approver, 'reminder')).toHaveLength(1);
    expect(await alertsOf(ids)).toEqual(triples([s.approver, s.secondary], 'reminder', ids));
  });

  it("respects the recipient's email setting: the reminder shows in the portal, no email", async () => {
    const s = await scene();
    const saved = await call(s.approver, 'PUT', '/api/Notifications/Settings', {
      settings: [{ event: 'reminder', isEmail: false }],
    });
    expect(saved.status, saved.body.message).toBe(200);
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS + 1)) });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual(triples([s.approver, s.secondary], 'reminder', [id]));
    expect(await mailsTo(s.approver, 'reminder')).toHaveLength(0);
    expect(await mailsTo(s.secondary, 'reminder')).toHaveLength(1);
    const bell = await call(s.approver, 'GET', '/api/Notifications');
    const texts = (bell.body.data as { notifications: { text: string; event: string }[] }).notifications;
    expect(texts.find((n) => n.event === 'reminder')?.text).toBe(
      `Reminder: Request #${id} (${s.path.names.platform}, for ${s.subject.displayName}) has waited past its service level for your approval.`,
    );
  });
});

describe('task-reminders: the escalation', () => {
  it('escalates at twice the level to the master approvers of the path, once', async () => {
    const s = await scene();
    const master = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER, name: 'Max' });
    await buildMasterApprover(ctx.db.kysely, master.userId, s.path);
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Adi' });
    await buildAdminRegion(ctx.db.kysely, admin.userId, s.path);
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 2) + 1) });
    // Past the level: reminded (the master approver approves too), not yet escalated.
    await runJob(at(t, 0));
    const reminded = triples([s.approver, s.secondary, master], 'reminder', [id]);
    expect(await alertsOf([id])).toEqual(reminded);
    await runJob(at(t, 1 + 1 / 60));
    const escalated = [...reminded, ...triples([master], 'escalated', [id])].sort();
    expect(await alertsOf([id])).toEqual(escalated);
    await runJob(at(t, 5));
    expect(await alertsOf([id])).toEqual(escalated);
    const [mail] = await mailsTo(master, 'escalated');
    expect(mail?.subject).toBe('UAP escalation: 1 request waiting twice the service level');
    expect(await mailsTo(admin, 'escalated')).toHaveLength(0);
  });

  it('escalates to the administrators of its scope, and the webhook, when the path has no master approver', async () => {
    const s = await scene();
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Adi' });
    await buildAdminRegion(ctx.db.kysely, admin.userId, s.path);
    const t = Date.now();
    // An Approved line: a provisioning task, measured from its approval.
    const id = await line(s, {
      createdDate: iso(t, -500),
      statusId: RequestStatus.APPROVED,
      approvedDate: iso(t, -(PROVISIONING_HOURS * 2) - 1),
    });
    const counts = await runJob(at(t, 0));
    expect(counts.escalatedToAdmins).toBeGreaterThanOrEqual(1);
    expect(await alertsOf([id])).toEqual(
      [
        ...triples([s.provisioner, s.backup], 'reminder', [id]),
        ...triples([admin], 'escalated', [id]),
      ].sort(),
    );
    const [mail] = await mailsTo(admin, 'escalated');
    expect(mail?.textBody).toContain(`has waited twice its service level for provisioning`);
    expect(mail?.textBody).toContain(`/AllRequest/requestId/${id}`);
    const hooks = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select(['textBody'])
      .where('channel', '=', 'webhook')
      .where('event', '=', 'escalated')
      .execute();
    expect(hooks.some((h) => h.textBody.includes(`Request #${id} `))).toBe(true);
  });
});

/** A master approver and an administrator of the scene's path. */
async function chiefs(s: Scene) {
  const k = ctx.db.kysely;
  const master = await buildUser(k, { roleId: Role.MASTERAPPROVER, name: 'Max' });
  await buildMasterApprover(k, master.userId, s.path);
  const admin = await buildUser(k, { roleId: Role.ADMIN, name: 'Adi' });
  await buildAdminRegion(k, admin.userId, s.path);
  return { master, admin };
}

async function webhookTexts() {
  const rows = await ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['textBody'])
    .where('channel', '=', 'webhook')
    .where('event', '=', 'escalated')
    .execute();
  return rows.map((r) => r.textBody);
}

describe("task-reminders: the administrators' stage", () => {
  it('escalates a Submitted line to the administrators of its scope at three times the level, once, after its master approvers', async () => {
    const s = await scene();
    const { master, admin } = await chiefs(s);
    // An administrator of another market and the super admin are not of this line's scope.
    const other = await buildPath(ctx.db.kysely, { regionId: s.path.regionId });
    const elsewhere = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Eli' });
    await buildAdminRegion(ctx.db.kysely, elsewhere.userId, other);
    const superAdmin = { userId: await userIdOf(ctx.db.kysely, demo.superAdmin) };
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 3) + 1) });
    await runJob(at(t, 0));
    const before = [
      ...triples([s.approver, s.secondary, master], 'reminder', [id]),
      ...triples([master], 'escalated', [id]),
    ].sort();
    expect(await alertsOf([id])).toEqual(before);
    // One minute short of three times 48 hours: still nothing for the administrators.
    await runJob(new Date(t + 1 * HOUR - MINUTE));
    expect(await alertsOf([id])).toEqual(before);
    const counts = await runJob(new Date(t + 1 * HOUR + MINUTE));
    expect(counts).toEqual({ reminded: 0, escalated: 0, escalatedToAdmins: 1 });
    const after = [...before, ...triples([admin], 'escalated', [id])].sort();
    expect(await alertsOf([id])).toEqual(after);
    await runJob(at(t, 30));
    expect(await alertsOf([id])).toEqual(after);
    expect(await alertsOf([id])).not.toContain(`${elsewhere.userId}:escalated:${id}`);
    expect(await alertsOf([id])).not.toContain(`${superAdmin.userId}:escalated:${id}`);

    const mails = await mailsTo(admin, 'escalated');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('UAP escalation: 1 request waiting three times the service level');
    expect(mails[0]?.textBody).toContain(
      `Escalated: Request #${id} (${s.path.names.platform}, for ${s.subject.displayName}) has waited three times its service level for approval, and the master approvers of its path, told at twice the level, have not decided it.`,
    );
    expect(mails[0]?.textBody).toContain(`/AllRequest/requestId/${id}`);
    expect(
      (await webhookTexts()).some((h) => h.includes(`Request #${id} `) && h.includes('three times')),
    ).toBe(true);
    const bell = await call(admin, 'GET', '/api/Notifications');
    const item = (bell.body.data as { notifications: { text: string; event: string; link: string }[] })
      .notifications[0];
    expect(item?.text).toContain('has waited three times its service level for approval');
    expect(item?.link).toBe(`/AllRequest/requestId/${id}`);
  });

  it('goes to the administrators at twice the level when the path has no master approver, and not again at three times', async () => {
    const s = await scene();
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Adi' });
    await buildAdminRegion(ctx.db.kysely, admin.userId, s.path);
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 2) - 1) });
    const counts = await runJob(at(t, 0));
    expect(counts).toEqual({ reminded: 1, escalated: 0, escalatedToAdmins: 1 });
    const escalated = [
      ...triples([s.approver, s.secondary], 'reminder', [id]),
      ...triples([admin], 'escalated', [id]),
    ].sort();
    expect(await alertsOf([id])).toEqual(escalated);
    const [mail] = await mailsTo(admin, 'escalated');
    expect(mail?.subject).toBe('UAP escalation: 1 request waiting twice the service level');
    expect(mail?.textBody).toContain('has waited twice its service level for approval');
    await runJob(at(t, APPROVAL_HOURS + 1));
    expect(await alertsOf([id])).toEqual(escalated);
    expect(await mailsTo(admin, 'escalated')).toHaveLength(1);
  });

  it('treats a master approver who requested the line as none: the administrators are told at twice the level', async () => {
    const s = await scene();
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Adi' });
    await buildAdminRegion(ctx.db.kysely, admin.userId, s.path);
    await buildMasterApprover(ctx.db.kysely, s.requestor.userId, s.path);
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 2) - 1) });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual(
      [
        ...triples([s.approver, s.secondary], 'reminder', [id]),
        ...triples([admin], 'escalated', [id]),
      ].sort(),
    );
  });

  it('escalates a provisioning task to the administrators at twice the level, never to the master approvers', async () => {
    const s = await scene();
    const { master, admin } = await chiefs(s);
    const t = Date.now();
    const id = await line(s, {
      createdDate: iso(t, -500),
      statusId: RequestStatus.APPROVED,
      approvedDate: iso(t, -(PROVISIONING_HOURS * 2) + 1),
    });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual(triples([s.provisioner, s.backup], 'reminder', [id]));
    await runJob(at(t, 1 + 1 / 60));
    const escalated = [
      ...triples([s.provisioner, s.backup], 'reminder', [id]),
      ...triples([admin], 'escalated', [id]),
    ].sort();
    expect(await alertsOf([id])).toEqual(escalated);
    await runJob(at(t, PROVISIONING_HOURS * 2));
    expect(await alertsOf([id])).toEqual(escalated);
    expect(await mailsTo(master, 'escalated')).toHaveLength(0);
  });

  it('halves the levels of an urgent line: the master approvers at 48 h, the administrators at 72 h', async () => {
    const s = await scene();
    const { master, admin } = await chiefs(s);
    const t = Date.now();
    // Waiting 48.5 hours: past twice the urgent level (2 × 24 h), short of three times (72 h).
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS + 0.5)), isUrgent: true });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toEqual(
      [
        ...triples([s.approver, s.secondary, master], 'reminder', [id]),
        ...triples([master], 'escalated', [id]),
      ].sort(),
    );
    await runJob(at(t, APPROVAL_HOURS / 2 - 0.6));
    expect(await alertsOf([id])).not.toContain(`${admin.userId}:escalated:${id}`);
    await runJob(at(t, APPROVAL_HOURS / 2 - 0.4));
    expect(await alertsOf([id])).toContain(`${admin.userId}:escalated:${id}`);
  });

  it('stops when the line is approved after its escalation to the master approvers', async () => {
    const s = await scene();
    const { master, admin } = await chiefs(s);
    const t = Date.now();
    const id = await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 2) - 1) });
    await runJob(at(t, 0));
    expect(await alertsOf([id])).toContain(`${master.userId}:escalated:${id}`);
    const approved = await call(master, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Approved at last',
      requestIds: [id],
    });
    expect(approved.status, approved.body.message).toBe(200);
    // Three times the approval level after its creation: a Submitted line would reach the
    // administrators; the approved one waits for provisioning since its approval.
    await runJob(at(t, APPROVAL_HOURS + 2));
    expect(await alertsOf([id])).not.toContain(`${admin.userId}:escalated:${id}`);
    expect(await mailsTo(admin, 'escalated')).toHaveLength(0);
  });

  it('sends each administrator one email per run for all the lines of its scope', async () => {
    const s = await scene();
    const { admin } = await chiefs(s);
    const second = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN, name: 'Ada' });
    await buildAdminRegion(ctx.db.kysely, second.userId, s.path);
    // The same scope, another practice without a master approver: its lines go at twice the level.
    const bare = await buildPath(ctx.db.kysely, {
      regionId: s.path.regionId,
      marketId: s.path.marketId,
      assignment: { primary: s.approver.userId, provisioner: s.provisioner.userId },
    });
    const t = Date.now();
    const thrice = [
      await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 3) - 1) }),
      await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 3) - 2) }),
    ];
    const twice = [
      await line(s, { createdDate: iso(t, -(APPROVAL_HOURS * 2) - 1), path: bare }),
      await line(s, {
        createdDate: iso(t, -400),
        statusId: RequestStatus.APPROVED,
        approvedDate: iso(t, -(PROVISIONING_HOURS * 2) - 1),
        path: bare,
      }),
    ];
    const counts = await runJob(at(t, 0));
    expect(counts.escalatedToAdmins).toBeGreaterThanOrEqual(4);
    for (const person of [admin, second]) {
      const mails = await mailsTo(person, 'escalated');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('UAP escalation: 4 requests waiting twice the service level');
      for (const id of [...thrice, ...twice]) {
        expect(mails[0]?.textBody).toContain(`Request #${id} `);
      }
    }
    await runJob(at(t, 0));
    expect(await mailsTo(admin, 'escalated')).toHaveLength(1);
  });
});

describe('Request Tracker: age and Overdue', () => {
  it('shows how long each line waits in its status, marks the overdue ones and filters on Overdue', async () => {
    const s = await scene();
    const t = Date.now();
    const since = {
      overdue: iso(t, -(APPROVAL_HOURS + 1.5)),
      fresh: iso(t, -(APPROVAL_HOURS - 1.5)),
      urgent: iso(t, -(APPROVAL_HOURS / 2 + 1.5)),
      approved: iso(t, -(PROVISIONING_HOURS + 2.5)),
      completed: iso(t, -(APPROVAL_HOURS * 10)),
    };
    const ids = {
      overdue: await line(s, { createdDate: since.overdue }),
      fresh: await line(s, { createdDate: since.fresh }),
      urgent: await line(s, { createdDate: since.urgent, isUrgent: true }),
      approved: await line(s, {
        createdDate: iso(t, -400),
        statusId: RequestStatus.APPROVED,
        approvedDate: since.approved,
      }),
      completed: await line(s, { createdDate: since.completed, statusId: RequestStatus.COMPLETED }),
    };
    const mine = { column: 'requestId', values: Object.values(ids).map(String) };
    const page = async (filters: { column: string; values: string[] }[]) => {
      const res = await call({ email: demo.superAdmin }, 'PUT', '/api/Request/AllRequests', {
        pageSize: 50,
        filters: [mine, ...filters],
      });
      expect(res.status, res.body.message).toBe(200);
      return (res.body.data as TrackerPage).requests;
    };
    const hoursSince = (value: string) => Math.floor((Date.now() - new Date(value).getTime()) / HOUR);

    const all = await page([]);
    const byId = new Map(all.map((r) => [r.requestId, r]));
    expect(byId.size).toBe(5);
    const expected = [
      [ids.overdue, since.overdue, true],
      [ids.fresh, since.fresh, false],
      [ids.urgent, since.urgent, true],
      [ids.approved, since.approved, true],
    ] as const;
    for (const [id, waitingSince, isOverdue] of expected) {
      const row = byId.get(id)!;
      expect(row.waitingSince).toBe(waitingSince);
      expect(row.waitingHours).toBe(hoursSince(waitingSince));
      expect(row.isOverdue, `line ${id}`).toBe(isOverdue);
    }
    expect(byId.get(ids.completed)).toMatchObject({
      waitingSince: null,
      waitingHours: null,
      isOverdue: false,
    });

    const overdue = await page([{ column: 'overdue', values: ['Overdue'] }]);
    expect(overdue.map((r) => r.requestId).sort()).toEqual([ids.overdue, ids.urgent, ids.approved].sort());
    const others = await page([{ column: 'overdue', values: [''] }]);
    expect(others.map((r) => r.requestId).sort()).toEqual([ids.fresh, ids.completed].sort());

    const menu = await call({ email: demo.superAdmin }, 'PUT', '/api/Request/AllRequests/Filters', {
      column: 'overdue',
      filters: [mine],
    });
    expect((menu.body.data as { values: string[] }).values).toEqual(['', 'Overdue']);
  });

  it("counts an Approved line's age from its approval even when it was created long before", async () => {
    const s = await scene();
    const t = Date.now();
    const approvedDate = iso(t, -(PROVISIONING_HOURS - 2) - 20 / 60);
    const id = await line(s, { createdDate: iso(t, -900), statusId: RequestStatus.APPROVED, approvedDate });
    const res = await call({ email: demo.superAdmin }, 'PUT', '/api/Request/AllRequests', {
      pageSize: 5,
      filters: [{ column: 'requestId', values: [String(id)] }],
    });
    const [row] = (res.body.data as TrackerPage).requests;
    expect(row?.waitingHours).toBe(PROVISIONING_HOURS - 2);
    expect(row?.isOverdue).toBe(false);
    expect(
      Math.abs(new Date(row!.waitingSince!).getTime() - (t - (PROVISIONING_HOURS - 2) * HOUR - 20 * MINUTE)),
    ).toBe(0);
  });
});
