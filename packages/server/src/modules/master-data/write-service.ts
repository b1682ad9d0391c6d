import {
  limits,
  messages,
  type MasterDataType,
  type PlatformAssetInput,
  type SaveClientAccountInput,
  type SaveClientInput,
  type SavePlatformAccessInput,
  type SavePlatformInput,
  type UpdateClientAccountInput,
  type UpdateClientInput,
  type UpdatePlatformInput,
  type UpdatePlatformUserTypeInput,
} from '@uap/domain';
import { inTransaction, nowIso, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { locate, sameText, snapshot, type Location } from './item-queries.ts';
import { writeLog, type LogItem } from './log.ts';
import {
  mayWriteGlobal,
  mayWriteMarket,
  mayWriteRegion,
  platformsWritable,
  requireScope,
  writeScopeOf,
  type WriteScope,
} from './scope.ts';

/** The item's location, or 404. */
async function found(q: Executor, type: MasterDataType, id: number): Promise<Location> {
  const at = await locate(q, type, id);
  if (!at) {
    throw notFound();
  }
  return at;
}

/** 404/403 unless the caller may change the item at `at` (scope.ts). */
export async function requireWritable(q: Executor, scope: WriteScope, type: MasterDataType, at: Location) {
  switch (type) {
    case 'Region':
    case 'Account Ownership':
      return requireScope(mayWriteGlobal(scope), type);
    case 'Market':
      return requireScope(mayWriteRegion(scope, at.regionId), type);
    case 'Platform User Type': {
      const writable = await platformsWritable(q, scope, [at.platformId ?? 0]);
      return requireScope(writable.get(at.platformId ?? 0) ?? false, type);
    }
    case 'Agency':
    case 'Practice':
    case 'Platform':
    case 'Client - Client Code':
    case 'Client Asset':
      return requireScope(mayWriteMarket(scope, at.regionId, at.marketId), type);
  }
}

/** Every agency offering the platform (or practice) lies in the scope: it may be reshaped. */
async function requireWholePlatform(q: Executor, scope: WriteScope, platformId: number) {
  const writable = await platformsWritable(q, scope, [platformId]);
  requireScope(writable.get(platformId) ?? false, 'Platform');
}

async function requireWholePractice(q: Executor, scope: WriteScope, practiceId: number) {
  if (scope.kind === 'all') {
    return;
  }
  const markets = await q
    .selectFrom('agencyPractices as ap')
    .innerJoin('agencies as a', 'a.agencyId', 'ap.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
    .select(['mk.regionId', 'mk.marketId'])
    .where('ap.practiceId', '=', practiceId)
    .execute();
  requireScope(
    markets.every((m) => mayWriteMarket(scope, m.regionId, m.marketId)),
    'Practice',
  );
}

/**
 * A unit of work several writes share (the spreadsheet upload): its transaction and the caller's
 * write scope, read once. A write given one runs inside it instead of opening its own.
 */
export interface WriteBatch {
  trx: Executor;
  scope: WriteScope;
}

/** Where a write runs: the database (its own transaction) or a batch's transaction. */
export type WriteTarget = Db | WriteBatch;

const isBatch = (target: WriteTarget): target is WriteBatch => 'trx' in target;

/** Runs a write in one transaction with its log rows; returns its result and message. */
async function write<T>(
  db: WriteTarget,
  actor: Actor,
  work: (trx: Executor, scope: WriteScope) => Promise<{ result: T; log: LogItem[] }>,
): Promise<T> {
  const run = async (trx: Executor, scope: WriteScope) => {
    const { result, log } = await work(trx, scope);
    await writeLog(trx, actor.userId, log);
    return result;
  };
  if (isBatch(db)) {
    return run(db.trx, db.scope);
  }
  return inTransaction(db, async (trx) => run(trx, await writeScopeOf(trx, actor)));
}

const exists = (type: string, name: string) => unprocessable(messages.masterDataExists(type, name));
const created = (type: MasterDataType, itemId: number, name: string, after: unknown): LogItem => ({
  type,
  itemId,
  operation: 'Created',
  description: `${type} ${name} created`,
  before: null,
  after,
});
const updated = (
  type: MasterDataType,
  itemId: number,
  name: string,
  before: unknown,
  after: unknown,
): LogItem => ({
  type,
  itemId,
  operation: 'Updated',
  description: `${type} ${name} updated`,
  before,
  after,
});

// ---------------------------------------------------------------- regions and ownerships

export function saveRegion(db: WriteTarget, actor: Actor, input: { Description: string }) {
  return write(db, actor, async (trx, scope) => {
    requireScope(mayWriteGlobal(scope), 'Region');
    if (
      await trx
        .selectFrom('regions')
        .select('regionId')
        .where(sameText('description', input.Description))
        .executeTakeFirst()
    ) {
      throw exists('Region', input.Description);
    }
    const { regionId } = await trx
      .insertInto('regions')
      .values({ description: input.Description })
      .returning('regionId')
      .executeTakeFirstOrThrow();
    return {
      result: { regionId },
      log: [created('Region', regionId, input.Description, await snapshot(trx, 'Region', regionId))],
    };
  });
}

export function updateRegion(
  db: WriteTarget,
  actor: Actor,
  input: { regionId: number; description: string },
) {
  return write(db, actor, async (trx, scope) => {
    await requireWritable(trx, scope, 'Region', await found(trx, 'Region', input.regionId));
    const clash = await trx
      .selectFrom('regions')
      .select('regionId')
      .where(sameText('description', input.description))
      .where('regionId', '!=', input.regionId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Region', input.description);
    }
    const before = await snapshot(trx, 'Region', input.regionId);
    await trx
      .updateTable('regions')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('regionId', '=', input.regionId)
      .execute();
    const after = await snapshot(trx, 'Region', input.regionId);
    return {
      result: { regionId: input.regionId },
      log: [updated('Region', input.regionId, input.description, before, after)],
    };
  });
}

export function saveOwnership(db: WriteTarget, actor: Actor, input: { Description: string }) {
  return write(db, actor, async (trx, scope) => {
    requireScope(mayWriteGlobal(scope), 'Account Ownership');
    const clash = await trx
      .selectFrom('platformOwnerships')
      .select('platformOwnershipId')
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Account Ownership', input.Description);
    }
    const { platformOwnershipId } = await trx
      .insertInto('platformOwnerships')
      .values({ description: input.Description })
      .returning('platformOwnershipId')
      .executeTakeFirstOrThrow();
    return {
      result: { platformOwnerShipId: platformOwnershipId },
      log: [
        created(
          'Account Ownership',
          platformOwnershipId,
          input.Description,
          await snapshot(trx, 'Account Ownership', platformOwnershipId),
        ),
      ],
    };
  });
}

export function updateOwnership(
  db: WriteTarget,
  actor: Actor,
  input: { platformOwnerShipId: number; description: string },
) {
  const id = input.platformOwnerShipId;
  return write(db, actor, async (trx, scope) => {
    await requireWritable(trx, scope, 'Account Ownership', await found(trx, 'Account Ownership', id));
    const clash = await trx
      .selectFrom('platformOwnerships')
      .select('platformOwnershipId')
      .where(sameText('description', input.description))
      .where('platformOwnershipId', '!=', id)
      .executeTakeFirst();
    if (clash) {
      throw exists('Account Ownership', input.description);
    }
    const before = await snapshot(trx, 'Account Ownership', id);
    await trx
      .updateTable('platformOwnerships')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('platformOwnershipId', '=', id)
      .execute();
    const after = await snapshot(trx, 'Account Ownership', id);
    return {
      result: { platformOwnerShipId: id },
      log: [updated('Account Ownership', id, input.description, before, after)],
    };
  });
}

// ---------------------------------------------------------------- markets and agencies

export function saveMarket(
  db: WriteTarget,
  actor: Actor,
  input: { Description: string; Code: string; RegionId: number },
) {
  return write(db, actor, async (trx, scope) => {
    await found(trx, 'Region', input.RegionId);
    requireScope(mayWriteRegion(scope, input.RegionId), 'Market');
    const clash = await trx
      .selectFrom('markets')
      .select('marketId')
      .where('regionId', '=', input.RegionId)
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Market', input.Description);
    }
    const { marketId } = await trx
      .insertInto('markets')
      .values({ regionId: input.RegionId, description: input.Description, code: input.Code })
      .returning('marketId')
      .executeTakeFirstOrThrow();
    return {
      result: { marketId },
      log: [created('Market', marketId, input.Description, await snapshot(trx, 'Market', marketId))],
    };
  });
}

