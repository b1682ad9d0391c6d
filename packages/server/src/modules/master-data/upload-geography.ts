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
  type Model,
  type Named,
  type OfferedPractice,
  type Row,
  type SheetRow,
} from './upload-model.ts';
import type * as uq from './upload-queries.ts';
import { inMarket, upsert } from './upload-upsert.ts';
import { updateAgency, updateMarket, updatePractice } from './write-geography.ts';
import { updateOwnership, updateRegion } from './write-global.ts';

/** The upload's rows of regions, account ownerships, markets, agencies and practices. */

/**
 * A row of a type whose items are a name under their parent, if any (Region, Account Ownership,
 * Market, Agency): `item` is made when no item of its `key` is found (the caller may add it where
 * `mayWrite` says), else `update` changes the found one to the row's name and fields.
 */
function upsertNamed<I extends Named>(
  m: Model,
  o: {
    type: 'Region' | 'Account Ownership' | 'Market' | 'Agency';
    items: Map<string, I>;
    key: string;
    item: I;
    table: uq.InsertableTable;
    values: () => Row;
    mayWrite: boolean;
    /** Whether the found item's other fields already say what the row says. */
    isSame?: (found: I) => boolean;
    update: (found: I) => Promise<unknown>;
  },
): Promise<MasterDataUploadOutcome> {
  const { type, item } = o;
  return upsert(m, o.items.get(o.key), {
    type,
    mayWrite: () => o.mayWrite,
    isSame: (f) => f.description === item.description && (o.isSame?.(f) ?? true),
    create: () => {
      requireScope(o.mayWrite, type);
      o.items.set(o.key, item);
      m.insert(o.table, item, o.values, 'description');
      m.created(type, item, item.description, () => item.row);
    },
    update: async (f) => {
      await o.update(f);
      f.description = item.description;
    },
  });
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
  return upsertNamed(m, {
    type,
    items,
    key: lower(description),
    item: { id: 0, description },
    table,
    values: () => ({ description }),
    mayWrite: mayWriteGlobal(m.scope),
    update,
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
  return upsertNamed(m, {
    type: 'Market',
    items: m.markets,
    key: `${region.id}|${lower(input.Description)}`,
    item: { id: 0, regionId: region.id, description: input.Description, code: input.Code },
    table: 'markets',
    values: () => ({ regionId: region.id, description: input.Description, code: input.Code }),
    mayWrite: mayWriteRegion(scope, region.id),
    isSame: (f) => f.code === input.Code,
    update: async (f) => {
      await updateMarket(
        batch,
        actor,
        check(updateMarketInput, { marketId: f.id, description: input.Description, code: input.Code }),
      );
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
  return upsertNamed<AgencyItem>(m, {
    type: 'Agency',
    items: m.agencies,
    key: `${market.id}|${lower(input.Description)}`,
    item: { id: 0, marketId: market.id, regionId: market.regionId, description: input.Description },
    table: 'agencies',
    values: () => ({ marketId: market.id, description: input.Description }),
    mayWrite: mayWriteMarket(scope, market.regionId, market.id),
    update: (f) =>
      updateAgency(
        batch,
        actor,
        check(updateAgencyInput, { agencyId: f.id, description: input.Description }),
      ),
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
