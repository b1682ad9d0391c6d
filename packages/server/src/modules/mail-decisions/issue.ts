import {
  mailDecisionHours,
  RequestStatus,
  type MailDecisionAction,
  type NotificationRole,
} from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { insertDecisionTokens, type NewDecisionToken } from './queries.ts';

/** One mail line that may carry links: who gets it, in which part, and the line's status now. */
export interface DecisionCandidate {
  userId: number;
  roleId: number;
  requestId: number;
  role: NotificationRole;
  statusId: number;
}

/** A link of one mail line: the action and the row its token names. */
export interface DecisionLink {
  action: MailDecisionAction;
  tokenId: number;
}

/** What a recipient may decide of a line from their mail: an approver a Submitted line, a provisioner an Approved one. */
function actionsOf(c: DecisionCandidate): MailDecisionAction[] {
  if (c.role === 'approver' && c.statusId === RequestStatus.SUBMITTED) {
    return ['approve', 'reject'];
  }
  if (c.role === 'provisioner' && c.statusId === RequestStatus.APPROVED) {
    return ['provision'];
  }
  return [];
}

export const linkKey = (userId: number, requestId: number) => `${userId}:${requestId}`;

/**
 * Makes the links of a batch of mail, in its transaction: one row per person, line and action,
 * valid `mailDecisionHours` from `now`. Answers each (person, line)'s links (`linkKey`).
 */
export async function issueDecisionLinks(
  trx: Executor,
  candidates: readonly DecisionCandidate[],
  now: string,
): Promise<Map<string, DecisionLink[]>> {
  const wanted: NewDecisionToken[] = candidates.flatMap((c) =>
    actionsOf(c).map((action) => ({ userId: c.userId, requestId: c.requestId, action, roleId: c.roleId })),
  );
  const links = new Map<string, DecisionLink[]>();
  if (wanted.length === 0) {
    return links;
  }
  const expiresAt = new Date(Date.parse(now) + mailDecisionHours * 3_600_000).toISOString();
  for (const row of await insertDecisionTokens(trx, wanted, now, expiresAt)) {
    const key = linkKey(row.userId, row.requestId);
    links.set(key, [...(links.get(key) ?? []), { action: row.action, tokenId: row.tokenId }]);
  }
  // Approve before reject, as the mail lists them.
  for (const list of links.values()) {
    list.sort((a, b) => a.tokenId - b.tokenId);
  }
  return links;
}
