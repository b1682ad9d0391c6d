import {
  messages,
  savePlatformAccessInput,
  savePlatformInput,
  updatePlatformInput,
  updatePlatformUserTypeInput,
  type MasterDataUploadOutcome,
} from '@uap/domain';
import { unprocessable } from '../../http/errors.ts';
import { requireScope } from './scope.ts';
import {
  check,
  list,
  lower,
  need,
  platformSnapshot,
  yesNo,
  type AgencyItem,
  type AssetItem,
  type Item,
  type Model,
  type PlatformItem,
  type SheetRow,
  type UserTypeItem,
} from './upload-model.ts';
import { inMarket, upsert } from './upload-upsert.ts';
import { updatePlatform, updatePlatformUserType } from './write-platforms.ts';

/** The upload's rows of platforms (with their asset types) and platform user types. */

/**
 * A platform row: offered on the agency and practice (made first when new, as SavePlatform does);
 * on an existing offer, changed business access fields and asset types the platform lacks make
 * it 'updated' (as Modify Platform does).
 */
export async function applyPlatform(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
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
  await updatePlatform(
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

/** A Platform User Type row: SavePlatformAccess's rules for a new type, else PUT PlatformUserType. */
export async function applyUserType(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor } = m;
  const c = r.cells;
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
      await updatePlatformUserType(
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
