import type { Executor } from '../db/connection.ts';
import type { Actor } from './actor.ts';
import { usersBeyondAdminReach } from './admin-scope-queries.ts';
import { personReachOf, rowScopeOf, type ScopeAtLeast } from './row-scope.ts';

/**
 * What an administration screen (approval paths, master approvers, their status, leavers) lets
 * the caller reach: an admin the rows inside their own (region, market) admin rows, a super
 * admin every row, the auditor every row for reading only (row-scope.ts); other roles 403.
 */
export type AdminScope = ScopeAtLeast<'admin'>;

export function adminScopeOf(actor: Actor, use: 'read' | 'write'): AdminScope {
  return rowScopeOf(actor, { use, least: 'admin' });
}

/**
 * Whether the caller may act on a person as a whole (their profile, absences, merges, directory
 * entry): a super admin on anyone; an admin only on a person below ADMIN none of whose rows lies
 * outside the admin's (region, market) rows (isBeyondAdminReach); nobody else.
 */
export async function reachesPerson(q: Executor, actor: Actor, userId: number): Promise<boolean> {
  return (await reachesPersons(q, actor, [userId])).has(userId);
}

/** Which of `userIds` the caller reaches as reachesPerson says, in one statement for a page of people. */
export async function reachesPersons(
  q: Executor,
  actor: Actor,
  userIds: readonly number[],
): Promise<Set<number>> {
  switch (personReachOf(actor)) {
    case 'all':
      return new Set(userIds);
    case 'admin': {
      const beyond = await usersBeyondAdminReach(q, actor.userId, userIds);
      return new Set(userIds.filter((id) => !beyond.has(id)));
    }
    case 'none':
      return new Set();
  }
}
