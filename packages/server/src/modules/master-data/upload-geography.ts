import {
  saveAgencyInput,
  saveMarketInput,
  saveOwnershipInput,
  savePracticeInput,
  saveRegionInput,
  updateAgencyInput,
  updateMarketInput,
  updateOwnershipInput,
  updatePracticeInput,
  updateRegionInput,
  type MasterDataUploadOutcome,
} from '@uap/domain';
import { mayWriteGlobal, mayWriteMarket, mayWriteRegion, requireScope } from './scope.ts';
import {
  check,
  lower,
  type AgencyItem,
  type MarketItem,
  type Model,
  type Named,
  type OfferedPractice,
  type SheetRow,
} from './upload-model.ts';
import { inMarket, upsert } from './upload-upsert.ts';
import { updateAgency, updateMarket, updatePractice } from './write-geography.ts';
import { updateOwnership, updateRegion } from './write-global.ts';

/** The upload's rows of regions, account ownerships, markets, agencies and practices. */

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

/** A Region row: a new region, or PUT Region on the one of that name. */
export async function applyRegion(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor } = m;
  const c = r.cells;
  const input = check(saveRegionInput, { Description: c.Region ?? '' });
  return upsertGlobalName(m, 'Region', m.regions, 'regions', input.Description, (f) =>
    updateRegion(batch, actor, check(updateRegionInput, { regionId: f.id, description: input.Description })),
  );
}

/** An Account Ownership row: a new one, or PUT PlatformOwnerShip on the one of that name. */
export async function applyOwnership(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor } = m;
  const c = r.cells;
  const input = check(saveOwnershipInput, { Description: c['Account Ownership'] ?? '' });
  return upsertGlobalName(
    m,
    'Account Ownership',
    m.ownerships,
    'platformOwnerships',
    input.Description,
    (f) =>
      updateOwnership(
        batch,
        actor,
        check(updateOwnershipInput, { platformOwnerShipId: f.id, description: input.Description }),
      ),
  );
}

/** A Market row: SaveMarket's rules for a new market of the region, else PUT Market. */
export async function applyMarket(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
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
      await updateMarket(
        batch,
        actor,
        check(updateMarketInput, { marketId: f.id, description: input.Description, code: input.Code }),
      );
      f.description = input.Description;
      f.code = input.Code;
    },
  });
}

/** An Agency row: SaveAgency's rules for a new agency of the market, else PUT Agency. */
export async function applyAgency(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
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
      await updateAgency(
        batch,
        actor,
        check(updateAgencyInput, { agencyId: f.id, description: input.Description }),
      );
      f.description = input.Description;
    },
  });
}

/** A Practice row: SavePractice's rules (the practice made when new), else PUT Practice. */
export async function applyPractice(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  const { batch, actor, scope } = m;
  const c = r.cells;
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
      m.insert('agencyPractices', item, () => ({ agencyId: agency.id, practiceId: chosen.id }), 'practiceId');
      m.created('Practice', item, input.Description, () => ({
        ...item.row,
        description: input.Description,
      }));
    },
    update: async (f) => {
      await updatePractice(
        batch,
        actor,
        check(updatePracticeInput, { agencyPracticeId: f.id, description: input.Description }),
      );
      f.practice.description = input.Description;
    },
  });
}
