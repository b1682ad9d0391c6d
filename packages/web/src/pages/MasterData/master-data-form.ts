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

/** How one type is written: the schema the server checks it with, its Catalogs path, the body. */
interface Writer<A extends unknown[]> {
  schema: z.ZodType;
  path: string;
  body: (...args: A) => unknown;
}

const adds: Record<MasterDataType, Writer<[MasterDataForm, Parents]>> = {
  Region: { schema: saveRegionInput, path: 'SaveRegion', body: (f) => ({ Description: f.description }) },
  'Account Ownership': {
    schema: saveOwnershipInput,
    path: 'SavePlatformOwnerShip',
    body: (f) => ({ Description: f.description }),
  },
  Market: {
    schema: saveMarketInput,
    path: 'SaveMarket',
    body: (f, p) => ({ Description: f.description, Code: f.code, RegionId: p.regionId }),
  },
  Agency: {
    schema: saveAgencyInput,
    path: 'SaveAgency',
    body: (f, p) => ({ Description: f.description, MarketId: p.marketId }),
  },
  Practice: {
    schema: savePracticeInput,
    path: 'SavePractice',
    body: (f, p) => ({ Description: f.description, AgencyId: p.agencyId }),
  },
  Platform: {
    schema: savePlatformInput,
    path: 'SavePlatform',
    body: (f, p) => ({
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
    }),
  },
  'Client - Client Code': {
    schema: saveClientInput,
    path: 'SaveClient',
    body: (f, p) => ({
      Description: f.description,
      PlatformId: p.platformId,
      AgencyId: p.agencyId,
      ClientCode: f.clientCodes.filter((c) => !c.isRemoved).map((c) => c.code),
    }),
  },
  'Client Asset': {
    schema: saveClientAccountInput,
    path: 'SaveClientAccount',
    body: (f, p) => ({
      AssetId: f.assetId,
      Description: f.description,
      AssetReference: nonEmpty(f.assetReference),
      ClientId: p.clientId,
    }),
  },
  'Platform User Type': {
    schema: savePlatformAccessInput,
    path: 'SavePlatformAccess',
    body: (f, p) => ({
      Description: f.description,
      PlatformId: p.platformId,
      BasicName: f.basicName,
      IsNew: true,
      AssetId: f.assetId,
    }),
  },
};

const updates: Record<MasterDataType, Writer<[MasterDataRow, MasterDataForm]>> = {
  Region: {
    schema: updateRegionInput,
    path: 'Region',
    body: (row, f) => ({ regionId: row.id, description: f.description }),
  },
  'Account Ownership': {
    schema: updateOwnershipInput,
    path: 'PlatformOwnerShip',
    body: (row, f) => ({ platformOwnerShipId: row.id, description: f.description }),
  },
  Market: {
    schema: updateMarketInput,
    path: 'Market',
    body: (row, f) => ({ marketId: row.id, description: f.description, code: f.code }),
  },
  Agency: {
    schema: updateAgencyInput,
    path: 'Agency',
    body: (row, f) => ({ agencyId: row.id, description: f.description }),
  },
  Practice: {
    schema: updatePracticeInput,
    path: 'Practice',
    body: (row, f) => ({ agencyPracticeId: row.id, description: f.description }),
  },
  Platform: {
    schema: updatePlatformInput,
    path: 'Platform',
    body: (row, f) => ({
      platformId: row.platformId,
      description: f.description,
      businessAccess: f.businessAccess,
      bussinesAccessName: f.businessAccess ? nonEmpty(f.bussinesAccessName) : null,
      bussinesAccessId: f.businessAccess ? nonEmpty(f.bussinesAccessId) : null,
      assets: f.assets,
    }),
  },
  'Client - Client Code': {
    schema: updateClientInput,
    path: 'Client',
    body: (row, f) => ({ clientId: row.id, description: f.description, clientCode: f.clientCodes }),
  },
  'Client Asset': {
    schema: updateClientAccountInput,
    path: 'ClientAccount',
    body: (row, f) => ({
      clientAccountId: row.id,
      assetId: f.assetId,
      description: f.description,
      assetReference: nonEmpty(f.assetReference),
    }),
  },
  'Platform User Type': {
    schema: updatePlatformUserTypeInput,
    path: 'PlatformUserType',
    body: (row, f) => ({
      platformUserTypeId: row.id,
      description: f.description,
      basicName: f.basicName,
      assetId: f.assetId,
    }),
  },
};

/** POST Save* for a new item (spec 3 §7), checked by the same schema the server uses. */
export function buildAdd(type: MasterDataType, f: MasterDataForm, p: Parents): Built {
  const writer = adds[type];
  return checked(writer.schema, writer.body(f, p), writer.path, 'POST');
}

/** PUT api/Catalogs/{Type} for an existing item (spec 3 §7). */
export function buildUpdate(row: MasterDataRow, f: MasterDataForm): Built {
  const writer = updates[row.masterDataType];
  return checked(writer.schema, writer.body(row, f), writer.path, 'PUT');
}
