import type { Actor } from '../../http/actor.ts';
import * as g from './geography-write-queries.ts';
import { snapshot } from './item-queries.ts';
import { mayWriteGlobal, requireScope } from './scope.ts';
import {
  createdAsSaved,
  exists,
  found,
  requireWritable,
  updated,
  write,
  type WriteTarget,
} from './write-kernel.ts';

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
  return write(db, actor, async (trx, scope) => {
    await requireWritable(trx, scope, 'Region', await found(trx, 'Region', input.regionId));
    if (await g.findRegionNamed(trx, input.description, input.regionId)) {
      throw exists('Region', input.description);
    }
    const before = await snapshot(trx, 'Region', input.regionId);
    await g.renameRegion(trx, input.regionId, input.description);
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
  return write(db, actor, async (trx, scope) => {
    await requireWritable(trx, scope, 'Account Ownership', await found(trx, 'Account Ownership', id));
    if (await g.findOwnershipNamed(trx, input.description, id)) {
      throw exists('Account Ownership', input.description);
    }
    const before = await snapshot(trx, 'Account Ownership', id);
    await g.renameOwnership(trx, id, input.description);
    const after = await snapshot(trx, 'Account Ownership', id);
    return {
      result: { platformOwnerShipId: id },
      log: [updated('Account Ownership', id, input.description, before, after)],
    };
  });
}
