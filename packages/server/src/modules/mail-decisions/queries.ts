import type { MailDecisionAction } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { standsInAt } from '../../http/actor-queries.ts';
import { lineColumns, namedLines } from '../request-lines/line-query.ts';

/** The HMAC key of the links: made once, the first stored kept by every instance. */
export async function findOrCreateSecret(q: Executor, name: string, fresh: string, now: string) {
  await q
    .insertInto('appSecrets')
    .values({ name, secret: fresh, createdDate: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await q
    .selectFrom('appSecrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

export interface NewDecisionToken {
  userId: number;
  requestId: number;
  action: MailDecisionAction;
  roleId: number;
}

/** Rows per insert: 7 values each, well inside either engine's bound-parameter limit. */
const BATCH = 500;

/** Inserts the links of one batch of mail; answers each with its id. */
export async function insertDecisionTokens(
  q: Executor,
  tokens: readonly NewDecisionToken[],
  now: string,
  expiresAt: string,
) {
  const out: (NewDecisionToken & { tokenId: number })[] = [];
  for (let i = 0; i < tokens.length; i += BATCH) {
    out.push(
      ...(await q
        .insertInto('mailDecisionTokens')
        .values(tokens.slice(i, i + BATCH).map((t) => ({ ...t, createdDate: now, expiresAt })))
        .returning(['tokenId', 'userId', 'requestId', 'action', 'roleId'])
        .execute()),
    );
  }
  return out;
}

/**
 * A link's row with the person it was sent to as they are now: their role, whether their profile
 * is live, their directory entry (the profile's own, else the one with their mail), and whether
 * someone away names them delegate now (as the auth hook reads a caller).
 */
export function findDecisionToken(q: Executor, tokenId: number, now: string) {
  return q
    .selectFrom('mailDecisionTokens as t')
    .innerJoin('users as u', 'u.userId', 't.userId')
    .leftJoin('directoryUsers as d', (j) =>
      j.on((eb) =>
        eb.or([
          eb('d.directoryId', '=', eb.ref('u.directoryId')),
          eb.and([eb('u.directoryId', 'is', null), eb('d.mail', '=', eb.ref('u.email'))]),
        ]),
      ),
    )
    .select([
      't.tokenId',
      't.userId',
      't.requestId',
      't.action',
      't.roleId',
      't.expiresAt',
      't.usedDate',
      'u.roleId as currentRoleId',
      'u.isDeleted',
      'u.email',
      'u.name',
      'u.lastName',
      'd.active as directoryActive',
      'd.isDeleted as directoryDeleted',
      (eb) => standsInAt(eb, now).as('standsIn'),
    ])
    .where('t.tokenId', '=', tokenId)
    .executeTakeFirst();
}
export type DecisionTokenRow = NonNullable<Awaited<ReturnType<typeof findDecisionToken>>>;

/** The line a link decides, with the names the page shows. */
export function findDecisionLine(q: Executor, requestId: number) {
  return namedLines(q, (eb) => eb('r.requestId', '=', requestId))
    .select([
      ...lineColumns,
      'r.comments',
      'r.beginningDate',
      'r.expirationDate',
      'put.basicName as userTypeBasicName',
    ])
    .executeTakeFirst();
}
export type DecisionLine = NonNullable<Awaited<ReturnType<typeof findDecisionLine>>>;

/** Uses a link, in the decision's transaction: false when it was used meanwhile. */
export async function markTokenUsed(q: Executor, tokenId: number, now: string): Promise<boolean> {
  const result = await q
    .updateTable('mailDecisionTokens')
    .set({ usedDate: now })
    .where('tokenId', '=', tokenId)
    .where('usedDate', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets the links that expired before `before` (the hourly task reminders job). */
export async function deleteExpiredTokens(q: Executor, before: string): Promise<number> {
  const result = await q.deleteFrom('mailDecisionTokens').where('expiresAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
