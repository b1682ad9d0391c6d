import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages, requestStatusNames } from '@uap/domain';
import { insertHistoryRows, moveStatus } from '../src/modules/request-lines/transitions.ts';
import { HttpError } from '../src/http/errors.ts';
import { inTransaction } from '../src/db/connection.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { getLine, historyOf } from './modify-helpers.ts';
import { buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('§6 compare-and-set under concurrency', () => {
  it('20 simultaneous approve/reject calls from two approvers: one success, 19 × 409, one history row', async () => {
    const first = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const second = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const subject = await buildUser(ctx.db.kysely);
    // Both approvers are named on the only assignment of a fresh path.
    const path = await buildPath(ctx.db.kysely, {
      assignment: { primary: first.userId, secondary: second.userId },
    });
    const task = await buildRequest(ctx.db.kysely, { path, user: subject });
    const tokens = [await ctx.tokenFor(first.email), await ctx.tokenFor(second.email)];
    const historyBefore = (await historyOf(ctx, task.requestId)).length;

    const calls = Array.from({ length: 20 }, (_, i) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/Approvers/ApproveRejectRequest',
        headers: { authorization: `Bearer ${tokens[i % 2]}` },
        payload: { isApproved: i % 4 < 2, comments: `Decision ${i}`, requestIds: [task.requestId] },
      }),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.statusCode === 200);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(19);

    const after = await getLine(ctx, task.requestId);
    expect([RequestStatus.APPROVED, RequestStatus.REJECTED]).toContain(after.statusId);
    const status = requestStatusNames[after.statusId as 2 | 4];
    for (const r of conflicts) {
      const body = r.json<{ message: string; data: { statusId: number } }>();
      expect(body.message).toBe(messages.requestAlreadyInStatus(task.requestId, status));
      expect(body.data.statusId).toBe(after.statusId);
    }
    const history = await historyOf(ctx, task.requestId);
    expect(history).toHaveLength(historyBefore + 1);
    expect(
      history.filter(
        (h) =>
          h.stepDescription === 'Request approved' || h.stepDescription === 'Request rejected by approver',
      ),
    ).toHaveLength(1);
    expect([first.userId, second.userId]).toContain(after.approvedRejectedBy);
  });

  /**
   * The service's pre-check (still Submitted?) already refuses most late callers; this proves
   * that `moveStatus` alone keeps two transactions that both passed the pre-check from both
   * writing. Each transaction checks its lines, writes its history rows, then moves its lines;
   * they share line A. On PostgreSQL the two run at the same time on two connections (both
   * read before either moves); SQLite serialises transactions on its one connection, so both
   * pre-checks are read before the first transaction moves.
   */
  it('two transactions that both passed the pre-check: exactly one moves, the other gets 409 and rolls back whole', async () => {
    const approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const subject = await buildUser(ctx.db.kysely);
    const path = await buildPath(ctx.db.kysely, { assignment: { primary: approver.userId } });
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(() => buildRequest(ctx.db.kysely, { path, user: subject })),
    );
    const contenders = [
      { ids: [a!.requestId, b!.requestId], to: RequestStatus.APPROVED },
      { ids: [c!.requestId, a!.requestId], to: RequestStatus.REJECTED },
    ] as const;
    const historyBefore = await historyRows([a!, b!, c!].map((r) => r.requestId));

    const statusesOf = async (ids: readonly number[], trx = ctx.db.kysely) =>
      (await trx.selectFrom('requests').select('statusId').where('requestId', 'in', ids).execute()).map(
        (r) => r.statusId,
      );
    const write = async (
      trx: typeof ctx.db.kysely,
      contender: (typeof contenders)[number],
      actor: BuiltUser,
    ) => {
      await insertHistoryRows(
        trx,
        actor.userId,
        contender.ids.map((requestId) => ({
          requestId,
          statusId: contender.to,
          requestTypeId: 1,
          stepDescription: `CAS test: moved to ${contender.to}`,
        })),
      );
      await moveStatus(trx, {
        requestIds: contender.ids,
        from: RequestStatus.SUBMITTED,
        to: contender.to,
        actorId: actor.userId,
      });
    };

    let outcomes: PromiseSettledResult<void>[];
    if (ctx.db.dialect === 'postgres') {
      let arrived = 0;
      let release!: () => void;
      const bothChecked = new Promise<void>((resolve) => (release = resolve));
      outcomes = await Promise.allSettled(
        contenders.map((contender) =>
          inTransaction(ctx.db, async (trx) => {
            expect(await statusesOf(contender.ids, trx)).toEqual([1, 1]);
            arrived += 1;
            if (arrived === contenders.length) {
              release();
            }
            await bothChecked;
            await write(trx, contender, approver);
          }),
        ),
      );
    } else {
      for (const contender of contenders) {
        expect(await statusesOf(contender.ids)).toEqual([1, 1]);
      }
      outcomes = [];
      for (const contender of contenders) {
        outcomes.push(
          ...(await Promise.allSettled([
            inTransaction(ctx.db, (trx) => write(trx, contender, approver)),
          ])),
        );
      }
    }

    const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [contenders[i]!] : []));
    const losers = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [{ o, c: contenders[i]! }] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = winners[0]!;
    const loser = losers[0]!;
    const error: unknown = loser.o.reason;
    expect(error).toBeInstanceOf(HttpError);
    const statusName = requestStatusNames[winner.to];
    expect(error).toMatchObject({
      statusCode: 409,
      message: messages.requestAlreadyInStatus(a!.requestId, statusName),
      data: { requestId: a!.requestId, statusId: winner.to },
    });

    // The winner's lines moved; the loser's own line stayed Submitted (its move rolled back).
    const onlyLoser = loser.c.ids.find((id) => id !== a!.requestId)!;
    for (const id of winner.ids) {
      expect((await getLine(ctx, id)).statusId).toBe(winner.to);
    }
    expect(await getLine(ctx, onlyLoser)).toMatchObject({
      statusId: RequestStatus.SUBMITTED,
      version: b!.version,
    });
    // History: exactly the winner's rows were added, none of the loser's.
    const historyAfter = await historyRows([a!, b!, c!].map((r) => r.requestId));
    const added = historyAfter.filter((h) => !historyBefore.some((old) => old.id === h.id));
    expect(added.map((h) => [h.requestId, h.statusId]).sort()).toEqual(
      winner.ids.map((id) => [id, winner.to]).sort(),
    );
  });
});

function historyRows(requestIds: number[]) {
  return ctx.db.kysely
    .selectFrom('requestHistory')
    .select(['id', 'requestId', 'statusId'])
    .where('requestId', 'in', requestIds)
    .execute();
}
