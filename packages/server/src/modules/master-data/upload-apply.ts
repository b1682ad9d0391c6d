import { ZodError } from 'zod';
import {
  masterDataUploadOrder,
  messages,
  saveAgencyInput,
  saveClientAccountInput,
  saveClientInput,
  saveMarketInput,
  saveOwnershipInput,
  savePlatformAccessInput,
  savePlatformInput,
  savePracticeInput,
  saveRegionInput,
  updateAgencyInput,
  updateClientAccountInput,
  updateClientInput,
  updateMarketInput,
  updateOwnershipInput,
  updatePlatformInput,
  updatePlatformUserTypeInput,
  updatePracticeInput,
  updateRegionInput,
  type MasterDataType,
  type MasterDataUploadOutcome,
  type MasterDataUploadResult,
  type MasterDataUploadRow,
} from '@uap/domain';
import { inTransaction, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import {
  mayWriteGlobal,
  mayWriteMarket,
  mayWriteRegion,
  requireScope,
  writeScopeOf,
  type WriteScope,
} from './scope.ts';
import * as uq from './upload-queries.ts';
import * as writes from './write-service.ts';

/**
 * Applying an uploaded workbook: every row through the dialog's rules, parents first, in one
 * transaction, all or nothing.
 *
 * The rows are checked in memory against a model of the master data the file names: read up
 * front in a dozen set queries, then kept current by the upload's own changes. A new item is
 * written with the other new items of its sheet in multi-row inserts (with its master data log
 * row, also multi-row) when the next sheet starts, so its id is there for the rows below it. A
 * changed item goes through the dialog's own update (write-service.ts) after the pending inserts.
 * A row is refused before anything of it is written, so no savepoint is needed: the rows after a
 * refused one see nothing of it, and one refused row rolls the whole file back.
 */

import type {
  SheetRow,
  Item,
  Named,
  MarketItem,
  AgencyItem,
  OfferedPractice,
  AssetItem,
  PlatformItem,
  UserTypeItem,
  CodeItem,
  ClientItem,
  AccountItem,
} from './upload-model.ts';
import {
  nameColumn,
  RowRefusal,
  RollBack,
  check,
  list,
  yesNo,
  need,
  lower,
  platformSnapshot,
  clientSnapshot,
  Model,
} from './upload-model.ts';

// ---------------------------------------------------------------- the rows

const inMarket = (scope: WriteScope, agency: AgencyItem) =>
  mayWriteMarket(scope, agency.regionId, agency.marketId);

/**
 * The outcome of a row that names one item: created when `found` is absent, unchanged when it
 * already says what the row says (still only inside the caller's scope), else updated.
 */
async function upsert<F extends Item>(
  m: Model,
  found: F | undefined,
  o: {
    mayWrite: (found: F) => boolean | Promise<boolean>;
    type: MasterDataType;
    isSame: (found: F) => boolean;
    create: () => void;
    update: (found: F) => Promise<unknown>;
  },
): Promise<MasterDataUploadOutcome> {
  if (!found) {
    o.create();
    return 'created';
  }
  if (o.isSame(found)) {
    requireScope(await o.mayWrite(found), o.type);
    return 'unchanged';
  }
  await m.flush();
  await o.update(found);
  return 'updated';
}

/** A row of a type that is only a name, kept by the super admins (Region, Account Ownership). */
function upsertGlobalName(
  m: Model,
  type: 'Region' | 'Account Ownership',
  items: Map<string, Named>,
  table: 'regions' | 'platformOwnerships',
  description: string,
  update: (found: Named) => Promise<unknown>,
): Promise<MasterDataUploadOutcome> {
  const { scope } = m;
  return upsert(m, items.get(lower(description)), {
    type,
    mayWrite: () => mayWriteGlobal(scope),
    isSame: (f) => f.description === description,
    create: () => {
      requireScope(mayWriteGlobal(scope), type);
      const item: Named = { id: 0, description };
      items.set(lower(description), item);
      m.insert(table, item, () => ({ description }), 'description');
      m.created(type, item, description, () => item.row);
    },
    update: async (f) => {
      await update(f);
      f.description = description;
    },
  });
}

/** Applies one row with the dialog's rules (write-service.ts, checked here in memory for new items). */
async function applyRow(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
  switch (r.type) {
    case 'Region': {
      const input = check(saveRegionInput, { Description: c.Region ?? '' });
      return upsertGlobalName(m, 'Region', m.regions, 'regions', input.Description, (f) =>
        writes.updateRegion(
          batch,
          actor,
          check(updateRegionInput, { regionId: f.id, description: input.Description }),
        ),
      );
    }
    case 'Account Ownership': {
      const input = check(saveOwnershipInput, { Description: c['Account Ownership'] ?? '' });
      return upsertGlobalName(
        m,
        'Account Ownership',
        m.ownerships,
        'platformOwnerships',
        input.Description,
        (f) =>
          writes.updateOwnership(
            batch,
            actor,
            check(updateOwnershipInput, { platformOwnerShipId: f.id, description: input.Description }),
          ),
      );
    }
    case 'Market': {
      const region = m.region(c.Region ?? '');
      const input = check(saveMarketInput, {
        Description: c.Market ?? '',
        Code: c.Code ?? '',
        RegionId: region.id,
      });
      const key = `${region.id}|${lower(input.Description)}`;
      return upsert(m, m.markets.get(key), {
        type: 'Market',
        mayWrite: () => mayWriteRegion(scope, region.id),
        isSame: (f) => f.description === input.Description && f.code === input.Code,
        create: () => {
          requireScope(mayWriteRegion(scope, region.id), 'Market');
          const item: MarketItem = {
            id: 0,
            regionId: region.id,
            description: input.Description,
            code: input.Code,
          };
          m.markets.set(key, item);
          m.insert(
            'markets',
            item,
            () => ({ regionId: region.id, description: input.Description, code: input.Code }),
            'description',
          );
          m.created('Market', item, input.Description, () => item.row);
        },
        update: async (f) => {
          await writes.updateMarket(
            batch,
            actor,
            check(updateMarketInput, { marketId: f.id, description: input.Description, code: input.Code }),
          );
          f.description = input.Description;
          f.code = input.Code;
        },
      });
    }
    case 'Agency': {
      const market = m.market(c);
      const input = check(saveAgencyInput, { Description: c.Agency ?? '', MarketId: market.id });
      const key = `${market.id}|${lower(input.Description)}`;
      return upsert(m, m.agencies.get(key), {
        type: 'Agency',
        mayWrite: (f) => inMarket(scope, f),
        isSame: (f) => f.description === input.Description,
        create: () => {
          requireScope(mayWriteMarket(scope, market.regionId, market.id), 'Agency');
          const item: AgencyItem = {
            id: 0,
            marketId: market.id,
            regionId: market.regionId,
            description: input.Description,
          };
          m.agencies.set(key, item);
          m.insert(
            'agencies',
            item,
            () => ({ marketId: market.id, description: input.Description }),
            'description',
          );
          m.created('Agency', item, input.Description, () => item.row);
        },
        update: async (f) => {
          await writes.updateAgency(
            batch,
            actor,
            check(updateAgencyInput, { agencyId: f.id, description: input.Description }),
          );
          f.description = input.Description;
        },
      });
    }
    case 'Practice': {
      const agency = m.agency(c);
      const input = check(savePracticeInput, { Description: c.Practice ?? '', AgencyId: agency.id });
      return upsert(m, m.practiceOf(agency, input.Description), {
        type: 'Practice',
        mayWrite: (f) => inMarket(scope, f.agency),
        isSame: (f) => f.practice.description === input.Description,
        create: () => {
          requireScope(inMarket(scope, agency), 'Practice');
          let practice = m.practices.get(lower(input.Description));
          if (!practice) {
            const made: Named = { id: 0, description: input.Description };
            practice = made;
            m.practices.set(lower(input.Description), made);
            m.insert('practices', made, () => ({ description: input.Description }), 'description');
          }
          const chosen = practice;
          const item: OfferedPractice = { id: 0, agency, practice: chosen };
          m.offeredPractices.set(`${agency.id}|${lower(input.Description)}`, item);
          m.insert(
            'agencyPractices',
            item,
            () => ({ agencyId: agency.id, practiceId: chosen.id }),
            'practiceId',
          );
          m.created('Practice', item, input.Description, () => ({
            ...item.row,
            description: input.Description,
          }));
        },
        update: async (f) => {
          await writes.updatePractice(
            batch,
            actor,
            check(updatePracticeInput, { agencyPracticeId: f.id, description: input.Description }),
          );
          f.practice.description = input.Description;
        },
      });
    }
    case 'Platform':
      return applyPlatform(m, r);
    case 'Platform User Type': {
      const platform = m.platform(c.Platform ?? '');
      const assetName = c['Asset Type'] ?? '';
      const asset = assetName === '' ? null : m.assetType(platform, assetName);
      const assetId = asset?.id ?? null;
      const input = check(savePlatformAccessInput, {
        Description: c['User Type'] ?? '',
        BasicName: c['Normalized User Type'] ?? '',
        PlatformId: platform.id,
        AssetId: assetId,
      });
      const key = `${platform.id}|${assetId ?? ''}|${lower(input.Description)}`;
      const found = m.userTypes.get(key);
      if (!found) {
        requireScope(await m.isPlatformWritable(platform), 'Platform User Type');
        if (assetId === null && platform.businessAccess !== 1) {
          throw unprocessable(messages.platformLevelTypeNeedsBusinessAccess);
        }
        platform.lastUserType += 1;
        const sortOrder = platform.lastUserType;
        const item: UserTypeItem = {
          id: 0,
          platform,
          description: input.Description,
          basicName: input.BasicName,
        };
        m.userTypes.set(key, item);
        m.insert(
          'platformUserTypes',
          item,
          () => ({
            platformId: platform.id,
            assetId,
            description: input.Description,
            basicName: input.BasicName,
            sortOrder,
          }),
          'sortOrder',
        );
        m.created('Platform User Type', item, input.Description, () => item.row);
        return 'created';
      }
      return upsert(m, found, {
        type: 'Platform User Type',
        mayWrite: () => m.isPlatformWritable(platform),
        isSame: (f) => f.description === input.Description && f.basicName === input.BasicName,
        create: () => undefined,
        update: async (f) => {
          await writes.updatePlatformUserType(
            batch,
            actor,
            check(updatePlatformUserTypeInput, {
              platformUserTypeId: f.id,
              description: input.Description,
              basicName: input.BasicName,
              assetId,
            }),
          );
          f.description = input.Description;
          f.basicName = input.BasicName;
        },
      });
    }
    case 'Client - Client Code': {
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
      await writes.updateClient(
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
    case 'Client Asset': {
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
          await writes.updateClientAccount(
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
  }
}

/**
 * A platform row: offered on the agency and practice (made first when new, as SavePlatform does);
 * on an existing offer, changed business access fields and asset types the platform lacks make
 * it 'updated' (as Modify Platform does).
 */
async function applyPlatform(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
  const agency = m.agency(c);
  const practiceName = c.Practice ?? '';
  const practice = need(m.practiceOf(agency, practiceName), 'Practice', practiceName).practice;
  const input = check(savePlatformInput, {
    Platform: {
      Description: c.Platform ?? '',
      PracticeId: practice.id,
      AgencyId: agency.id,
      BusinessAccess: yesNo(c['Business Access'] ?? '', 'Business Access'),
      BussinesAccessName: c['Business Access Name'] ?? '',
      BussinesAccessId: c['Business Access ID'] ?? '',
    },
    Assets: list(c['Asset Types'] ?? '').map((description) => ({ description })),
  });
  const p = input.Platform;
  const found = m.platforms.get(lower(p.Description));
  const offerKey = `${agency.id}|${practice.id}`;
  const offer = found?.offers.get(offerKey);
  if (!found || !offer) {
    requireScope(inMarket(scope, agency), 'Platform');
    let platform = found;
    if (!platform) {
      const made: PlatformItem = {
        id: 0,
        description: p.Description,
        businessAccess: p.BusinessAccess ? 1 : 0,
        bussinesAccessName: p.BusinessAccess ? p.BussinesAccessName : null,
        bussinesAccessId: p.BusinessAccess ? p.BussinesAccessId : null,
        assets: [],
        offers: new Map(),
        offeredAt: new Set(),
        lastUserType: 0,
      };
      platform = made;
      m.platforms.set(lower(p.Description), made);
      m.insert(
        'platforms',
        made,
        () => ({
          description: made.description,
          businessAccess: made.businessAccess,
          bussinesAccessName: made.bussinesAccessName,
          bussinesAccessId: made.bussinesAccessId,
        }),
        'description',
      );
      input.Assets.forEach((a, i) => {
        const asset: AssetItem = {
          id: 0,
          description: a.description,
          assetName: a.assetName ?? null,
          isSystemRecord: a.isSystemRecord ? 1 : 0,
          isDeleted: a.isDeleted ? 1 : 0,
          sortOrder: i + 1,
        };
        made.assets.push(asset);
        m.insert(
          'assetTypes',
          asset,
          () => ({
            description: asset.description,
            assetName: asset.assetName,
            isSystemRecord: asset.isSystemRecord,
            isDeleted: asset.isDeleted,
            platformId: made.id,
            sortOrder: asset.sortOrder,
          }),
          'sortOrder',
        );
      });
    }
    const chosen = platform;
    const item: Item & { agency: AgencyItem } = { id: 0, agency };
    chosen.offers.set(offerKey, item);
    chosen.offeredAt.add(agency.id);
    chosen.writable = undefined;
    m.insert(
      'platformAgencies',
      item,
      () => ({ platformId: chosen.id, agencyId: agency.id, practiceId: practice.id }),
      'practiceId',
    );
    m.created('Platform', item, p.Description, () => ({ ...item.row, platform: platformSnapshot(chosen) }));
    return 'created';
  }
  const platform = found;
  const held = new Set(platform.assets.map((a) => lower(a.description)));
  const added = input.Assets.filter((a) => !held.has(lower(a.description)));
  const same =
    platform.description === p.Description &&
    (platform.businessAccess === 1) === p.BusinessAccess &&
    (!p.BusinessAccess ||
      (platform.bussinesAccessName === p.BussinesAccessName &&
        platform.bussinesAccessId === p.BussinesAccessId));
  if (same && added.length === 0) {
    requireScope(inMarket(scope, offer.agency), 'Platform');
    return 'unchanged';
  }
  await m.flush();
  await writes.updatePlatform(
    batch,
    actor,
    check(updatePlatformInput, {
      platformId: platform.id,
      description: p.Description,
      businessAccess: p.BusinessAccess,
      bussinesAccessName: p.BussinesAccessName,
      bussinesAccessId: p.BussinesAccessId,
      assets: added,
    }),
  );
  await m.reloadPlatform(platform);
  return 'updated';
}

const refusalMessage = (error: unknown): string | null => {
  if (error instanceof RowRefusal || error instanceof HttpError) {
    return error.message;
  }
  if (error instanceof ZodError) {
    return error.issues[0]?.message ?? messages.fillAllFields;
  }
  return null;
};

/**
 * POST UploadMasterData: every row through the dialog's rules in one transaction, parents first
 * (sheets in template order); one refused row rolls the whole file back (`applied` false), and
 * every row still says what it would have been.
 */
export async function applyUpload(
  db: Db,
  actor: Actor,
  rows: readonly SheetRow[],
): Promise<MasterDataUploadResult> {
  const order = new Map(masterDataUploadOrder.map((t, i) => [t, i]));
  const queue = rows
    .map((row, seq) => ({ row, seq }))
    .sort((a, b) => (order.get(a.row.type) ?? 0) - (order.get(b.row.type) ?? 0) || a.seq - b.seq);
  const results: (MasterDataUploadRow & { seq: number })[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  try {
    await inTransaction(db, async (trx) => {
      const model = new Model(trx, actor, { trx, scope: await writeScopeOf(trx, actor) });
      await model.load(rows);
      let type: MasterDataType | null = null;
      for (const { row, seq } of queue) {
        if (row.type !== type) {
          // The sheet before is written: the rows below it find its new items' ids.
          await model.flush();
          type = row.type;
        }
        let outcome: MasterDataUploadOutcome;
        let message = '';
        try {
          outcome = await applyRow(model, row);
        } catch (error) {
          const refusal = refusalMessage(error);
          if (refusal === null) {
            throw error;
          }
          outcome = 'refused';
          message = refusal;
        }
        counts[outcome] += 1;
        results.push({
          seq,
          sheet: row.sheet,
          row: row.row,
          masterDataType: row.type,
          name: row.cells[nameColumn[row.type]] ?? '',
          outcome,
          message,
        });
      }
      if (counts.refused > 0) {
        throw new RollBack();
      }
      await model.flush();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) {
      throw error;
    }
  }
  results.sort((a, b) => a.seq - b.seq);
  return {
    applied: counts.refused === 0,
    ...counts,
    rows: results.map(({ seq: _seq, ...row }) => row),
  };
}
