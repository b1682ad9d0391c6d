import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { listPage, tableQuery } from './table.ts';

/** The nine data types of the Database Manager and of master data requests (spec 3 §2.1). */
export const masterDataTypes = [
  'Region',
  'Market',
  'Agency',
  'Practice',
  'Platform',
  'Platform User Type',
  'Account Ownership',
  'Client - Client Code',
  'Client Asset',
] as const;
export type MasterDataType = (typeof masterDataTypes)[number];

/** POST api/MasterDataRequest: type and details required, details at most 500. */
export const masterDataRequestInput = z.object({
  MasterDataType: z.enum(masterDataTypes, { error: messages.completeRequiredFields }),
  Comments: z
    .string({ error: messages.completeRequiredFields })
    .trim()
    .min(1, { error: messages.completeRequiredFields })
    .max(limits.masterDataRequestDetails),
});
export type MasterDataRequestInput = z.infer<typeof masterDataRequestInput>;

export const masterDataRequestRow = z.object({
  id: z.number().int(),
  masterDataType: z.string(),
  comments: z.string(),
  createdDate: z.string(),
  createdByUser: z.object({ name: z.string(), lastName: z.string() }),
});
export type MasterDataRequestRow = z.infer<typeof masterDataRequestRow>;

// ---------------------------------------------------------------- Database Manager (spec 3 §2.1, §5, §7)

const fill = { error: messages.fillAllFields };
/** A required text: trimmed, not empty ('Fill all fields'), at most `max` characters. */
const required = (max: number) => z.string(fill).trim().min(1, fill).max(max, messages.textTooLong(max));
/** An optional text: trimmed, empty becomes null. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.textTooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
const name = () => required(limits.masterDataName);
const parentId = z.number(fill).int().min(1, fill);

export const saveRegionInput = z.object({ Description: name() });
export const saveOwnershipInput = z.object({ Description: name() });
export const saveMarketInput = z.object({
  Description: name(),
  Code: required(limits.marketCode),
  RegionId: parentId,
});
export const saveAgencyInput = z.object({ Description: name(), MarketId: parentId });
/** Adds the practice (an existing one of that name is reused) to the agency. */
export const savePracticeInput = z.object({ Description: name(), AgencyId: parentId });

/** An asset type of a platform in the platform dialog; `assetId` set on existing ones. */
export const platformAssetInput = z.object({
  assetId: z.number().int().min(1).nullish(),
  description: z
    .string({ error: messages.missingAssetName })
    .trim()
    .min(1, messages.missingAssetName)
    .max(limits.assetName, messages.textTooLong(limits.assetName)),
  assetName: optional(limits.assetName),
  isSystemRecord: z.boolean().default(false),
  /** Toggled Activate/Deactivate in the dialog. */
  isDeleted: z.boolean().default(false),
});
export type PlatformAssetInput = z.infer<typeof platformAssetInput>;

const businessAccessFields = {
  BusinessAccess: z.boolean().default(false),
  BussinesAccessName: optional(limits.assetName),
  BussinesAccessId: optional(limits.assetId),
};
/** With business access, its asset name (e.g. 'Business Manager') is required. */
const businessAccessRule = (p: { BusinessAccess: boolean; BussinesAccessName: string | null }) =>
  !p.BusinessAccess || p.BussinesAccessName !== null;

/**
 * POST SavePlatform: a platform (an existing one of the same name is reused: see ValidatePlatform)
 * offered on the agency and practice path, with its asset types.
 */
export const savePlatformInput = z.object({
  Platform: z
    .object({
      Description: name(),
      PracticeId: parentId,
      AgencyId: parentId,
      MarketId: parentId.optional(),
      ...businessAccessFields,
    })
    .refine(businessAccessRule, { error: messages.fillAllFields, path: ['BussinesAccessName'] }),
  Assets: z.array(platformAssetInput).max(50).default([]),
});
export type SavePlatformInput = z.infer<typeof savePlatformInput>;

const clientCodeText = z
  .string({ error: messages.missingClientCode })
  .trim()
  .min(1, messages.missingClientCode)
  .max(limits.clientCode, messages.textTooLong(limits.clientCode));

const upperDistinct = (codes: string[]) => new Set(codes.map((c) => c.toUpperCase())).size === codes.length;

/** POST SaveClient: a client of a platform at an agency with 1 to 6 distinct client codes. */
export const saveClientInput = z.object({
  Description: name(),
  PlatformId: parentId,
  AgencyId: parentId,
  ClientCode: z
    .array(clientCodeText)
    .min(1, messages.fillAllFields)
    .max(limits.clientCodesPerClient, messages.tooManyClientCodes(limits.clientCodesPerClient))
    .refine(upperDistinct, messages.clientCodeExists),
});
export type SaveClientInput = z.infer<typeof saveClientInput>;

/** POST SaveClientAccount: a client asset; AssetReference required unless the asset type is a system one. */
export const saveClientAccountInput = z.object({
  AssetId: parentId,
  Description: required(limits.clientAssetName),
  AssetReference: optional(limits.assetId),
  ClientId: parentId,
});
export type SaveClientAccountInput = z.infer<typeof saveClientAccountInput>;