export function updateMarket(
  db: WriteTarget,
  actor: Actor,
  input: { marketId: number; description: string; code: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Market', input.marketId);
    await requireWritable(trx, scope, 'Market', at);
    const clash = await trx
      .selectFrom('markets')
      .select('marketId')
      .where('regionId', '=', at.regionId ?? 0)
      .where(sameText('description', input.description))
      .where('marketId', '!=', input.marketId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Market', input.description);
    }
    const before = await snapshot(trx, 'Market', input.marketId);
    await trx
      .updateTable('markets')
      .set({ description: input.description, code: input.code, updatedDate: nowIso() })
      .where('marketId', '=', input.marketId)
      .execute();
    const after = await snapshot(trx, 'Market', input.marketId);
    return {
      result: { marketId: input.marketId },
      log: [updated('Market', input.marketId, input.description, before, after)],
    };
  });
}

export function saveAgency(db: WriteTarget, actor: Actor, input: { Description: string; MarketId: number }) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Market', input.MarketId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Agency');
    const clash = await trx
      .selectFrom('agencies')
      .select('agencyId')
      .where('marketId', '=', input.MarketId)
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Agency', input.Description);
    }
    const { agencyId } = await trx
      .insertInto('agencies')
      .values({ marketId: input.MarketId, description: input.Description })
      .returning('agencyId')
      .executeTakeFirstOrThrow();
    return {
      result: { agencyId },
      log: [created('Agency', agencyId, input.Description, await snapshot(trx, 'Agency', agencyId))],
    };
  });
}

