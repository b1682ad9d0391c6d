import type { Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import * as g from './geography-write-queries.ts';
import { saveItem, updateItem, type WriteTarget } from './write-kernel.ts';

/** Saves and updates of what spans every market, kept by super admins: regions, account ownerships. */

/**
 * The saves and updates of a type whose items are a name each, unique across UAP; `idKey` names
 * the id in the answer.
 */
function globalItems<K extends string>(
  type: 'Region' | 'Account Ownership',
  idKey: K,
  rows: {
    named: (q: Executor, name: string, exceptId?: number) => Promise<unknown>;
    insert: (q: Executor, name: string) => Promise<number>;
    rename: (q: Executor, id: number, name: string) => Promise<void>;
  },
) {
  const result = (id: number) => ({ [idKey]: id }) as Record<K, number>;
  return {
    save: (db: WriteTarget, actor: Actor, name: string) =>
      saveItem(db, actor, {
        type,
        name,
        taken: (trx) => rows.named(trx, name),
        insert: (trx) => rows.insert(trx, name),
        result,
      }),
    update: (db: WriteTarget, actor: Actor, id: number, name: string) =>
      updateItem(db, actor, {
        type,
        id,
        name,
        taken: (trx) => rows.named(trx, name, id),
        change: (trx) => rows.rename(trx, id, name),
        result: result(id),
      }),
  };
}

const regions = globalItems('Region', 'regionId', {
  named: g.findRegionNamed,
  insert: g.insertRegion,
  rename: g.renameRegion,
});
const ownerships = globalItems('Account Ownership', 'platformOwnerShipId', {
  named: g.findOwnershipNamed,
  insert: g.insertOwnership,
  rename: g.renameOwnership,
});

export const saveRegion = (db: WriteTarget, actor: Actor, input: { Description: string }) =>
  regions.save(db, actor, input.Description);

export const updateRegion = (
  db: WriteTarget,
  actor: Actor,
  input: { regionId: number; description: string },
) => regions.update(db, actor, input.regionId, input.description);

export const saveOwnership = (db: WriteTarget, actor: Actor, input: { Description: string }) =>
  ownerships.save(db, actor, input.Description);

export const updateOwnership = (
  db: WriteTarget,
  actor: Actor,
  input: { platformOwnerShipId: number; description: string },
) => ownerships.update(db, actor, input.platformOwnerShipId, input.description);
