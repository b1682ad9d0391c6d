import {
  limits,
  messages,
  type SaveClientAccountInput,
  type SaveClientInput,
  type UpdateClientAccountInput,
  type UpdateClientInput,
} from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { sameText, snapshot } from './item-queries.ts';
import { mayWriteMarket, requireScope } from './scope.ts';
import {
  createdAsSaved,
  exists,
  found,
  requireWritable,
  updated,
  write,
  type WriteTarget,
} from './write-kernel.ts';

/** Saves and updates of clients (with their client codes) and client assets. */

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
      log: [await createdAsSaved(trx, 'Client - Client Code', clientId, input.Description)],
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
      log: [await createdAsSaved(trx, 'Client Asset', clientAccountId, input.Description)],
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
