import type { z } from 'zod';
import {
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
  type MasterDataRow,
  type MasterDataType,
} from '@uap/domain';
import type { MasterDataWrite } from '../../api/master-data.ts';
import { firstIssue } from '../../components/forms/failure-text.ts';

/** The parents chosen in the cascading selectors (null: not chosen). */
export interface Parents {
  regionId: number | null;
  marketId: number | null;
  agencyId: number | null;
  practiceId: number | null;
  platformId: number | null;
  clientId: number | null;
}

export const noParents: Parents = {
  regionId: null,
  marketId: null,
  agencyId: null,
  practiceId: null,
  platformId: null,
  clientId: null,
};

/** The selectors each type shows, top down (spec 3 §2.1); changing one clears those below. */
export const parentLevels = [
  'regionId',
  'marketId',
  'agencyId',
  'practiceId',
  'platformId',
  'clientId',
] as const;
export type ParentLevel = (typeof parentLevels)[number];

export const levelsOf: Record<MasterDataType, readonly ParentLevel[]> = {
  Region: [],
  'Account Ownership': [],
  Market: ['regionId'],
  Agency: ['regionId', 'marketId'],
  Practice: ['regionId', 'marketId', 'agencyId'],
  Platform: ['regionId', 'marketId', 'agencyId', 'practiceId'],
  'Platform User Type': ['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId'],
  'Client - Client Code': ['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId'],
  'Client Asset': ['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId', 'clientId'],
};

/** The parents a new item of the type hangs under (the Add button waits for them). */
export const addNeeds: Record<MasterDataType, readonly ParentLevel[]> = {
  Region: [],
  'Account Ownership': [],
  Market: ['regionId'],
  Agency: ['marketId'],
  Practice: ['agencyId'],
  Platform: ['agencyId', 'practiceId'],
  'Platform User Type': ['platformId'],
  'Client - Client Code': ['agencyId', 'platformId'],
  'Client Asset': ['clientId'],
};

export const levelLabel: Record<ParentLevel, string> = {
  regionId: 'Region',
  marketId: 'Market',
  agencyId: 'Agency',
  practiceId: 'Practice',
  platformId: 'Platform',
  clientId: 'Client',
};

/** An asset type of a platform in the dialog; `assetId` set on existing ones. */
export interface AssetDraft {
  assetId: number | null;
  description: string;
  assetName: string | null;
  isSystemRecord: boolean;
  isDeleted: boolean;
}

/** A client code in the dialog; `clientCodeId` set on existing ones, which can be marked removed. */
export interface CodeDraft {
  clientCodeId: number | null;
  code: string;
  isDeleted: boolean;
  isRemoved: boolean;
}

/** Everything the Add/Modify dialog edits; each type uses its own fields. */
export interface MasterDataForm {
  description: string;
  code: string;
  businessAccess: boolean;
  bussinesAccessName: string;
  bussinesAccessId: string;
  assets: AssetDraft[];
  clientCodes: CodeDraft[];
  /** Client asset and platform user type: the asset type (null: a platform-level user type). */
  assetId: number | null;
  assetReference: string;
  basicName: string;
}

export function formOf(row: MasterDataRow | null): MasterDataForm {
  return {
    description: row?.description ?? '',
    code: row?.masterDataType === 'Market' ? (row.code ?? '') : '',
    businessAccess: row?.businessAccess ?? false,
    bussinesAccessName: row?.bussinesAccessName ?? '',
    bussinesAccessId: '',
    assets: [],
    clientCodes: [],
    assetId: row?.assetId ?? null,
    assetReference: row?.assetReference ?? '',
    basicName: row?.basicName ?? '',
  };
}

const nonEmpty = (text: string) => (text.trim() === '' ? null : text);

/** A write, or the first rule the form breaks (the domain schema's message). */
export type Built = { write: MasterDataWrite } | { error: string };

function checked(schema: z.ZodType, value: unknown, path: string, method: 'POST' | 'PUT'): Built {
  const result = schema.safeParse(value);
  if (!result.success) {
    return { error: firstIssue(result) ?? messages.fillAllFields };
  }
  return { write: { path: `/api/Catalogs/${path}`, method, body: result.data } };
}