export function updateAgency(
  db: WriteTarget,
  actor: Actor,
  input: { agencyId: number; description: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', input.agencyId);
    await requireWritable(trx, scope, 'Agency', at);
    const clash = await trx
      .selectFrom('agencies')
      .select('agencyId')
      .where('marketId', '=', at.marketId ?? 0)
      .where(sameText('description', input.description))
      .where('agencyId', '!=', input.agencyId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Agency', input.description);
    }
    const before = await snapshot(trx, 'Agency', input.agencyId);
    await trx
      .updateTable('agencies')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('agencyId', '=', input.agencyId)
      .execute();
    const after = await snapshot(trx, 'Agency', input.agencyId);
    return {
      result: { agencyId: input.agencyId },
      log: [updated('Agency', input.agencyId, input.description, before, after)],
    };
  });
}

// ---------------------------------------------------------------- practices

/** SavePractice: the practice of that name (made when new) offered by the agency. */
export function savePractice(
  db: WriteTarget,
  actor: Actor,
  input: { Description: string; AgencyId: number },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', input.AgencyId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Practice');
    const existing = await trx
      .selectFrom('practices')
      .select('practiceId')
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    const practiceId =
      existing?.practiceId ??
      (
        await trx
          .insertInto('practices')
          .values({ description: input.Description })
          .returning('practiceId')
          .executeTakeFirstOrThrow()
      ).practiceId;
    const linked = await trx
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('agencyId', '=', input.AgencyId)
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    if (linked) {
      throw exists('Practice', input.Description);
    }
    const { agencyPracticeId } = await trx
      .insertInto('agencyPractices')
      .values({ agencyId: input.AgencyId, practiceId })
      .returning('agencyPracticeId')
      .executeTakeFirstOrThrow();
    const after = { ...(await snapshot(trx, 'Practice', agencyPracticeId)), description: input.Description };
    return {
      result: { agencyPracticeId, practiceId },
      log: [created('Practice', agencyPracticeId, input.Description, after)],
    };
  });
}

