import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType } from '@uap/domain';
import { inTransaction, nowIso } from '../src/db/connection.ts';
import type { NewLine } from '../src/modules/create-request/write-queries.ts';
import { writeRequests } from '../src/modules/create-request/service.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildUser, uniqueTag, type BuiltPath, type BuiltUser } from './factories.ts';

/**
 * `writeRequests`: many requests' lines written in a few multi-row INSERTs (a bulk upload's
 * batch). Each request gets its own lines' ids in order, even when the lines are cut into
 * several statements (by the bound-parameter limit, or because they set different columns).
 */

let ctx: TestContext;
let p: BuiltPath;
let subject: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  p = await buildPath(ctx.db.kysely);
  subject = await buildUser(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

function line(submissionId: string, extra: Partial<NewLine> = {}): NewLine {
  return {
    submissionId,
    requestTypeId: RequestType.ADD,
    statusId: RequestStatus.SUBMITTED,
    userId: subject.userId,
    email: subject.email.toLowerCase(),
    isInternal: 1,
    createdBy: subject.userId,
    createdDate: nowIso(),
    regionId: p.regionId,
    marketId: p.marketId,
    agencyId: p.agencyId,
    practiceId: p.practiceId,
    platformId: p.platformId,
    clientId: p.clientId,
    clientCodeId: p.clientCodeId,
    assetId: p.assetId,
    clientAccountId: p.clientAccountId,
    platformUserTypeId: p.platformUserTypeId,
    comments: 'Written together',
    ...extra,
  };
}

describe('writeRequests', () => {
  it('answers each request its own lines’ ids, across statements cut by size and by shape', async () => {
    const tag = uniqueTag();
    // 2,000 lines of 19 columns pass 30,000 bound parameters: two INSERTs.
    const big = Array.from({ length: 2000 }, (_, i) => line(`w-${tag}-0-${i}`));
    // A line that sets a column the others leave to its default is written by another INSERT.
    const urgent = [line(`w-${tag}-1-0`, { isUrgent: 1 }), line(`w-${tag}-1-1`, { isUrgent: 1 })];
    const plain = [line(`w-${tag}-2-0`)];
    const ids = await inTransaction(ctx.db, (trx) =>
      writeRequests(trx, [
        { lines: big, comments: `big ${tag}` },
        { lines: urgent, comments: `urgent ${tag}` },
        { lines: plain, comments: `plain ${tag}` },
      ]),
    );
    expect(ids.map((r) => r.length)).toEqual([2000, 2, 1]);
    const rows = await ctx.db.kysely
      .selectFrom('requests')
      .select(['requestId', 'submissionId', 'isUrgent', 'version'])
      .where('submissionId', 'like', `w-${tag}-%`)
      .execute();
    const idOf = new Map(rows.map((r) => [r.submissionId, r.requestId]));
    ids.forEach((request, r) =>
      request.forEach((id, i) => expect([r, i, id]).toEqual([r, i, idOf.get(`w-${tag}-${r}-${i}`)])),
    );
    // Columns a line leaves out take their defaults.
    expect(
      rows
        .filter((r) => r.isUrgent === 1)
        .map((r) => r.submissionId)
        .sort(),
    ).toEqual([`w-${tag}-1-0`, `w-${tag}-1-1`]);
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set([0]));
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['requestId', 'comments', 'statusId'])
      .where('requestId', 'in', ids.flat())
      .execute();
    expect(history).toHaveLength(2003);
    const comments = new Map(history.map((h) => [h.requestId, h.comments]));
    expect(comments.get(ids[0]![1999]!)).toBe(`big ${tag}`);
    expect(comments.get(ids[1]![1]!)).toBe(`urgent ${tag}`);
    expect(comments.get(ids[2]![0]!)).toBe(`plain ${tag}`);
    expect(new Set(history.map((h) => h.statusId))).toEqual(new Set([RequestStatus.SUBMITTED]));
  });
});
