import {
  messages,
  type PlatformAssetInput,
  type SavePlatformAccessInput,
  type SavePlatformInput,
  type UpdatePlatformInput,
  type UpdatePlatformUserTypeInput,
} from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { findAgencyPractice } from './geography-write-queries.ts';
import { nowhere, snapshot } from './item-queries.ts';
import * as pq from './platform-write-queries.ts';
import { mayWriteMarket, requireScope } from './scope.ts';
import {
  created,
  exists,
  found,
  requireWholePlatform,
  saveItem,
  updateItem,
  updateOffered,
  write,
  type WriteTarget,
} from './write-kernel.ts';

/** Saves and updates of platforms (with their asset types) and platform user types. */

/** 404 unless the platform exists. */
async function requirePlatform(q: Executor, platformId: number) {
  if (!(await pq.findPlatformId(q, platformId))) {
    throw notFound();
  }
}

// ---------------------------------------------------------------- platforms

async function writeAssets(q: Executor, platformId: number, assets: readonly PlatformAssetInput[]) {
  const existing = await pq.findAssetOrders(q, platformId);
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
      await pq.updateAssetType(q, asset.assetId, values);
    } else {
      order += 1;
      await pq.insertAssetType(q, { ...values, platformId, sortOrder: order });
    }
  }
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
    if (!(await findAgencyPractice(trx, p.AgencyId, p.PracticeId))) {
      throw notFound();
    }
    const existing = await pq.findPlatformByName(trx, p.Description);
    let platformId = existing?.platformId;
    if (platformId === undefined) {
      platformId = await pq.insertPlatform(trx, {
        description: p.Description,
        businessAccess: p.BusinessAccess ? 1 : 0,
        bussinesAccessName: p.BusinessAccess ? p.BussinesAccessName : null,
        bussinesAccessId: p.BusinessAccess ? p.BussinesAccessId : null,
      });
      await writeAssets(trx, platformId, input.Assets);
    }
    const offer = { platformId, agencyId: p.AgencyId, practiceId: p.PracticeId };
    if (await pq.findPlatformOffer(trx, offer)) {
      throw exists('Platform', p.Description);
    }
    const platformAgencyId = await pq.insertPlatformOffer(trx, offer);
    const after = {
      ...(await snapshot(trx, 'Platform', platformAgencyId)),
      platform: await pq.findPlatformWithAssets(trx, platformId),
    };
    return {
      result: { platformId, platformAgencyId },
      log: [created('Platform', platformAgencyId, p.Description, after)],
    };
  });
}

/** PUT Platform: the platform's fields and asset types (every agency offering it in scope). */
export function updatePlatform(db: WriteTarget, actor: Actor, input: UpdatePlatformInput) {
  return updateOffered(db, actor, {
    type: 'Platform',
    name: input.description,
    find: async (trx, scope) => {
      await requirePlatform(trx, input.platformId);
      await requireWholePlatform(trx, scope, input.platformId, 'Platform');
      return input.platformId;
    },
    taken: (trx, platformId) => pq.findPlatformNamed(trx, input.description, platformId),
    read: (trx, platformId) => pq.findPlatformWithAssets(trx, platformId),
    change: async (trx, platformId) => {
      await pq.updatePlatformRow(trx, platformId, {
        description: input.description,
        businessAccess: input.businessAccess ? 1 : 0,
        bussinesAccessName: input.businessAccess ? input.bussinesAccessName : null,
        bussinesAccessId: input.businessAccess ? input.bussinesAccessId : null,
      });
      await writeAssets(trx, platformId, input.assets);
    },
    offers: async (trx, platformId) =>
      (await pq.findPlatformOffers(trx, platformId)).map((l) => l.platformAgencyId),
    result: (platformId) => ({ platformId }),
  });
}

// ---------------------------------------------------------------- platform user types

async function requireUserTypeAsset(q: Executor, platformId: number, assetId: number | null) {
  if (assetId === null) {
    const platform = await pq.findPlatformBusinessAccess(q, platformId);
    if (platform?.businessAccess !== 1) {
      throw unprocessable(messages.platformLevelTypeNeedsBusinessAccess);
    }
    return;
  }
  const asset = await pq.findAssetTypePlatform(q, assetId);
  if (asset?.platformId !== platformId) {
    throw unprocessable(messages.assetTypeNotOfPlatform);
  }
}

/** SavePlatformAccess: a platform user type, last in the platform's order. */
export function savePlatformAccess(db: WriteTarget, actor: Actor, input: SavePlatformAccessInput) {
  return saveItem(db, actor, {
    type: 'Platform User Type',
    name: input.Description,
    under: async (trx) => {
      await requirePlatform(trx, input.PlatformId);
      return { ...nowhere, platformId: input.PlatformId };
    },
    check: (trx) => requireUserTypeAsset(trx, input.PlatformId, input.AssetId),
    taken: (trx) =>
      pq.findUserTypeNamed(trx, {
        platformId: input.PlatformId,
        assetId: input.AssetId,
        description: input.Description,
      }),
    insert: async (trx) =>
      pq.insertUserType(trx, {
        platformId: input.PlatformId,
        assetId: input.AssetId,
        description: input.Description,
        basicName: input.BasicName,
        sortOrder: (await pq.findLastUserTypeOrder(trx, input.PlatformId)) + 1,
      }),
    result: (platformUserTypeId) => ({ platformUserTypeId }),
  });
}

export function updatePlatformUserType(db: WriteTarget, actor: Actor, input: UpdatePlatformUserTypeInput) {
  const id = input.platformUserTypeId;
  return updateItem(db, actor, {
    type: 'Platform User Type',
    id,
    name: input.description,
    check: (trx, at) => requireUserTypeAsset(trx, at.platformId ?? 0, input.assetId),
    taken: (trx, at) =>
      pq.findUserTypeNamed(trx, {
        platformId: at.platformId ?? 0,
        assetId: input.assetId,
        description: input.description,
        exceptId: id,
      }),
    change: (trx) =>
      pq.updateUserTypeRow(trx, id, {
        description: input.description,
        basicName: input.basicName,
        assetId: input.assetId,
      }),
    result: { platformUserTypeId: id },
  });
}