/** PUT Practice: renames the practice; every agency offering it must be in the caller's scope. */
export function updatePractice(
  db: WriteTarget,
  actor: Actor,
  input: { agencyPracticeId: number; description: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Practice', input.agencyPracticeId);
    await requireWritable(trx, scope, 'Practice', at);
    const practiceId = at.practiceId ?? 0;
    await requireWholePractice(trx, scope, practiceId);
    const clash = await trx
      .selectFrom('practices')
      .select('practiceId')
      .where(sameText('description', input.description))
      .where('practiceId', '!=', practiceId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Practice', input.description);
    }
    const before = await trx
      .selectFrom('practices')
      .selectAll()
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    await trx
      .updateTable('practices')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('practiceId', '=', practiceId)
      .execute();
    const after = await trx
      .selectFrom('practices')
      .selectAll()
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    const links = await trx
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('practiceId', '=', practiceId)
      .execute();
    return {
      result: { agencyPracticeId: input.agencyPracticeId, practiceId },
      log: links.map((l) => updated('Practice', l.agencyPracticeId, input.description, before, after)),
    };
  });
}

// ---------------------------------------------------------------- platforms

async function platformSnapshot(q: Executor, platformId: number) {
  const platform = await q
    .selectFrom('platforms')
    .selectAll()
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  const assets = await q
    .selectFrom('assetTypes')
    .select(['assetId', 'description', 'assetName', 'isSystemRecord', 'isDeleted'])
    .where('platformId', '=', platformId)
    .orderBy('sortOrder')
    .orderBy('assetId')
    .execute();
  return { ...platform, assets };
}

async function writeAssets(q: Executor, platformId: number, assets: readonly PlatformAssetInput[]) {
  const existing = await q
    .selectFrom('assetTypes')
    .select(['assetId', 'sortOrder'])
    .where('platformId', '=', platformId)
    .execute();
  const own = new Set(existing.map((a) => a.assetId));
  let order = Math.max(0, ...existing.map((a) => a.sortOrder));
  for (const asset of assets) {
    const values = {
      description: asset.description,
      assetName: asset.assetName,
      isSystemRecord: asset.isSystemRecord ? 1 : 0,
      isDeleted: asset.isDeleted ? 1 : 0,
    };
    if (asset.assetId) {
      if (!own.has(asset.assetId)) {
        throw unprocessable(messages.assetTypeNotOfPlatform);
      }
      await q
        .updateTable('assetTypes')
        .set({ ...values, updatedDate: nowIso() })
        .where('assetId', '=', asset.assetId)
        .execute();
    } else {
      order += 1;
      await q
        .insertInto('assetTypes')
        .values({ ...values, platformId, sortOrder: order })
        .execute();
    }
  }
}

/** GET ValidatePlatform: the platform of that name, if any (SavePlatform then offers it instead of making one). */
export async function findPlatformByName(q: Executor, description: string) {
  return q
    .selectFrom('platforms')
    .select('platformId')
    .where(sameText('description', description))
    .orderBy('platformId')
    .executeTakeFirst();
}

/**
 * SavePlatform: offers the platform of that name on the agency and practice, making the platform
 * and its asset types first when there is none (an existing platform keeps its own asset types:
 * Modify Platform changes them).
 */
