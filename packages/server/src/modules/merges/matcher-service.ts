import { fullName, messages, type MergeProposal, type ProfileMatcherStatus } from '@uap/domain';
import { inTransaction, nowIso, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, reachesPersons } from '../../http/admin-scope.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { PROFILE_MATCHER } from '../jobs/profile-matcher.ts';
import * as matcherQueries from './matcher-queries.ts';
import { mergeIn } from './service.ts';

/** At most this many open proposals are listed. */
const PROPOSALS_SHOWN = 1000;

/** GET api/User/ProfileMatcherRunningStatus/{id}: that run (0: the latest one). */
export async function profileMatcherStatus(db: Db, id: number): Promise<ProfileMatcherStatus> {
  const run = await matcherQueries.findJobRun(db, PROFILE_MATCHER, id);
  if (!run && id > 0) {
    throw notFound();
  }
  return run
    ? { id: run.id, status: run.status, startOn: run.startedOn, endOn: run.endedOn }
    : { id: null, status: null, startOn: null, endOn: null };
}

/**
 * The open proposals, newest first: a super admin and the auditor see every one; an admin only
 * those about two people they reach (as for any merge), so nobody is shown whom they cannot act on.
 */
export async function findProposals(db: Db, actor: Actor): Promise<MergeProposal[]> {
  const all = await matcherQueries.findOpenProposals(db, PROPOSALS_SHOWN);
  const scope = adminScopeOf(actor, 'read');
  const reached =
    scope.kind === 'all'
      ? null
      : await reachesPersons(db.kysely, actor, [...new Set(all.flatMap((r) => [r.parentId, r.childId]))]);
  const rows = reached ? all.filter((r) => reached.has(r.parentId) && reached.has(r.childId)) : all;
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason === 'email' ? 'email' : 'name',
    createdDate: r.createdDate,
    parent: { userId: r.parentId, fullName: fullName(r.parentName, r.parentLastName), email: r.parentEmail },
    child: { userId: r.childId, fullName: fullName(r.childName, r.childLastName), email: r.childEmail },
  }));
}

/**
 * Accepts (the merge runs, in the same transaction, under the merge's scope rule: a refusal
 * leaves the proposal open) or dismisses an open proposal.
 */
export function decideProposal(db: Db, actor: Actor, id: number, accept: boolean): Promise<string> {
  const actorId = actor.userId;
  return inTransaction(db, async (trx) => {
    // Dismissing is acting on both people, as accepting (the merge's own rule) is.
    const pair = await matcherQueries.findOpenProposal(trx, id);
    if (pair && !accept) {
      const reached = await reachesPersons(trx, actor, [pair.parentUserId, pair.childUserId]);
      if (!reached.has(pair.parentUserId) || !reached.has(pair.childUserId)) {
        throw notFound();
      }
    }
    const decided = await matcherQueries.decideOpenProposal(trx, id, {
      status: accept ? 'ACCEPTED' : 'DISMISSED',
      decidedDate: nowIso(),
      decidedBy: actorId,
    });
    if (!decided) {
      throw unprocessable(messages.proposalGone);
    }
    if (accept) {
      await mergeIn(trx, actor, decided.childUserId, decided.parentUserId);
    }
    return accept ? messages.proposalAccepted : messages.proposalDismissed;
  });
}
