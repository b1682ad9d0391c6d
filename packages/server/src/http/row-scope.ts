import { Role } from '@uap/domain';
import type { Actor } from './actor.ts';
import { auditorReadOnly, forbidden } from './errors.ts';

/**
 * Which rows a caller reaches, decided in one place from the caller's role (docs/architecture.md,
 * Security). Every module's queries put this in their WHERE through the pieces of
 * row-scope-queries.ts, so a row outside it is simply not found:
 * - 'own': the lines the caller created or is the subject of (standard users, approvers and
 *   master approvers; the lines routed to them for a decision come through their own rule);
 * - 'routed': also the lines routed to them as provisioner or backup (provisioners);
 * - 'admin': also the rows inside the caller's active (region, market) admin rows (admins);
 * - 'all': every row (the super admin; the auditor, for reading only).
 */
export type RowScope = (
  | { kind: 'own'; userId: number }
  | { kind: 'routed'; userId: number }
  | { kind: 'admin'; userId: number }
  | { kind: 'all'; userId: number }
) &
  Pick<Actor, 'standsIn'>;

export type ScopeKind = RowScope['kind'];

const breadth: Record<ScopeKind, number> = { own: 0, routed: 1, admin: 2, all: 3 };
interface Wider {
  own: ScopeKind;
  routed: 'routed' | 'admin' | 'all';
  admin: 'admin' | 'all';
  all: 'all';
}

/** A scope at least as wide as `Least` (what a screen needs); narrower kinds are refused. */
export type ScopeAtLeast<Least extends ScopeKind> = Extract<RowScope, { kind: Wider[Least] }>;

function kindOf(roleId: Actor['roleId']): ScopeKind {
  switch (roleId) {
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
      return 'own';
    case Role.PROVISIONER:
      return 'routed';
    case Role.ADMIN:
      return 'admin';
    case Role.AUDITOR:
    case Role.SUPERADMIN:
      return 'all';
  }
}

/**
 * The caller's row scope. `use: 'write'` refuses the auditor (403, read only); `least` refuses
 * (403) a caller whose scope is narrower than the screen needs — the routes' access already
 * refuses them, this refuses them again rather than scope them to nothing.
 */
export function rowScopeOf<Least extends ScopeKind = 'own'>(
  actor: Actor,
  { use = 'read', least }: { use?: 'read' | 'write'; least?: Least } = {},
): ScopeAtLeast<Least> {
  if (use === 'write' && actor.roleId === Role.AUDITOR) {
    throw auditorReadOnly();
  }
  const kind = kindOf(actor.roleId);
  if (least !== undefined && breadth[kind] < breadth[least]) {
    throw forbidden();
  }
  return { kind, userId: actor.userId, standsIn: actor.standsIn } as ScopeAtLeast<Least>;
}

/** Whether the caller may act on any person (the super admin), only on those inside her rows (an admin), or on nobody else. */
export function personReachOf(actor: Actor): 'all' | 'admin' | 'none' {
  if (actor.roleId === Role.AUDITOR) {
    return 'none';
  }
  const kind = kindOf(actor.roleId);
  return kind === 'all' || kind === 'admin' ? kind : 'none';
}
