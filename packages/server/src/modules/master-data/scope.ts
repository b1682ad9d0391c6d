import { Role, messages, type MasterDataType } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { findAdminRows } from '../../http/row-scope-queries.ts';
import { findPlatformMarkets } from './scope-queries.ts';

/**
 * Where a caller may change master data: a super admin everywhere; an administrator inside the
 * (region, market) rows of their admin profile — a market (and a new one) anywhere in a region
 * they hold a row in, everything below a market only in a (region, market) pair they hold; the
 * auditor nowhere (403, read only). Regions and account ownerships span every market, so only a
 * super admin changes them. A practice or platform is shared by every agency that offers it: an
 * administrator renames or reshapes one only when every agency offering it lies inside their rows.
 */
export type WriteScope =
  | { kind: 'all' }
  | { kind: 'admin'; regionIds: ReadonlySet<number>; pairs: ReadonlySet<string> }
  | { kind: 'none' };

const pairKey = (regionId: number, marketId: number) => `${regionId}:${marketId}`;

/** The caller's write scope for the table's `canEdit` (auditors: none; never throws for reads). */
export async function writeScopeForRead(q: Executor, actor: Actor): Promise<WriteScope> {
  if (actor.roleId === Role.SUPERADMIN) {
    return { kind: 'all' };
  }
  if (actor.roleId !== Role.ADMIN) {
    return { kind: 'none' };
  }
  return adminWriteScope(q, actor.userId);
}

/** The caller's write scope; 403 for the auditor and any role below admin. */
export async function writeScopeOf(q: Executor, actor: Actor): Promise<WriteScope> {
  const scope = adminScopeOf(actor, 'write');
  return scope.kind === 'all' ? { kind: 'all' } : adminWriteScope(q, scope.userId);
}

async function adminWriteScope(q: Executor, userId: number): Promise<WriteScope> {
  const rows = await findAdminRows(q, userId);
  return {
    kind: 'admin',
    regionIds: new Set(rows.map((r) => r.regionId)),
    pairs: new Set(rows.map((r) => pairKey(r.regionId, r.marketId))),
  };
}

/** Types only a super admin adds or changes. */
export const superAdminTypes: ReadonlySet<MasterDataType> = new Set(['Region', 'Account Ownership']);

export function mayWriteGlobal(scope: WriteScope): boolean {
  return scope.kind === 'all';
}
export function mayWriteRegion(scope: WriteScope, regionId: number | null): boolean {
  return (
    scope.kind === 'all' || (scope.kind === 'admin' && regionId !== null && scope.regionIds.has(regionId))
  );
}
export function mayWriteMarket(scope: WriteScope, regionId: number | null, marketId: number | null): boolean {
  return (
    scope.kind === 'all' ||
    (scope.kind === 'admin' &&
      regionId !== null &&
      marketId !== null &&
      scope.pairs.has(pairKey(regionId, marketId)))
  );
}
export function mayWriteEveryMarket(
  scope: WriteScope,
  markets: readonly { regionId: number; marketId: number }[],
) {
  return (
    scope.kind === 'all' ||
    (scope.kind === 'admin' && markets.every((m) => mayWriteMarket(scope, m.regionId, m.marketId)))
  );
}

/** Refuses a write outside the scope: 403 for a super-admin-only type, else 404 (the row is not the caller's). */
export function requireScope(isAllowed: boolean, type: MasterDataType): void {
  if (isAllowed) {
    return;
  }
  if (superAdminTypes.has(type)) {
    throw new HttpError(403, messages.masterDataWriteNotAllowed(type));
  }
  throw notFound();
}

/** Per platform: may the caller change it (every agency path offering it inside the scope)? */
export async function platformsWritable(
  q: Executor,
  scope: WriteScope,
  platformIds: readonly number[],
): Promise<Map<number, boolean>> {
  const result = new Map<number, boolean>(platformIds.map((id) => [id, scope.kind === 'all']));
  if (scope.kind !== 'admin') {
    return result;
  }
  const markets = await findPlatformMarkets(q, [...new Set(platformIds)]);
  for (const id of platformIds) {
    const own = markets.filter((m) => m.platformId === id);
    result.set(id, own.length > 0 && mayWriteEveryMarket(scope, own));
  }
  return result;
}