export function savePlatform(db: WriteTarget, actor: Actor, input: SavePlatformInput) {
  const p = input.Platform;
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', p.AgencyId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Platform');
    const offersPractice = await trx
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('agencyId', '=', p.AgencyId)
      .where('practiceId', '=', p.PracticeId)
      .executeTakeFirst();
    if (!offersPractice) {
      throw notFound();
    }
    const existing = await findPlatformByName(trx, p.Description);
    let platformId = existing?.platformId;
    if (platformId === undefined) {
      platformId = (
        await trx
          .insertInto('platforms')
          .values({
            description: p.Description,
            businessAccess: p.BusinessAccess ? 1 : 0,
            bussinesAccessName: p.BusinessAccess ? p.BussinesAccessName : null,
            bussinesAccessId: p.BusinessAccess ? p.BussinesAccessId : null,
          })
          .returning('platformId')
          .executeTakeFirstOrThrow()
      ).platformId;
      await writeAssets(trx, platformId, input.Assets);
    }
    const offered = await trx
      .selectFrom('platformAgencies')
      .select('platformAgencyId')
      .where('platformId', '=', platformId)
      .where('agencyId', '=', p.AgencyId)
      .where('practiceId', '=', p.PracticeId)
      .executeTakeFirst();
    if (offered) {
      throw exists('Platform', p.Description);
    }
    const { platformAgencyId } = await trx
      .insertInto('platformAgencies')
      .values({ platformId, agencyId: p.AgencyId, practiceId: p.PracticeId })
      .returning('platformAgencyId')
      .executeTakeFirstOrThrow();
    const after = {
      ...(await snapshot(trx, 'Platform', platformAgencyId)),
      platform: await platformSnapshot(trx, platformId),
    };
    return {
      result: { platformId, platformAgencyId },
      log: [created('Platform', platformAgencyId, p.Description, after)],
    };
  });
}

/** PUT Platform: the platform's fields and asset types (every agency offering it in scope). */
export function updatePlatform(db: WriteTarget, actor: Actor, input: UpdatePlatformInput) {
  return write(db, actor, async (trx, scope) => {
    const platform = await trx
      .selectFrom('platforms')
      .select('platformId')
      .where('platformId', '=', input.platformId)
      .executeTakeFirst();
    if (!platform) {
      throw notFound();
    }
    await requireWholePlatform(trx, scope, input.platformId);
    const clash = await trx
      .selectFrom('platforms')
      .select('platformId')
      .where(sameText('description', input.description))
      .where('platformId', '!=', input.platformId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Platform', input.description);
    }
    const before = await platformSnapshot(trx, input.platformId);
    await trx
      .updateTable('platforms')
      .set({
        description: input.description,
        businessAccess: input.businessAccess ? 1 : 0,
        bussinesAccessName: input.businessAccess ? input.bussinesAccessName : null,
        bussinesAccessId: input.businessAccess ? input.bussinesAccessId : null,
        updatedDate: nowIso(),
      })
      .where('platformId', '=', input.platformId)
      .execute();
    await writeAssets(trx, input.platformId, input.assets);
    const after = await platformSnapshot(trx, input.platformId);
    const links = await trx
      .selectFrom('platformAgencies')
      .select('platformAgencyId')
      .where('platformId', '=', input.platformId)
      .execute();
    return {
      result: { platformId: input.platformId },
      log: links.map((l) => updated('Platform', l.platformAgencyId, input.description, before, after)),
    };
  });
}

// ---------------------------------------------------------------- platform user types

async function requireUserTypeAsset(q: Executor, platformId: number, assetId: number | null) {
  if (assetId === null) {
    const platform = await q
      .selectFrom('platforms')
      .select('businessAccess')
      .where('platformId', '=', platformId)
      .executeTakeFirst();
    if (platform?.businessAccess !== 1) {
      throw unprocessable(messages.platformLevelTypeNeedsBusinessAccess);
    }
    return;
  }
  const asset = await q
    .selectFrom('assetTypes')
    .select('platformId')
    .where('assetId', '=', assetId)
    .executeTakeFirst();
  if (asset?.platformId !== platformId) {
    throw unprocessable(messages.assetTypeNotOfPlatform);
  }
}

