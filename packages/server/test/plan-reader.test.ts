import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus } from '@uap/domain';
import { databaseReader, readAhead, type PlanReader } from '../src/modules/create-request/plan-reader.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * The wizard's checks read through one of two readers: one query per question (POST
 * api/Request/Create) or a batch read ahead (bulk upload). Asked the same questions on the same
 * data — inactive rows, ids of another platform or client, lines of other statuses and paths
 * among them — both give the same answers.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

describe('the read-ahead reader of the bulk upload', () => {
  it('answers every question of planRequest as the database reader does', async () => {
    const subject = await buildUser(k(), { isInternal: true });
    const other = await buildUser(k());
    await k()
      .insertInto('userAdditionalEmails')
      .values({ userId: subject.userId, email: `alt.${subject.email}`, createdBy: subject.userId })
      .execute();
    const path = await buildPath(k());
    const elsewhere = await buildPath(k());
    const sameAgency = await buildPath(k(), {
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
      platformId: path.platformId,
    });
    const lines = [
      await buildRequest(k(), { path, user: subject }),
      await buildRequest(k(), { path, user: subject, statusId: RequestStatus.COMPLETED }),
      await buildRequest(k(), { path, user: subject, statusId: RequestStatus.REJECTED }),
      await buildRequest(k(), { path: elsewhere, user: subject }),
      await buildRequest(k(), { path, user: other }),
    ];
    expect(lines).toHaveLength(5);
    // An inactive client and client account: both readers must leave them out.
    await k()
      .updateTable('clients')
      .set({ isDeleted: 1 })
      .where('clientId', '=', sameAgency.clientId)
      .execute();
    await k()
      .updateTable('clientAccounts')
      .set({ isDeleted: 1 })
      .where('clientAccountId', '=', sameAgency.clientAccountId)
      .execute();

    const ids = (p: typeof path) => ({
      regionId: p.regionId,
      marketId: p.marketId,
      agencyId: p.agencyId,
      practiceId: p.practiceId,
      platformId: p.platformId,
    });
    const asked = [path, elsewhere, sameAgency];
    const ahead = await readAhead(ctx.db, {
      paths: asked.flatMap((p) => [subject, other].map((u) => ({ ...ids(p), userId: u.userId }))),
      clientIds: asked.map((p) => p.clientId),
      clientCodeIds: asked.map((p) => p.clientCodeId),
      userTypeIds: asked.map((p) => p.platformUserTypeId),
      assetIds: asked.map((p) => p.assetId),
      clientAccountIds: asked.map((p) => p.clientAccountId),
    });
    const database = databaseReader(ctx.db);
    const answers = async (read: PlanReader) => {
      const out: unknown[] = [];
      for (const p of asked) {
        for (const q of asked) {
          // Every id asked against every path: an id of another platform or client finds nothing.
          out.push(await read.activePathPlatform(ids(p)));
          out.push(
            await read.activeClient({ clientId: q.clientId, platformId: p.platformId, agencyId: p.agencyId }),
          );
          out.push(await read.activeClientCode({ clientCodeId: q.clientCodeId, clientId: p.clientId }));
          out.push(await read.activeUserTypes({ platformId: p.platformId, ids: [q.platformUserTypeId] }));
          out.push(await read.activeAssets({ platformId: p.platformId, assetIds: [q.assetId] }));
          out.push(await read.activeClientAccounts({ clientId: p.clientId, ids: [q.clientAccountId] }));
        }
        for (const u of [subject, other]) {
          out.push(await read.linesOnPath({ ...ids(p), userId: u.userId }));
          out.push(await read.subject(u.userId));
        }
      }
      return out;
    };
    const expected = await answers(database);
    expect(await answers(ahead)).toEqual(expected);
    // The answers are not empty: the subject's live and completed lines on the path (not the rejected one).
    expect(
      (await database.linesOnPath({ ...ids(path), userId: subject.userId })).map((l) => l.requestId),
    ).toEqual([lines[0]!.requestId, lines[1]!.requestId]);
    expect((await ahead.subject(subject.userId))?.emails).toEqual([subject.email, `alt.${subject.email}`]);
    expect(await ahead.activeClient({ clientId: sameAgency.clientId, ...ids(sameAgency) })).toBeUndefined();
    expect(await ahead.activeClient({ clientId: path.clientId, ...ids(path) })).toMatchObject({
      clientId: path.clientId,
    });
  });
});
