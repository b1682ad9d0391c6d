import {
  messages,
  saveClientAccountInput,
  saveClientInput,
  updateClientAccountInput,
  updateClientInput,
  type MasterDataUploadOutcome,
} from '@uap/domain';
import { unprocessable } from '../../http/errors.ts';
import { requireScope } from './scope.ts';
import {
  check,
  clientSnapshot,
  list,
  lower,
  need,
  type AccountItem,
  type ClientItem,
  type CodeItem,
  type Model,
  type SheetRow,
} from './upload-model.ts';
import * as uq from './upload-queries.ts';
import { inMarket, upsert } from './upload-upsert.ts';
import { updateClient, updateClientAccount } from './write-clients.ts';

/** The upload's rows of clients (with their client codes) and client assets. */

/** A Client - Client Code row: SaveClient's rules for a new client, else PUT Client (codes it lacks). */
export async function applyClient(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
  const { agency, platform, client } = m.client(c);
  const input = check(saveClientInput, {
    Description: c.Client ?? '',
    PlatformId: platform.id,
    AgencyId: agency.id,
    ClientCode: list(c['Client Codes'] ?? ''),
  });
  if (!client) {
    requireScope(inMarket(scope, agency), 'Client - Client Code');
    if (!platform.offeredAt.has(agency.id)) {
      throw unprocessable(messages.platformNotOnAgency);
    }
    const taken = new Set(
      (m.clientsAt.get(`${agency.id}|${platform.id}`) ?? []).flatMap((other) =>
        other.codes.filter((cc) => cc.isDeleted === 0).map((cc) => cc.code.toUpperCase()),
      ),
    );
    if (input.ClientCode.some((code) => taken.has(code.toUpperCase()))) {
      throw unprocessable(messages.clientCodeExists);
    }
    const item: ClientItem = { id: 0, agency, platform, description: input.Description, codes: [] };
    m.addClient(item);
    m.insert(
      'clients',
      item,
      () => ({ platformId: platform.id, agencyId: agency.id, description: input.Description }),
      'description',
    );
    for (const code of input.ClientCode) {
      const cc: CodeItem = { id: 0, code, isDeleted: 0 };
      item.codes.push(cc);
      m.insert(
        'clientCodes',
        cc,
        () => ({ clientId: item.id, code, isDeleted: 0, isSystemRecord: 0 }),
        'code',
      );
    }
    m.created('Client - Client Code', item, input.Description, () => clientSnapshot(item));
    return 'created';
  }
  const held = new Set(client.codes.map((cc) => cc.code.toUpperCase()));
  const added = input.ClientCode.filter((code) => !held.has(code.toUpperCase()));
  if (added.length === 0 && client.description === input.Description) {
    requireScope(inMarket(scope, client.agency), 'Client - Client Code');
    return 'unchanged';
  }
  await m.flush();
  await updateClient(
    batch,
    actor,
    check(updateClientInput, {
      clientId: client.id,
      description: input.Description,
      clientCode: [
        ...client.codes.map((cc) => ({
          clientCodeId: cc.id,
          code: cc.code,
          isDeleted: cc.isDeleted === 1,
        })),
        ...added.map((code) => ({ code })),
      ],
    }),
  );
  client.description = input.Description;
  client.codes = (await uq.findCodesOf(m.q, [client.id])).map((cc) => ({
    id: cc.clientCodeId,
    code: cc.code,
    isDeleted: cc.isDeleted,
  }));
  return 'updated';
}

/** A Client Asset row: SaveClientAccount's rules for a new asset, else PUT ClientAccount. */
export async function applyClientAsset(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
  const { platform, client: found } = m.client(c);
  const client = need(found, 'Client', c.Client ?? '');
  const asset = m.assetType(platform, c['Asset Type'] ?? '');
  const input = check(saveClientAccountInput, {
    AssetId: asset.id,
    Description: c['Client Asset'] ?? '',
    AssetReference: c['Asset ID'] ?? '',
    ClientId: client.id,
  });
  const key = `${client.id}|${asset.id}|${lower(input.Description)}`;
  return upsert(m, m.accounts.get(key), {
    type: 'Client Asset',
    mayWrite: (f) => inMarket(scope, f.client.agency),
    isSame: (f) => f.description === input.Description && f.assetReference === input.AssetReference,
    create: () => {
      requireScope(inMarket(scope, client.agency), 'Client Asset');
      if (asset.isSystemRecord !== 1 && input.AssetReference === null) {
        throw unprocessable(messages.fillAllFields);
      }
      const item: AccountItem = {
        id: 0,
        client,
        description: input.Description,
        assetReference: input.AssetReference,
      };
      m.accounts.set(key, item);
      m.insert(
        'clientAccounts',
        item,
        () => ({
          clientId: client.id,
          assetId: asset.id,
          description: input.Description,
          assetReference: input.AssetReference,
        }),
        'description',
      );
      m.created('Client Asset', item, input.Description, () => item.row);
    },
    update: async (f) => {
      await updateClientAccount(
        batch,
        actor,
        check(updateClientAccountInput, {
          clientAccountId: f.id,
          assetId: asset.id,
          description: input.Description,
          assetReference: input.AssetReference,
        }),
      );
      f.description = input.Description;
      f.assetReference = input.AssetReference;
    },
  });
}