/** SavePlatformAccess: a platform user type, last in the platform's order. */
export function savePlatformAccess(db: WriteTarget, actor: Actor, input: SavePlatformAccessInput) {
  return write(db, actor, async (trx, scope) => {
    const platform = await trx
      .selectFrom('platforms')
      .select('platformId')
      .where('platformId', '=', input.PlatformId)
      .executeTakeFirst();
    if (!platform) {
      throw notFound();
    }
    const writable = await platformsWritable(trx, scope, [input.PlatformId]);
    requireScope(writable.get(input.PlatformId) ?? false, 'Platform User Type');
    await requireUserTypeAsset(trx, input.PlatformId, input.AssetId);
    const clash = await trx
      .selectFrom('platformUserTypes')
      .select('platformUserTypeId')
      .where('platformId', '=', input.PlatformId)
      .where((eb) => (input.AssetId === null ? eb('assetId', 'is', null) : eb('assetId', '=', input.AssetId)))
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Platform User Type', input.Description);
    }
    const last = await trx
      .selectFrom('platformUserTypes')
      .select((eb) => eb.fn.max('sortOrder').as('sortOrder'))
      .where('platformId', '=', input.PlatformId)
      .executeTakeFirst();
    const { platformUserTypeId } = await trx
      .insertInto('platformUserTypes')
      .values({
        platformId: input.PlatformId,
        assetId: input.AssetId,
        description: input.Description,
        basicName: input.BasicName,
        sortOrder: Number(last?.sortOrder ?? 0) + 1,
      })
      .returning('platformUserTypeId')
      .executeTakeFirstOrThrow();
    return {
      result: { platformUserTypeId },
      log: [
        created(
          'Platform User Type',
          platformUserTypeId,
          input.Description,
          await snapshot(trx, 'Platform User Type', platformUserTypeId),
        ),
      ],
    };
  });
}

export function updatePlatformUserType(db: WriteTarget, actor: Actor, input: UpdatePlatformUserTypeInput) {
  const id = input.platformUserTypeId;
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Platform User Type', id);
    await requireWritable(trx, scope, 'Platform User Type', at);
    const platformId = at.platformId ?? 0;
    await requireUserTypeAsset(trx, platformId, input.assetId);
    const clash = await trx
      .selectFrom('platformUserTypes')
      .select('platformUserTypeId')
      .where('platformId', '=', platformId)
      .where((eb) => (input.assetId === null ? eb('assetId', 'is', null) : eb('assetId', '=', input.assetId)))
      .where(sameText('description', input.description))
      .where('platformUserTypeId', '!=', id)
      .executeTakeFirst();
    if (clash) {
      throw exists('Platform User Type', input.description);
    }
    const before = await snapshot(trx, 'Platform User Type', id);
    await trx
      .updateTable('platformUserTypes')
      .set({
        description: input.description,
        basicName: input.basicName,
        assetId: input.assetId,
        updatedDate: nowIso(),
      })
      .where('platformUserTypeId', '=', id)
      .execute();
    const after = await snapshot(trx, 'Platform User Type', id);
    return {
      result: { platformUserTypeId: id },
      log: [updated('Platform User Type', id, input.description, before, after)],
    };
  });
}

// ---------------------------------------------------------------- clients and client codes

/** Codes (upper-cased) held by the other active clients of the platform at the agency. */
async function codesOfOtherClients(
  q: Executor,
  o: { platformId: number; agencyId: number; clientId: number | null },
) {
  const rows = await q
    .selectFrom('clientCodes as cc')
    .innerJoin('clients as c', 'c.clientId', 'cc.clientId')
    .select('cc.code')
    .where('c.platformId', '=', o.platformId)
    .where('c.agencyId', '=', o.agencyId)
    .where('cc.isDeleted', '=', 0)
    .$if(o.clientId !== null, (b) => b.where('c.clientId', '!=', o.clientId ?? 0))
    .execute();
  return new Set(rows.map((r) => r.code.toUpperCase()));
}

