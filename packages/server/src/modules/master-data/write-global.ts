import type { Actor } from '../../http/actor.ts';
import * as g from './geography-write-queries.ts';
import { mayWriteGlobal, requireScope } from './scope.ts';
import { createdAsSaved, exists, updateItem, write, type WriteTarget } from './write-kernel.ts';

/** Saves and updates of what spans every market, kept by super admins: regions, account ownerships. */

export function saveRegion(db: WriteTarget, actor: Actor, input: { Description: string }) {
  return write(db, actor, async (trx, scope) => {
    requireScope(mayWriteGlobal(scope), 'Region');
    if (await g.findRegionNamed(trx, input.Description)) {
      throw exists('Region', input.Description);
    }
    const regionId = await g.insertRegion(trx, input.Description);
    return {
      result: { regionId },
      log: [await createdAsSaved(trx, 'Region', regionId, input.Description)],
    };
  });
}

export function updateRegion(
  db: WriteTarget,
  actor: Actor,
  input: { regionId: number; description: string },
) {
  const id = input.regionId;
  return updateItem(db, actor, {
    type: 'Region',
    id,
    name: input.description,
    taken: (trx) => g.findRegionNamed(trx, input.description, id),
    change: (trx) => g.renameRegion(trx, id, input.description),
    result: { regionId: id },
  });
}

export function saveOwnership(db: WriteTarget, actor: Actor, input: { Description: string }) {
  return write(db, actor, async (trx, scope) => {
    requireScope(mayWriteGlobal(scope), 'Account Ownership');
    if (await g.findOwnershipNamed(trx, input.Description)) {
      throw exists('Account Ownership', input.Description);
    }
    const platformOwnershipId = await g.insertOwnership(trx, input.Description);
    return {
      result: { platformOwnerShipId: platformOwnershipId },
      log: [await createdAsSaved(trx, 'Account Ownership', platformOwnershipId, input.Description)],
    };
  });
}

export function updateOwnership(
  db: WriteTarget,
  actor: Actor,
  input: { platformOwnerShipId: number; description: string },
) {
  const id = input.platformOwnerShipId;
  return updateItem(db, actor, {
    type: 'Account Ownership',
    id,
    name: input.description,
    taken: (trx) => g.findOwnershipNamed(trx, input.description, id),
    change: (trx) => g.renameOwnership(trx, id, input.description),
    result: { platformOwnerShipId: id },
  });
}
