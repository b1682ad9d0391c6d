import { Role } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './queries.ts';
import * as present from './present.ts';

interface Flags {
  onlyActive: boolean;
  forRequests: boolean;
  adminScoped: boolean;
}

async function scopeOf(db: Db, actor: Actor, adminScoped: boolean) {
  return adminScoped ? q.findAdminScope(db, actor.userId, actor.roleId === Role.SUPERADMIN) : null;
}

export async function regions(db: Db, actor: Actor, o: Flags) {
  const rows = await q.findRegions(db, { ...o, scope: await scopeOf(db, actor, o.adminScoped) });
  return rows.map(present.presentRegion);
}

export async function markets(db: Db, actor: Actor, o: Flags & { regionId: number }) {
  const rows = await q.findMarkets(db, { ...o, scope: await scopeOf(db, actor, o.adminScoped) });
  return rows.map(present.presentMarket);
}

export async function agencies(db: Db, o: { marketId: number; onlyActive: boolean; forRequests: boolean }) {
  return (await q.findAgencies(db, o)).map(present.presentAgency);
}

export async function practices(db: Db, o: { agencyId: number; onlyActive: boolean; forRequests: boolean }) {
  return (await q.findAgencyPractices(db, o)).map(present.presentAgencyPractice);
}

export async function platformsOnPath(
  db: Db,
  o: { agencyId: number; practiceId: number; withAssets: boolean; onlyActive: boolean },
) {
  const platforms = await q.findPlatformsOnPath(db, o);
  const assets = o.withAssets
    ? await q.findAssetTypes(db, {
        platformIds: platforms.map((p) => p.platformId),
        onlyActive: o.onlyActive,
      })
    : [];
  return platforms.map((p) => present.presentPlatform(p, assets));
}

export async function platformWithAssets(
  db: Db,
  o: { platformId: number; clientId?: number; onlyActive: boolean },
) {
  const platform = await q.getPlatform(db, o.platformId);
  if (!platform) {
    throw notFound();
  }
  const assets = await q.findAssetTypes(db, {
    platformIds: [platform.platformId],
    clientId: o.clientId,
    onlyActive: o.onlyActive,
  });
  return present.presentPlatform(platform, assets);
}

export async function clients(
  db: Db,
  o: { platformId: number; agencyId: number; withCodes: boolean; onlyActive: boolean },
) {
  const rows = await q.findClients(db, o);
  const codes = o.withCodes
    ? await q.findClientCodes(db, { clientIds: rows.map((c) => c.clientId), onlyActive: o.onlyActive })
    : [];
  return rows.map((c) => present.presentClient(c, codes));
}

export async function clientCodes(db: Db, o: { clientId: number; onlyActive: boolean }) {
  const rows = await q.findClientCodes(db, { clientIds: [o.clientId], onlyActive: o.onlyActive });
  return rows.map(({ clientCodeId, code, isSystemRecord, isDeleted }) => ({
    clientCodeId,
    code,
    isSystemRecord: isSystemRecord === 1,
    isDeleted: isDeleted === 1,
  }));
}

export async function clientAccounts(db: Db, o: { clientId: number; assetId: number; onlyActive: boolean }) {
  return (await q.findClientAccounts(db, o)).map(present.presentClientAccount);
}

export async function platformUserTypes(
  db: Db,
  o: { assetId: number; platformId: number | null; onlyPlatform: boolean; onlyActive: boolean },
) {
  return (await q.findPlatformUserTypes(db, o)).map(present.presentPlatformUserType);
}

export async function ownerships(db: Db, onlyActive: boolean) {
  return (await q.findPlatformOwnerships(db, onlyActive)).map((o) => ({
    platformOwnerShipId: o.platformOwnershipId,
    description: o.description,
    isDeleted: o.isDeleted === 1,
  }));
}

export async function platformAgencies(
  db: Db,
  o: { platformId: number; marketId: number; practiceId: number; onlyActive: boolean },
) {
  return (await q.findPlatformAgencies(db, o)).map((r) => ({ ...r, isDeleted: r.isDeleted === 1 }));
}

export async function agencyClients(db: Db, platformId: number, agencyId: number) {
  const rows = await q.findClients(db, { platformId, agencyId, onlyActive: true });
  return rows.map((c) => ({ id: c.clientId, client: c.description }));
}

export async function agencyPlatforms(db: Db) {
  const pairs = await q.findAgencyPlatformPairs(db);
  const byPlatform = new Map<
    number,
    { platformId: number; platform: string; agencies: { agencyId: number; agency: string }[] }
  >();
  for (const p of pairs) {
    const entry = byPlatform.get(p.platformId) ?? {
      platformId: p.platformId,
      platform: p.platform,
      agencies: [],
    };
    entry.agencies.push({ agencyId: p.agencyId, agency: p.agency });
    byPlatform.set(p.platformId, entry);
  }
  return [...byPlatform.values()];
}
