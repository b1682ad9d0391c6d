import { z } from 'zod';
import { masterDataTypes, type MasterDataType } from './master-data.ts';

/**
 * The master data spreadsheet: one sheet per master data type, named as the type;
 * row 1 holds the column names, each further row one item. Parents are named, not numbered, so
 * one workbook can add a market and the agencies, clients and assets below it.
 */
export interface MasterDataUploadColumn {
  name: string;
  required: boolean;
  note?: string;
}

const column = (name: string, note?: string): MasterDataUploadColumn => ({ name, required: true, note });
const optionalColumn = (name: string, note?: string): MasterDataUploadColumn => ({
  name,
  required: false,
  note,
});

const path = [column('Region'), column('Market'), column('Agency')];

/** The columns of each type's sheet, in template order. */
export const masterDataUploadColumns: Record<MasterDataType, MasterDataUploadColumn[]> = {
  Region: [column('Region')],
  'Account Ownership': [column('Account Ownership')],
  Market: [column('Region'), column('Market'), column('Code')],
  Agency: path,
  Practice: [...path, column('Practice')],
  Platform: [
    ...path,
    column('Practice'),
    column('Platform'),
    optionalColumn('Business Access', 'Yes or No (blank: No)'),
    optionalColumn('Business Access Name', 'required with business access'),
    optionalColumn('Business Access ID'),
    optionalColumn('Asset Types', 'comma-separated; listed ones the platform lacks are added'),
  ],
  'Platform User Type': [
    column('Platform'),
    optionalColumn('Asset Type', 'blank: a platform-level type (business access platforms)'),
    column('User Type'),
    column('Normalized User Type'),
  ],
  'Client - Client Code': [
    ...path,
    column('Platform'),
    column('Client'),
    column('Client Codes', 'comma-separated, at most 6; listed ones the client lacks are added'),
  ],
  'Client Asset': [
    ...path,
    column('Platform'),
    column('Client'),
    column('Asset Type'),
    column('Client Asset'),
    optionalColumn('Asset ID', 'required unless a system asset type'),
  ],
};

/** The order sheets are applied in, parents first (the template's sheet order). */
export const masterDataUploadOrder: readonly MasterDataType[] = [
  'Region',
  'Account Ownership',
  'Market',
  'Agency',
  'Practice',
  'Platform',
  'Platform User Type',
  'Client - Client Code',
  'Client Asset',
];

/** What the upload accepts: the file, the workbook unpacked (zip bombs) and its rows. */
export const masterDataUploadLimits = {
  maxMegabytes: 10,
  maxUnpackedMegabytes: 100,
  maxZipEntries: 1000,
  maxRows: 10_000,
} as const;

export const masterDataUploadOutcomes = ['created', 'updated', 'unchanged', 'refused'] as const;
export type MasterDataUploadOutcome = (typeof masterDataUploadOutcomes)[number];

export const masterDataUploadRow = z.object({
  sheet: z.string(),
  /** The row as the spreadsheet numbers it (row 1 is the header). */
  row: z.number().int(),
  masterDataType: z.enum(masterDataTypes),
  name: z.string(),
  outcome: z.enum(masterDataUploadOutcomes),
  /** Why a row was refused (the dialog's message); empty otherwise. */
  message: z.string(),
});
export type MasterDataUploadRow = z.infer<typeof masterDataUploadRow>;

/** The answer of UploadMasterData: `applied` false when a row was refused (nothing changed). */
export const masterDataUploadResult = z.object({
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  rows: z.array(masterDataUploadRow),
});
export type MasterDataUploadResult = z.infer<typeof masterDataUploadResult>;
