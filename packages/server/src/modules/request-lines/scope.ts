import type { Expression, SqlBool } from 'kysely';
import { RequestStatus } from '@uap/domain';
import type { Actor } from '../../http/actor.ts';
import { rowScopeOf, type RowScope } from '../../http/row-scope.ts';
import type { RequestEb } from './line-query.ts';
import { insideAdminScope, routedToApprover, routedToProvisioner, standingOf, TRUE } from './routing.ts';

/** Which request lines an actor may read: the caller's row scope (http/row-scope.ts). */
export type RecordScope = RowScope;

export function ownLine(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.or([eb('r.createdBy', '=', userId), eb('r.userId', '=', userId)]);
}

export function inScope(eb: RequestEb, scope: RecordScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'own':
      return ownLine(eb, scope.userId);
    case 'routed':
      return eb.or([ownLine(eb, scope.userId), routedToProvisioner(eb, scope.userId, standingOf(scope))]);
    case 'admin':
      return eb.or([
        ownLine(eb, scope.userId),
        routedToProvisioner(eb, scope.userId, standingOf(scope)),
        insideAdminScope(eb, scope.userId),
      ]);
  }
}

/**
 * Which lines an actor may read: standard users, approvers and master approvers only what they
 * created or are the subject of; provisioners also what is routed to them; admins also what lies
 * inside their admin (region, market) rows; super admins and auditors everything.
 */
export function recordScopeOf(actor: Actor): RecordScope {
  return rowScopeOf(actor);
}

/**
 * Which lines the actor may modify: STANDARD, APPROVER and MASTERAPPROVER those they created
 * or are the subject of; a provisioner also those routed to them; an admin also those inside
 * their (region, market) rows; super admins (and, for reads, auditors) every line.
 */
export function modifiableBy(eb: RequestEb, actor: Actor): Expression<SqlBool> {
  // An approver may modify a Submitted request routed to them before deciding (spec 2 §2).
  const own = eb.or([
    eb('r.userId', '=', actor.userId),
    eb('r.createdBy', '=', actor.userId),
    eb.and([
      eb('r.statusId', '=', RequestStatus.SUBMITTED),
      routedToApprover(eb, actor.userId, standingOf(actor)),
    ]),
  ]);
  switch (rowScopeOf(actor).kind) {
    case 'all':
      return TRUE;
    case 'admin':
      return eb.or([own, insideAdminScope(eb, actor.userId)]);
    case 'routed':
      return eb.or([own, routedToProvisioner(eb, actor.userId, standingOf(actor))]);
    case 'own':
      return own;
  }
}