/** POST Save* for a new item (spec 3 §7), checked by the same schema the server uses. */
export function buildAdd(type: MasterDataType, f: MasterDataForm, p: Parents): Built {
  switch (type) {
    case 'Region':
      return checked(saveRegionInput, { Description: f.description }, 'SaveRegion', 'POST');
    case 'Account Ownership':
      return checked(saveOwnershipInput, { Description: f.description }, 'SavePlatformOwnerShip', 'POST');
    case 'Market':
      return checked(
        saveMarketInput,
        { Description: f.description, Code: f.code, RegionId: p.regionId },
        'SaveMarket',
        'POST',
      );
    case 'Agency':
      return checked(
        saveAgencyInput,
        { Description: f.description, MarketId: p.marketId },
        'SaveAgency',
        'POST',
      );
    case 'Practice':
      return checked(
        savePracticeInput,
        { Description: f.description, AgencyId: p.agencyId },
        'SavePractice',
        'POST',
      );
    case 'Platform':
      return checked(
        savePlatformInput,
        {
          Platform: {
            Description: f.description,
            PracticeId: p.practiceId,
            AgencyId: p.agencyId,
            MarketId: p.marketId ?? undefined,
            BusinessAccess: f.businessAccess,
            BussinesAccessName: f.businessAccess ? nonEmpty(f.bussinesAccessName) : null,
            BussinesAccessId: f.businessAccess ? nonEmpty(f.bussinesAccessId) : null,
          },
          Assets: f.assets,
        },
        'SavePlatform',
        'POST',
      );
    case 'Client - Client Code':
      return checked(
        saveClientInput,
        {
          Description: f.description,
          PlatformId: p.platformId,
          AgencyId: p.agencyId,
          ClientCode: f.clientCodes.filter((c) => !c.isRemoved).map((c) => c.code),
        },
        'SaveClient',
        'POST',
      );
    case 'Client Asset':
      return checked(
        saveClientAccountInput,
        {
          AssetId: f.assetId,
          Description: f.description,
          AssetReference: nonEmpty(f.assetReference),
          ClientId: p.clientId,
        },
        'SaveClientAccount',
        'POST',
      );
    case 'Platform User Type':
      return checked(
        savePlatformAccessInput,
        {
          Description: f.description,
          PlatformId: p.platformId,
          BasicName: f.basicName,
          IsNew: true,
          AssetId: f.assetId,
        },
        'SavePlatformAccess',
        'POST',
      );
  }
}

/** PUT api/Catalogs/{Type} for an existing item (spec 3 §7). */
export function buildUpdate(row: MasterDataRow, f: MasterDataForm): Built {
  switch (row.masterDataType) {
    case 'Region':
      return checked(updateRegionInput, { regionId: row.id, description: f.description }, 'Region', 'PUT');
    case 'Account Ownership':
      return checked(
        updateOwnershipInput,
        { platformOwnerShipId: row.id, description: f.description },
        'PlatformOwnerShip',
        'PUT',
      );
    case 'Market':
      return checked(
        updateMarketInput,
        { marketId: row.id, description: f.description, code: f.code },
        'Market',
        'PUT',
      );
    case 'Agency':
      return checked(updateAgencyInput, { agencyId: row.id, description: f.description }, 'Agency', 'PUT');
    case 'Practice':
      return checked(
        updatePracticeInput,
        { agencyPracticeId: row.id, description: f.description },
        'Practice',
        'PUT',
      );
    case 'Platform':
      return checked(
        updatePlatformInput,
        {
          platformId: row.platformId,
          description: f.description,
          businessAccess: f.businessAccess,
          bussinesAccessName: f.businessAccess ? nonEmpty(f.bussinesAccessName) : null,
          bussinesAccessId: f.businessAccess ? nonEmpty(f.bussinesAccessId) : null,
          assets: f.assets,
        },
        'Platform',
        'PUT',
      );
    case 'Client - Client Code':
      return checked(
        updateClientInput,
        { clientId: row.id, description: f.description, clientCode: f.clientCodes },
        'Client',
        'PUT',
      );
    case 'Client Asset':
      return checked(
        updateClientAccountInput,
        {
          clientAccountId: row.id,
          assetId: f.assetId,
          description: f.description,
          assetReference: nonEmpty(f.assetReference),
        },
        'ClientAccount',
        'PUT',
      );
    case 'Platform User Type':
      return checked(
        updatePlatformUserTypeInput,
        {
          platformUserTypeId: row.id,
          description: f.description,
          basicName: f.basicName,
          assetId: f.assetId,
        },
        'PlatformUserType',
        'PUT',
      );
  }
}