/**
 * POST SavePlatformAccess: a platform user type of an asset type (AssetId null: a platform-level
 * type used by business-access requests, only on a platform with business access).
 */
export const savePlatformAccessInput = z.object({
  Description: name(),
  PlatformId: parentId,
  BasicName: name(),
  IsNew: z.boolean().optional(),
  AssetId: z.number(fill).int().min(1, fill).nullable(),
});
export type SavePlatformAccessInput = z.infer<typeof savePlatformAccessInput>;

export const updateRegionInput = z.object({ regionId: parentId, description: name() });
export const updateOwnershipInput = z.object({ platformOwnerShipId: parentId, description: name() });
export const updateMarketInput = z.object({
  marketId: parentId,
  description: name(),
  code: required(limits.marketCode),
});
export const updateAgencyInput = z.object({ agencyId: parentId, description: name() });
/** Renames the practice (every agency that offers it sees the new name). */
export const updatePracticeInput = z.object({
  agencyPracticeId: parentId,
  description: name(),
});
export const updatePlatformInput = z
  .object({
    platformId: parentId,
    description: name(),
    businessAccess: z.boolean().default(false),
    bussinesAccessName: optional(limits.assetName),
    bussinesAccessId: optional(limits.assetId),
    assets: z.array(platformAssetInput).max(50).default([]),
  })
  .refine((p) => !p.businessAccess || p.bussinesAccessName !== null, {
    error: messages.fillAllFields,
    path: ['bussinesAccessName'],
  });
export type UpdatePlatformInput = z.infer<typeof updatePlatformInput>;

/** A client code in the Modify dialog: new ones have no id; `isRemoved` removes an existing one. */
export const clientCodeInput = z.object({
  clientCodeId: z.number().int().min(1).nullish(),
  code: clientCodeText,
  isDeleted: z.boolean().default(false),
  isRemoved: z.boolean().default(false),
});
export type ClientCodeInput = z.infer<typeof clientCodeInput>;

export const updateClientInput = z.object({
  clientId: parentId,
  description: name(),
  clientCode: z
    .array(clientCodeInput)
    .refine((codes) => codes.some((c) => !c.isRemoved), messages.fillAllFields)
    .refine(
      (codes) => codes.filter((c) => !c.isRemoved).length <= limits.clientCodesPerClient,
      messages.tooManyClientCodes(limits.clientCodesPerClient),
    )
    .refine((codes) => upperDistinct(codes.filter((c) => !c.isRemoved).map((c) => c.code)), {
      error: messages.duplicateClientCodes,
    }),
});
export type UpdateClientInput = z.infer<typeof updateClientInput>;

export const updateClientAccountInput = z.object({
  clientAccountId: parentId,
  assetId: parentId,
  description: required(limits.clientAssetName),
  assetReference: optional(limits.assetId),
});
export type UpdateClientAccountInput = z.infer<typeof updateClientAccountInput>;

export const updatePlatformUserTypeInput = z.object({
  platformUserTypeId: parentId,
  description: name(),
  basicName: name(),
  assetId: z.number(fill).int().min(1, fill).nullable(),
});
export type UpdatePlatformUserTypeInput = z.infer<typeof updatePlatformUserTypeInput>;

/** PUT Activate | Deactivate | DeleteMasterData ?itemId&masterDataType (ids: see masterDataItemId). */
export const masterDataItemQuery = z.object({
  itemId: z.coerce.number().int().min(1),
  masterDataType: z.enum(masterDataTypes),
});
export type MasterDataItemQuery = z.infer<typeof masterDataItemQuery>;

