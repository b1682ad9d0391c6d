import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Role, messages, type AuditVerification } from '@uap/domain';
import { inTransaction } from '../src/db/connection.ts';
import { insertHistoryRows } from '../src/modules/request-lines/transitions.ts';
import { verifyAndRecord } from '../src/modules/audit/chain-service.ts';
import { appointRegionAdmin, createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * The audit chain (issue 47): history rows are chained when written, and a verification names the
 * first row that is no longer what was written — edited, deleted, inserted beside the application,
 * or moved in the chain. Each test gets its own database: a break found stands.
 */
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

async function as(roleId: number) {
  const user = await buildUser(k(), { roleId: roleId as 1 });
  return ctx.tokenFor(user.email);
}

async function verify(token: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/Audit/Verify',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Approves `count` fresh lines through the API: history rows written by the application. */
async function approveLines(count: number) {
  const approver = await buildUser(k(), { roleId: Role.APPROVER });
  const subject = await buildUser(k());
  const path = await buildPath(k(), { assignment: { primary: approver.userId } });
  const lines = [];
  for (let i = 0; i < count; i += 1) {
    lines.push(await buildRequest(k(), { path, user: subject }));
  }
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/Approvers/ApproveRejectRequest',
    headers: { authorization: `Bearer ${await ctx.tokenFor(approver.email)}` },
    payload: { isApproved: true, comments: 'ok', requestIds: lines.map((l) => l.requestId) },
  });
  expect(res.statusCode).toBe(200);
  return lines.map((l) => l.requestId);
}

async function historyIds(requestId: number): Promise<number[]> {
  const rows = await k()
    .selectFrom('requestHistory')
    .select('id')
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const entriesOf = async (table: string, rowId: number) =>
  (
    await k()
      .selectFrom('auditChain')
      .select('seq')
      .where('tableName', '=', table)
      .where('rowId', '=', rowId)
      .execute()
  ).map((e) => Number(e.seq));

describe('GET api/Audit/Verify', () => {
  it('answers the super administrator and the auditor; an administrator and an approver get 403', async () => {
    await approveLines(2);
    for (const role of [Role.SUPERADMIN, Role.AUDITOR]) {
      const res = await verify(await as(role));
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: AuditVerification }>().data;
      expect(body).toMatchObject({ verified: true, firstBreak: null });
      expect(body.lastVerifiedAt).not.toBeNull();
    }
    for (const role of [Role.ADMIN, Role.APPROVER]) {
      expect((await verify(await as(role))).statusCode).toBe(403);
    }
  });

  it('chains every history row an approval writes, and verifies only what was written since the last time', async () => {
    const token = await as(Role.SUPERADMIN);
    const first = (await verify(token)).json<{ data: AuditVerification }>().data;
    expect(first.verified).toBe(true);
    expect(first.checkedRows).toBeGreaterThan(0);

    const [line] = await approveLines(1);
    const ids = await historyIds(line!);
    expect(ids.length).toBe(2); // submitted (factory) and approved (the application)
    for (const id of ids) {
      expect(await entriesOf('request_history', id)).toHaveLength(1);
    }
    const second = (await verify(token)).json<{ data: AuditVerification }>().data;
    expect(second.verified).toBe(true);
    // The new entries' links and their rows; nothing verified before is read again.
    expect(second.checkedRows).toBeLessThan(first.checkedRows);
    expect(second.checkedRows).toBeGreaterThanOrEqual(2 * ids.length);
  });
});

