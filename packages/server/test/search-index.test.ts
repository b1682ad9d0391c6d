import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, type TrackerRow } from '@uap/domain';
import type { Executor } from '../src/db/connection.ts';
import { requestSearchIndex } from '../src/db/search-index.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, uniqueTag } from './factories.ts';

/**
 * The search index of the request lines (migration 0012, db/search-index.ts): what a search
 * finds through it, and that it follows the data in the same transaction.
 */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

/** The ids the Request Tracker shows a super admin for `search` among the lines `ids`. */
async function trackerSearch(search: string, ids: number[]): Promise<number[]> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllRequests',
    headers: { authorization: `Bearer ${token}` },
    payload: { searchCriteria: search, filters: [{ column: 'requestId', values: ids.map(String) }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: { requests: TrackerRow[]; totalCount: number } }>().data;
  expect(data.totalCount).toBe(data.requests.length);
  return data.requests.map((r) => r.requestId).sort((a, b) => a - b);
}

/** The ids among `ids` whose document matches `term`, read inside `q` (a transaction or not). */
async function indexed(q: Executor, term: string, ids: number[]): Promise<number[]> {
  const rows = await q
    .selectFrom('requests as r')
    .select('r.requestId')
    .where('r.requestId', 'in', ids)
    .where(requestSearchIndex.matching(ctx.db.dialect, term))
    .orderBy('r.requestId')
    .execute();
  return rows.map((r) => r.requestId);
}

/** Two lines of two fresh subjects on two fresh paths. */
async function twoLines() {
  const tag = uniqueTag();
  const first = await buildUser(k(), { name: 'Philippa', lastName: `Quorn${tag}` });
  const second = await buildUser(k(), { name: 'Bartholomew', lastName: `Vexley${tag}` });
  const firstPath = await buildPath(k());
  const secondPath = await buildPath(k());
  const a = await buildRequest(k(), { path: firstPath, user: first });
  const b = await buildRequest(k(), { path: secondPath, user: second });
  return { tag, first, second, firstPath, secondPath, a, b, ids: [a.requestId, b.requestId] };
}

describe('request search index', () => {
  it('finds a line by part of its subject, email, client, account and id, with the other filters', async () => {
    const { tag, first, firstPath, a, ids } = await twoLines();
    expect(await trackerSearch(`rn${tag}`, ids)).toEqual([a.requestId]);
    expect(await trackerSearch(`PHILIPPA QUORN${tag.toUpperCase()}`, ids)).toEqual([a.requestId]);
    expect(await trackerSearch(first.email.slice(3, -4), ids)).toEqual([a.requestId]);
    expect(await trackerSearch(firstPath.names.client.slice(2), ids)).toEqual([a.requestId]);
    expect(await trackerSearch(firstPath.names.account.slice(1, -1), ids)).toEqual([a.requestId]);
    expect(await trackerSearch(String(a.requestId), ids)).toEqual([a.requestId]);
    expect(await trackerSearch(`nothing-like-this-${tag}`, ids)).toEqual([]);
  });

  it('follows a renamed user and a renamed client in the same transaction', async () => {
    const { tag, first, firstPath, a, b, ids } = await twoLines();
    await k()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ lastName: `Renamed${tag}` })
          .where('userId', '=', first.userId)
          .execute();
        expect(await indexed(trx, `Renamed${tag}`, ids)).toEqual([a.requestId]);
        expect(await indexed(trx, `Quorn${tag}`, ids)).toEqual([]);

        const client = `Fresh Client ${tag}`;
        await trx
          .updateTable('clients')
          .set({ description: client })
          .where('clientId', '=', firstPath.clientId)
          .execute();
        expect(await indexed(trx, client, ids)).toEqual([a.requestId]);
        expect(await indexed(trx, firstPath.names.client, ids)).toEqual([]);
      });
    // Committed: the tracker sees the new names too; the other line never matched.
    expect(await trackerSearch(`Renamed${tag}`, ids)).toEqual([a.requestId]);
    expect(await trackerSearch(`Vexley${tag}`, ids)).toEqual([b.requestId]);
  });

  it('follows a line moved to another client and a deleted line', async () => {
    const { secondPath, firstPath, a, b, ids } = await twoLines();
    await k()
      .updateTable('requests')
      .set({
        clientId: secondPath.clientId,
        clientCodeId: secondPath.clientCodeId,
        clientAccountId: secondPath.clientAccountId,
      })
      .where('requestId', '=', a.requestId)
      .execute();
    expect(await trackerSearch(secondPath.names.client, ids)).toEqual(ids);
    expect(await trackerSearch(firstPath.names.client, ids)).toEqual([]);

    await k().deleteFrom('requestHistory').where('requestId', '=', b.requestId).execute();
    await k().deleteFrom('requests').where('requestId', '=', b.requestId).execute();
    expect(await indexed(k(), secondPath.names.client, ids)).toEqual([a.requestId]);
    const left = await k()
      .selectFrom('requests as r')
      .select('r.requestId')
      .where(requestSearchIndex.matching(ctx.db.dialect, String(b.requestId)))
      .execute();
    expect(left).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    const tag = uniqueTag();
    const path = await buildPath(k());
    const literal = await buildUser(k(), { lastName: `Pct${tag}%_z` });
    const other = await buildUser(k(), { lastName: `Pct${tag}abz` });
    const a = await buildRequest(k(), { path, user: literal });
    const b = await buildRequest(k(), { path, user: other });
    const ids = [a.requestId, b.requestId];
    expect(await trackerSearch(`${tag}%_z`, ids)).toEqual([a.requestId]);
    expect(await trackerSearch(`${tag}__z`, ids)).toEqual([]);
    expect(await trackerSearch(`${tag}%z`, ids)).toEqual([]);
    expect(await trackerSearch('%_', ids)).toEqual([a.requestId]);
  });

  it('matches a term of one or two digits as the exact request id, other short terms as contained text', async () => {
    const lowest = await k()
      .selectFrom('requests')
      .select((eb) => eb.fn.min('requestId').as('id'))
      .executeTakeFirstOrThrow();
    const digit = String(lowest.id);
    expect(digit.length).toBeLessThan(3);
    const path = await buildPath(k());
    // Its name contains the digits: a `contains` search would find it, the id rule does not.
    const subject = await buildUser(k(), { lastName: `Digit${digit}Qz${uniqueTag()}` });
    const line = await buildRequest(k(), { path, user: subject });
    expect(await trackerSearch(digit, [lowest.id, line.requestId])).toEqual([lowest.id]);
    expect(await trackerSearch('qZ', [lowest.id, line.requestId])).toEqual([line.requestId]);
  });

  it("finds a short term in My Provisioning Tasks, whose search also reads the lines' comments", async () => {
    const provisioner = await buildUser(k(), { roleId: Role.PROVISIONER });
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const path = await buildPath(k(), {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    const named = await buildUser(k(), { lastName: `Qz${uniqueTag()}` });
    const other = await buildUser(k(), { lastName: `Vexley${uniqueTag()}` });
    const found = await buildRequest(k(), { path, user: named, statusId: RequestStatus.APPROVED });
    await buildRequest(k(), { path, user: other, statusId: RequestStatus.APPROVED });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/RequestForProvisioners',
      headers: { authorization: `Bearer ${await ctx.tokenFor(provisioner.email)}` },
      payload: { pageSize: 100, searchCriteria: 'qZ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { requests: { requestId: number }[] } }>().data.requests;
    expect(rows.map((r) => r.requestId)).toEqual([found.requestId]);
  });
});