export function saveClient(db: WriteTarget, actor: Actor, input: SaveClientInput) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', input.AgencyId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Client - Client Code');
    const offered = await trx
      .selectFrom('platformAgencies')
      .select('platformAgencyId')
      .where('agencyId', '=', input.AgencyId)
      .where('platformId', '=', input.PlatformId)
      .executeTakeFirst();
    if (!offered) {
      throw unprocessable(messages.platformNotOnAgency);
    }
    const clash = await trx
      .selectFrom('clients')
      .select('clientId')
      .where('agencyId', '=', input.AgencyId)
      .where('platformId', '=', input.PlatformId)
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Client', input.Description);
    }
    const taken = await codesOfOtherClients(trx, {
      platformId: input.PlatformId,
      agencyId: input.AgencyId,
      clientId: null,
    });
    if (input.ClientCode.some((c) => taken.has(c.toUpperCase()))) {
      throw unprocessable(messages.clientCodeExists);
    }
    const { clientId } = await trx
      .insertInto('clients')
      .values({ platformId: input.PlatformId, agencyId: input.AgencyId, description: input.Description })
      .returning('clientId')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('clientCodes')
      .values(input.ClientCode.map((code) => ({ clientId, code, isDeleted: 0, isSystemRecord: 0 })))
      .execute();
    return {
      result: { clientId },
      log: [
        created(
          'Client - Client Code',
          clientId,
          input.Description,
          await snapshot(trx, 'Client - Client Code', clientId),
        ),
      ],
    };
  });
}

/**
 * PUT Client: the name and the codes of the dialog — new ones added, existing ones toggled
 * Active/Inactive, removed ones deleted (refused while a request uses them); at most 6 codes,
 * none twice ('Duplicate client codes found!'), none held by another client of the platform at
 * the agency ('Client code already exists').
 */
export function updateClient(db: WriteTarget, actor: Actor, input: UpdateClientInput) {
  const clientId = input.clientId;
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Client - Client Code', clientId);
    await requireWritable(trx, scope, 'Client - Client Code', at);
    const clash = await trx
      .selectFrom('clients')
      .select('clientId')
      .where('agencyId', '=', at.agencyId ?? 0)
      .where('platformId', '=', at.platformId ?? 0)
      .where(sameText('description', input.description))
      .where('clientId', '!=', clientId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Client', input.description);
    }
    const current = await trx
      .selectFrom('clientCodes')
      .select(['clientCodeId', 'code'])
      .where('clientId', '=', clientId)
      .execute();
    const currentIds = new Set(current.map((c) => c.clientCodeId));
    if (input.clientCode.some((c) => c.clientCodeId && !currentIds.has(c.clientCodeId))) {
      throw notFound();
    }
    const mentioned = new Set(input.clientCode.map((c) => c.clientCodeId).filter((id) => id));
    const kept = [
      ...current.filter((c) => !mentioned.has(c.clientCodeId)).map((c) => c.code),
      ...input.clientCode.filter((c) => !c.isRemoved).map((c) => c.code),
    ];
    if (kept.length > limits.clientCodesPerClient) {
      throw unprocessable(messages.tooManyClientCodes(limits.clientCodesPerClient));
    }
    if (new Set(kept.map((c) => c.toUpperCase())).size !== kept.length) {
      throw unprocessable(messages.duplicateClientCodes);
    }
    const taken = await codesOfOtherClients(trx, {
      platformId: at.platformId ?? 0,
      agencyId: at.agencyId ?? 0,
      clientId,
    });
    if (input.clientCode.some((c) => !c.isRemoved && !c.isDeleted && taken.has(c.code.toUpperCase()))) {
      throw unprocessable(messages.clientCodeExists);
    }
    const before = await snapshot(trx, 'Client - Client Code', clientId);
    for (const code of input.clientCode) {
      if (!code.clientCodeId) {
        if (!code.isRemoved) {
          await trx
            .insertInto('clientCodes')
            .values({ clientId, code: code.code, isDeleted: code.isDeleted ? 1 : 0, isSystemRecord: 0 })
            .execute();
        }
      } else if (code.isRemoved) {
        const used = await trx
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('clientCodeId', '=', code.clientCodeId)
          .executeTakeFirst();
        const requests = Number(used?.count ?? 0);
        if (requests > 0) {
          throw unprocessable(messages.clientCodeInUse(code.code, requests));
        }
        await trx.deleteFrom('clientCodes').where('clientCodeId', '=', code.clientCodeId).execute();
      } else {
        await trx
          .updateTable('clientCodes')
          .set({ code: code.code, isDeleted: code.isDeleted ? 1 : 0, updatedDate: nowIso() })
          .where('clientCodeId', '=', code.clientCodeId)
          .execute();
      }
    }
    await trx
      .updateTable('clients')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('clientId', '=', clientId)
      .execute();
    const after = await snapshot(trx, 'Client - Client Code', clientId);
    return {
      result: { clientId },
      log: [updated('Client - Client Code', clientId, input.description, before, after)],
    };
  });
}

