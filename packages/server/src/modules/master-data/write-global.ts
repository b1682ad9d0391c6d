import { nowIso } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { sameText, snapshot } from './item-queries.ts';
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
