import {
  limits,
  messages,
  type SaveClientAccountInput,
  type SaveClientInput,
  type UpdateClientAccountInput,
  type UpdateClientInput,
} from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import * as c from './client-write-queries.ts';
import { isPlatformOnAgency, type Location } from './item-queries.ts';
import { exists, found, saveItem, updateItem, type WriteTarget } from './write-kernel.ts';

/** Saves and updates of clients (with their client codes) and client assets. */

// ---------------------------------------------------------------- clients and client codes

/** Codes (upper-cased) held by the other active clients of the platform at the agency. */
async function codesOfOtherClients(
  q: Executor,
  o: { platformId: number; agencyId: number; clientId: number | null },
) {
  const rows = await c.findCodesOfClients(q, {
    platformId: o.platformId,
    agencyId: o.agencyId,
    exceptClientId: o.clientId,
  });
  return new Set(rows.map((r) => r.code.toUpperCase()));
}

export function saveClient(db: WriteTarget, actor: Actor, input: SaveClientInput) {
  return saveItem(db, actor, {
    type: 'Client - Client Code',
    name: input.Description,
    under: (trx) => found(trx, 'Agency', input.AgencyId),
    check: async (trx) => {
      if (!(await isPlatformOnAgency(trx, input.PlatformId, input.AgencyId))) {
        throw unprocessable(messages.platformNotOnAgency);
      }
      const clash = await c.findClientNamed(trx, {
        agencyId: input.AgencyId,
        platformId: input.PlatformId,
        description: input.Description,
      });
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
    },
    insert: (trx) =>
      c.insertClient(
        trx,
        { platformId: input.PlatformId, agencyId: input.AgencyId, description: input.Description },
        input.ClientCode,
      ),
    result: (clientId) => ({ clientId }),
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
  return updateItem(db, actor, {
    type: 'Client - Client Code',
    id: clientId,
    name: input.description,
    check: (trx, at) => checkClientUpdate(trx, at, input),
    change: async (trx) => {
      for (const code of input.clientCode) {
        if (!code.clientCodeId) {
          if (!code.isRemoved) {
            await c.insertClientCode(trx, { clientId, code: code.code, isDeleted: code.isDeleted });
          }
        } else if (code.isRemoved) {
          const requests = await c.countRequestsOfClientCode(trx, code.clientCodeId);
          if (requests > 0) {
            throw unprocessable(messages.clientCodeInUse(code.code, requests));
          }
          await c.deleteClientCode(trx, code.clientCodeId);
        } else {
          await c.updateClientCode(trx, code.clientCodeId, { code: code.code, isDeleted: code.isDeleted });
        }
      }
      await c.renameClient(trx, clientId, input.description);
    },
    result: { clientId },
  });
}

/** The refusals of a client's update: its name or codes taken, codes not its own, too many or twice. */
async function checkClientUpdate(trx: Executor, at: Location, input: UpdateClientInput) {
  const clientId = input.clientId;
  const clash = await c.findClientNamed(trx, {
    agencyId: at.agencyId ?? 0,
    platformId: at.platformId ?? 0,
    description: input.description,
    exceptId: clientId,
  });
  if (clash) {
    throw exists('Client', input.description);
  }
  const current = await c.findCodesOfClient(trx, clientId);
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
}

// ---------------------------------------------------------------- client assets

/** The asset type belongs to the client's platform; its asset ID is required unless it is a system one. */
async function requireAssetOfClient(
  q: Executor,
  clientId: number,
  assetId: number,
  assetReference: string | null,
) {
  const asset = await c.findAssetTypeOfClient(q, clientId, assetId);
  if (!asset) {
    throw unprocessable(messages.assetTypeNotOfPlatform);
  }
  if (asset.isSystemRecord !== 1 && assetReference === null) {
    throw unprocessable(messages.fillAllFields);
  }
}

export function saveClientAccount(db: WriteTarget, actor: Actor, input: SaveClientAccountInput) {
  return saveItem(db, actor, {
    type: 'Client Asset',
    name: input.Description,
    under: (trx) => found(trx, 'Client - Client Code', input.ClientId),
    check: (trx) => requireAssetOfClient(trx, input.ClientId, input.AssetId, input.AssetReference),
    insert: (trx) =>
      c.insertClientAccount(trx, {
        clientId: input.ClientId,
        assetId: input.AssetId,
        description: input.Description,
        assetReference: input.AssetReference,
      }),
    result: (clientAccountId) => ({ clientAccountId }),
  });
}

export function updateClientAccount(db: WriteTarget, actor: Actor, input: UpdateClientAccountInput) {
  const id = input.clientAccountId;
  return updateItem(db, actor, {
    type: 'Client Asset',
    id,
    name: input.description,
    check: (trx, at) => requireAssetOfClient(trx, at.clientId ?? 0, input.assetId, input.assetReference),
    change: (trx) =>
      c.updateClientAccountRow(trx, id, {
        assetId: input.assetId,
        description: input.description,
        assetReference: input.assetReference,
      }),
    result: { clientAccountId: id },
  });
}
