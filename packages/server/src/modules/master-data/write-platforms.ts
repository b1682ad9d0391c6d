import {
  messages,
  type PlatformAssetInput,
  type SavePlatformAccessInput,
  type SavePlatformInput,
  type UpdatePlatformInput,
  type UpdatePlatformUserTypeInput,
} from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { sameText, snapshot } from './item-queries.ts';
import { mayWriteMarket, requireScope } from './scope.ts';
import {
  created,
  createdAsSaved,
  exists,
  found,
  requireWholePlatform,
  requireWritable,
  updated,
  write,
  type WriteTarget,
} from './write-kernel.ts';

/** Saves and updates of platforms (with their asset types) and platform user types. */

/** 404 unless the platform exists. */
async function requirePlatform(q: Executor, platformId: number) {
  const platform = await q
    .selectFrom('platforms')
    .select('platformId')
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  if (!platform) {
    throw notFound();
  }
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
    await requirePlatform(trx, input.platformId);
    await requireWholePlatform(trx, scope, input.platformId, 'Platform');
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
    await requirePlatform(trx, input.PlatformId);
    await requireWholePlatform(trx, scope, input.PlatformId, 'Platform User Type');
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
      log: [await createdAsSaved(trx, 'Platform User Type', platformUserTypeId, input.Description)],
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