// ---------------------------------------------------------------- client assets

/** The asset type belongs to the client's platform; its asset ID is required unless it is a system one. */
async function requireAssetOfClient(
  q: Executor,
  clientId: number,
  assetId: number,
  assetReference: string | null,
) {
  const asset = await q
    .selectFrom('assetTypes as at')
    .innerJoin('clients as c', 'c.platformId', 'at.platformId')
    .select('at.isSystemRecord')
    .where('at.assetId', '=', assetId)
    .where('c.clientId', '=', clientId)
    .executeTakeFirst();
  if (!asset) {
    throw unprocessable(messages.assetTypeNotOfPlatform);
  }
  if (asset.isSystemRecord !== 1 && assetReference === null) {
    throw unprocessable(messages.fillAllFields);
  }
}

export function saveClientAccount(db: WriteTarget, actor: Actor, input: SaveClientAccountInput) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Client - Client Code', input.ClientId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Client Asset');
    await requireAssetOfClient(trx, input.ClientId, input.AssetId, input.AssetReference);
    const { clientAccountId } = await trx
      .insertInto('clientAccounts')
      .values({
        clientId: input.ClientId,
        assetId: input.AssetId,
        description: input.Description,
        assetReference: input.AssetReference,
      })
      .returning('clientAccountId')
      .executeTakeFirstOrThrow();
    return {
      result: { clientAccountId },
      log: [
        created(
          'Client Asset',
          clientAccountId,
          input.Description,
          await snapshot(trx, 'Client Asset', clientAccountId),
        ),
      ],
    };
  });
}

export function updateClientAccount(db: WriteTarget, actor: Actor, input: UpdateClientAccountInput) {
  const id = input.clientAccountId;
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Client Asset', id);
    await requireWritable(trx, scope, 'Client Asset', at);
    await requireAssetOfClient(trx, at.clientId ?? 0, input.assetId, input.assetReference);
    const before = await snapshot(trx, 'Client Asset', id);
    await trx
      .updateTable('clientAccounts')
      .set({
        assetId: input.assetId,
        description: input.description,
        assetReference: input.assetReference,
        updatedDate: nowIso(),
      })
      .where('clientAccountId', '=', id)
      .execute();
    const after = await snapshot(trx, 'Client Asset', id);
    return {
      result: { clientAccountId: id },
      log: [updated('Client Asset', id, input.description, before, after)],
    };
  });
}