/** Comma-separated ids ("12,13,14") as the spec's Move* calls send them; an array is accepted too. */
const idList = z
  .union([z.string().max(20_000), z.array(z.number().int().min(1)).max(1000)])
  .transform((v, ctx) => {
    const ids = typeof v === 'string' ? v.split(',').map((s) => Number(s.trim())) : v;
    if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length > 1000) {
      ctx.addIssue({ code: 'custom', message: messages.fillAllFields });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const moveClientAccountInput = z.object({ ClientId: parentId, ClientAccountId: parentId });
export const moveMultipleClientAccountInput = z.object({ ClientId: parentId, ClientAccountIds: idList });
export const moveClientInput = z.object({ AgencyId: parentId, ClientId: parentId });
export const moveMultipleClientInput = z.object({ AgencyId: parentId, ClientIds: idList });

/** GET ValidatePlatform: an existing platform of that name, reused by SavePlatform. */
export const validatePlatformQuery = z.object({
  description: z.string().trim().min(1).max(limits.masterDataName),
  marketId: z.coerce.number().int().min(0).optional(),
  practiceId: z.coerce.number().int().min(0).optional(),
});

/** GET GetRecordsByClientAssetId?ClientAccountId / GetRecordsByClientAssets?assetIds=1,2 */
export const recordsByClientAssetIdQuery = z.object({ ClientAccountId: z.coerce.number().int().min(1) });
export const recordsByClientAssetsQuery = z.object({ assetIds: idList });
/** A request line that uses a client asset. */
export const clientAssetRequest = z.object({
  requestId: z.number().int(),
  clientAccountId: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
  /** Submitted or Approved: the reassign confirmation applies. */
  isPending: z.boolean(),
});
export type ClientAssetRequest = z.infer<typeof clientAssetRequest>;

/** The parents a Database Manager table is narrowed to (the cascading selectors; 0 or absent: any). */
const parentFilter = z.number().int().min(0).nullish();
export const masterDataParents = z.object({
  regionId: parentFilter,
  marketId: parentFilter,
  agencyId: parentFilter,
  practiceId: parentFilter,
  platformId: parentFilter,
  clientId: parentFilter,
});

/** PUT api/Catalogs/MasterDataTable (and /Export): the Database Manager table of one type. */
export const masterDataTableQuery = tableQuery.extend({
  masterDataType: z.enum(masterDataTypes),
  ...masterDataParents.shape,
});
export type MasterDataTableQuery = z.infer<typeof masterDataTableQuery>;

/**
 * One row of the Database Manager table. `id` is the item id every row action sends (itemId):
 * regionId, marketId, agencyId, agencyPracticeId (Practice), platformAgencyId (Platform),
 * platformUserTypeId, platformOwnerShipId, clientId, clientAccountId. Fields a type does not
 * have are null.
 */
export const masterDataRow = z.object({
  id: z.number().int(),
  masterDataType: z.enum(masterDataTypes),
  description: z.string(),
  /** Market code; the client's codes joined with ', '. */
  code: z.string().nullable(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  marketName: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  agencyName: z.string().nullable(),
  practiceId: z.number().int().nullable(),
  practiceName: z.string().nullable(),
  platformId: z.number().int().nullable(),
  platformName: z.string().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  /** Client asset and platform user type: the asset type. */
  assetId: z.number().int().nullable(),
  assetTypeName: z.string().nullable(),
  /** Client asset: the platform's own id of the account. */
  assetReference: z.string().nullable(),
  /** Platform user type: Normalized User Type. */
  basicName: z.string().nullable(),
  /** Platform: business access and its name. */
  businessAccess: z.boolean().nullable(),
  bussinesAccessName: z.string().nullable(),
  status: z.enum(['Active', 'Inactive']),
  isDeleted: z.boolean(),
  updatedDate: z.string(),
  /** The caller may modify, activate, deactivate, delete (and move) this row. */
  canEdit: z.boolean(),
});
export type MasterDataRow = z.infer<typeof masterDataRow>;

export const masterDataTable = listPage('rows', masterDataRow).extend({
  /**
   * The caller may add an item of this type under the chosen parents (super admins: always;
   * administrators: not a Region or Account Ownership, and only under parents inside their
   * region and market rows; the auditor: never).
   */
  canAdd: z.boolean(),
});
export type MasterDataTable = z.infer<typeof masterDataTable>;

/** Sortable, filterable and searchable columns of each type (row field names). */
export const masterDataColumns: Record<MasterDataType, readonly (keyof MasterDataRow)[]> = {
  Region: ['id', 'description', 'status', 'updatedDate'],
  Market: ['id', 'description', 'code', 'regionName', 'status', 'updatedDate'],
  Agency: ['id', 'description', 'regionName', 'marketName', 'status', 'updatedDate'],
  Practice: ['id', 'description', 'regionName', 'marketName', 'agencyName', 'status', 'updatedDate'],
  Platform: [
    'id',
    'description',
    'regionName',
    'marketName',
    'agencyName',
    'practiceName',
    'bussinesAccessName',
    'status',
    'updatedDate',
  ],
  'Platform User Type': [
    'id',
    'description',
    'basicName',
    'platformName',
    'assetTypeName',
    'status',
    'updatedDate',
  ],
  'Account Ownership': ['id', 'description', 'status', 'updatedDate'],
  'Client - Client Code': [
    'id',
    'description',
    'code',
    'regionName',
    'marketName',
    'agencyName',
    'platformName',
    'status',
    'updatedDate',
  ],
  'Client Asset': [
    'id',
    'description',
    'assetReference',
    'assetTypeName',
    'clientName',
    'agencyName',
    'platformName',
    'status',
    'updatedDate',
  ],
};

/** The master data log's operations. */
export const masterDataOperations = [
  'Created',
  'Updated',
  'Activated',
  'Deactivated',
  'Deleted',
  'Moved',
] as const;
export type MasterDataOperation = (typeof masterDataOperations)[number];

/** One master data log row: who, when, what, before → after (JSON values; null when none). */
export const masterDataLogEntry = z.object({
  id: z.number().int(),
  masterDataType: z.string(),
  itemId: z.number().int(),
  operation: z.string().nullable(),
  description: z.string(),
  operationDate: z.string(),
  operatedBy: z.object({ fullName: z.string(), email: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type MasterDataLogEntry = z.infer<typeof masterDataLogEntry>;

export const masterDataLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const masterDataLogPage = listPage('rows', masterDataLogEntry);
export type MasterDataLogPage = z.infer<typeof masterDataLogPage>;