describe('a verification names the first row that is not what was written', () => {
  it('a row edited in the database: content, at that row', async () => {
    const [line] = await approveLines(1);
    const [, approved] = await historyIds(line!);
    await sql`update request_history set comments = 'nothing to see' where id = ${approved}`.execute(k());
    const result = await verifyAndRecord(ctx.db, 'full', null);
    expect(result.firstBreak).toMatchObject({ table: 'request_history', id: approved, reason: 'content' });

    const res = await verify(await as(Role.SUPERADMIN));
    expect(res.json<{ data: AuditVerification }>().data).toMatchObject({
      verified: false,
      firstBreak: { table: 'request_history', id: approved, reason: 'content' },
    });
  });

  it('a row deleted: missing; a row inserted beside the application: unchained', async () => {
    const [a] = await approveLines(2);
    const [, approvedA] = await historyIds(a!);
    await sql`delete from request_history where id = ${approvedA}`.execute(k());
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toMatchObject({
      table: 'request_history',
      id: approvedA,
      reason: 'missing',
    });

    const fresh = await createTestContext();
    try {
      const other = fresh.db.kysely;
      const actor = await buildUser(other);
      const subject = await buildUser(other);
      const path = await buildPath(other, {});
      const line = await buildRequest(other, { path, user: subject });
      const forged = await other
        .insertInto('requestHistory')
        .values({
          requestId: line.requestId,
          statusId: 2,
          requestTypeId: 1,
          stepDescription: 'Request approved',
          createdBy: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const found = (await verifyAndRecord(fresh.db, 'full', null)).firstBreak;
      expect(found).toMatchObject({ table: 'request_history', reason: 'unchained' });
      expect(found!.id).toBeLessThanOrEqual(forged.id);
    } finally {
      await fresh.close();
    }
  });

  it('two rows swapped (their contents exchanged): content, at the earlier one', async () => {
    const [a, b] = await approveLines(2);
    const [, x] = await historyIds(a!);
    const [, y] = await historyIds(b!);
    const swap = async (from: number, to: number, requestId: number) =>
      sql`update request_history set request_id = ${requestId} where id = ${from} and ${to} > 0`.execute(k());
    await swap(x!, y!, b!);
    await swap(y!, x!, a!);
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toMatchObject({
      table: 'request_history',
      id: Math.min(x!, y!),
      reason: 'content',
    });
  });

  it('entries reordered, or a row re-hashed without its links: link, at the first entry touched', async () => {
    const [a] = await approveLines(1);
    const [, approved] = await historyIds(a!);
    const [seq] = await entriesOf('request_history', approved!);
    // The row edited and its entry's row hash made to match it: the link no longer does.
    await sql`update request_history set comments = 'rewritten' where id = ${approved}`.execute(k());
    const { rows } = await sql<{
      c: string | null;
    }>`select comments as c from request_history where id = ${approved}`.execute(k());
    expect(rows[0]!.c).toBe('rewritten');
    const { rowHash } = await import('../src/db/chain/format.ts');
    const { readChainedRows } = await import('../src/db/chain/seal.ts');
    const [[, values]] = (await readChainedRows(k(), 'request_history', { ids: [approved!] })) as [
      [number, unknown[]],
    ];
    await sql`update audit_chain set row_hash = ${rowHash('request_history', values)} where seq = ${seq}`.execute(
      k(),
    );
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toMatchObject({
      table: 'request_history',
      id: approved,
      reason: 'link',
    });
  });

  it('two entries swapped in the chain: link', async () => {
    await approveLines(2);
    const { rows } = await sql<{ seq: number }>`select max(seq) as seq from audit_chain`.execute(k());
    const last = Number(rows[0]!.seq);
    await sql`update audit_chain set seq = -1 where seq = ${last}`.execute(k());
    await sql`update audit_chain set seq = ${last} where seq = ${last - 1}`.execute(k());
    await sql`update audit_chain set seq = ${last - 1} where seq = -1`.execute(k());
    const found = (await verifyAndRecord(ctx.db, 'full', null)).firstBreak;
    expect(found).toMatchObject({ reason: 'link' });
  });
});

describe('writing', () => {
  it('a transaction that fails after writing history leaves neither the row nor an entry', async () => {
    const subject = await buildUser(k());
    const line = await buildRequest(k(), { path: await buildPath(k(), {}), user: subject });
    const before = await k().selectFrom('auditChainHead').select('seq').executeTakeFirstOrThrow();
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await insertHistoryRows(trx, subject.userId, [
          { requestId: line.requestId, statusId: 2, requestTypeId: 1, stepDescription: 'half done' },
        ]);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    const after = await k().selectFrom('auditChainHead').select('seq').executeTakeFirstOrThrow();
    expect(Number(after.seq)).toBe(Number(before.seq));
    expect(
      await k()
        .selectFrom('requestHistory')
        .select('id')
        .where('stepDescription', '=', 'half done')
        .execute(),
    ).toEqual([]);
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toBeNull();
  });

  it('writers at the same time keep one chain: 12 approvers decide at once, every row chained once, in one order', async () => {
    const calls = [];
    for (let i = 0; i < 12; i += 1) {
      const approver = await buildUser(k(), { roleId: Role.APPROVER });
      const subject = await buildUser(k());
      const path = await buildPath(k(), { assignment: { primary: approver.userId } });
      const lines = [
        await buildRequest(k(), { path, user: subject }),
        await buildRequest(k(), { path, user: subject }),
      ];
      const token = await ctx.tokenFor(approver.email);
      calls.push({ token, ids: lines.map((l) => l.requestId) });
    }
    const results = await Promise.all(
      calls.map((c) =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/Approvers/ApproveRejectRequest',
          headers: { authorization: `Bearer ${c.token}` },
          payload: { isApproved: true, comments: 'at once', requestIds: c.ids },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(calls.map(() => 200));
    const decided = await k()
      .selectFrom('requestHistory')
      .select('id')
      .where('approverComment', '=', 'at once')
      .execute();
    expect(decided).toHaveLength(24);
    for (const { id } of decided) {
      expect(await entriesOf('request_history', id)).toHaveLength(1);
    }
    const { rows } = await sql<{ n: number; top: number }>`
      select count(*) as n, max(seq) as top from audit_chain`.execute(k());
    expect(Number(rows[0]!.n)).toBe(Number(rows[0]!.top)); // no gap, no duplicate
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toBeNull();
  });
});

describe('changes to who may do what', () => {
  it('an administrator appointed: the change is recorded by the database and chained with the call', async () => {
    const user = await buildUser(k());
    const path = await buildPath(k(), {});
    await appointRegionAdmin(ctx, user, path);
    const row = await k()
      .selectFrom('adminRegions')
      .select('adminRegionId')
      .where('userId', '=', user.userId)
      .executeTakeFirstOrThrow();
    const changes = await k()
      .selectFrom('recordChanges')
      .select(['id', 'operation', 'rowData'])
      .where('tableName', '=', 'admin_regions')
      .where('rowId', '=', row.adminRegionId)
      .execute();
    expect(changes.map((c) => c.operation)).toEqual(['insert']);
    expect(JSON.parse(changes[0]!.rowData)).toMatchObject({ user_id: user.userId, region_id: path.regionId });
    expect(await entriesOf('record_changes', changes[0]!.id)).toHaveLength(1);
    // The appointment made them an administrator: their role change is recorded too.
    const roles = await k()
      .selectFrom('recordChanges')
      .select(['id', 'operation', 'rowData'])
      .where('tableName', '=', 'users')
      .where('rowId', '=', user.userId)
      .execute();
    expect(roles.map((r) => [r.operation, (JSON.parse(r.rowData) as { role_id: number }).role_id])).toEqual([
      ['update', Role.ADMIN],
    ]);
    expect(await entriesOf('record_changes', roles[0]!.id)).toHaveLength(1);
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toBeNull();
  });

  it('a change recorded and then edited in the database: content, at that change', async () => {
    const user = await buildUser(k(), { roleId: Role.SUPERADMIN });
    const change = await k()
      .selectFrom('recordChanges')
      .select('id')
      .where('tableName', '=', 'super_admins')
      .where('rowData', 'like', `%"user_id":${user.userId}%`)
      .executeTakeFirst()
      .then(
        async (found) =>
          found ??
          k()
            .selectFrom('recordChanges')
            .select('id')
            .where('tableName', '=', 'super_admins')
            .where('rowData', 'like', `%"user_id": ${user.userId}%`)
            .executeTakeFirstOrThrow(),
      );
    expect(await entriesOf('record_changes', change.id)).toHaveLength(1);
    await sql`update record_changes set row_data = '{}' where id = ${change.id}`.execute(k());
    expect((await verifyAndRecord(ctx.db, 'full', null)).firstBreak).toMatchObject({
      table: 'record_changes',
      id: change.id,
      reason: 'content',
    });
  });
});

describe('the verification job', () => {
  it('runs on demand from the Jobs page: completed while whole, failed with the row named once broken', async () => {
    const token = await as(Role.SUPERADMIN);
    const run = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Jobs/audit-chain-verification/run',
        headers: { authorization: `Bearer ${token}` },
      });
    const whole = await run();
    expect(whole.statusCode).toBe(200);
    expect(whole.json<{ data: { status: string } }>().data.status).toBe('COMPLETED');

    const [line] = await approveLines(1);
    const [, approved] = await historyIds(line!);
    await sql`update request_history set step_description = 'Request rejected' where id = ${approved}`.execute(
      k(),
    );
    const broken = (await run()).json<{ data: { status: string; message: string } }>().data;
    expect(broken.status).toBe('FAILED');
    const text = messages.auditChainBreak('request_history', approved!, 'content');
    expect(broken.message).toBe(text);

    // Every super administrator is told once (bell, mail), and the webhook once.
    const superAdmin = await k()
      .selectFrom('superAdmins as s')
      .innerJoin('users as u', 'u.userId', 's.userId')
      .select(['u.userId', 'u.email'])
      .where('s.isDeleted', '=', 0)
      .where('u.isDeleted', '=', 0)
      .orderBy('u.userId')
      .executeTakeFirstOrThrow();
    const told = async () => ({
      bell: await k()
        .selectFrom('notifications')
        .select('notificationId')
        .where('event', '=', 'auditChain')
        .where('userId', '=', superAdmin.userId)
        .execute(),
      mail: await k()
        .selectFrom('mailOutbox')
        .select(['channel', 'subject'])
        .where('event', '=', 'auditChain')
        .execute(),
    });
    const once = await told();
    expect(once.bell).toHaveLength(1);
    expect(once.mail.filter((m) => m.channel === 'webhook')).toHaveLength(1);
    expect(once.mail.filter((m) => m.channel === 'email').length).toBeGreaterThanOrEqual(1);
    const bell = await ctx.app.inject({
      method: 'GET',
      url: '/api/Notifications',
      headers: { authorization: `Bearer ${await ctx.tokenFor(superAdmin.email)}` },
    });
    const item = bell
      .json<{ data: { notifications: { event: string; text: string; link: string }[] } }>()
      .data.notifications.find((n) => n.event === 'auditChain');
    expect(item).toMatchObject({ text, link: '/Jobs' });

    expect((await run()).json<{ data: { status: string } }>().data.status).toBe('FAILED');
    const twice = await told();
    expect(twice.bell).toHaveLength(1);
    expect(twice.mail).toHaveLength(once.mail.length);
  });
});
