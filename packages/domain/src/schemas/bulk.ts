import { z } from 'zod';
import { defaultPageSize, limits } from '../limits.ts';
import { isPageSize, listPage, pageSizeMessage } from './table.ts';
import { searchTerm } from './text.ts';

/** The three kinds of bulk upload (spec 3 §2.9), as stored and as the screen names them. */
export const bulkUploadTypes = ['UserRecords', 'Approvers', 'MasterApprovers'] as const;
export type BulkUploadType = (typeof bulkUploadTypes)[number];
export const bulkUploadTypeLabels: Record<BulkUploadType, string> = {
  UserRecords: 'User Records',
  Approvers: 'Approvers/Provisioners',
  MasterApprovers: 'Master Approvers',
};

/** How the template's date columns are written (MM-DD-YYYY, as the screens show dates; YYYY-MM-DD is read too). */
export const bulkDateFormat = 'MM-DD-YYYY';

/** A template column: its name, whether a row must fill it, and the example row's cell. */
export interface BulkTemplateColumn {
  name: string;
  isRequired: boolean;
  example: string;
  /** The way the cell is written, stated in the header ('Start Date (MM-DD-YYYY)'). */
  format?: string;
}

/**
 * The columns of each type's template, in order. Names and emails, not ids: a row names its
 * path by the master data's descriptions and its people by their primary email. '*' marks the
 * required ones in the template's header (the reader ignores the mark, a '(format)' and the case).
 * The template carries one example row; a row left exactly as the example is refused.
 */
export const bulkTemplateColumns: Record<BulkUploadType, readonly BulkTemplateColumn[]> = {
  UserRecords: [
    { name: 'User Email', isRequired: true, example: 'jane.doe@example.com' },
    { name: 'Platform Email', isRequired: false, example: '' },
    { name: 'Region', isRequired: true, example: 'EMEA' },
    { name: 'Market', isRequired: true, example: 'United Kingdom' },
    { name: 'Agency', isRequired: true, example: 'Example Agency' },
    { name: 'Practice', isRequired: true, example: 'Search' },
    { name: 'Platform', isRequired: true, example: 'Google Ads' },
    { name: 'Client', isRequired: false, example: 'Example Client' },
    { name: 'Client Code', isRequired: false, example: 'EX01' },
    { name: 'Asset Type', isRequired: false, example: 'Ad Account' },
    { name: 'Asset Name', isRequired: false, example: 'Example Account' },
    { name: 'Platform User Type', isRequired: true, example: 'Standard' },
    { name: 'Start Date', isRequired: false, example: '01-31-2027', format: bulkDateFormat },
    { name: 'End Date', isRequired: false, example: '12-31-2027', format: bulkDateFormat },
    { name: 'Urgent', isRequired: false, example: 'No' },
    { name: 'Comments', isRequired: true, example: 'Access for the spring campaign' },
    { name: 'Manager Email', isRequired: false, example: 'john.smith@example.com' },
    { name: 'Manager Name', isRequired: false, example: 'John Smith' },
  ],
  Approvers: [
    { name: 'Region', isRequired: true, example: 'EMEA' },
    { name: 'Market', isRequired: true, example: 'United Kingdom' },
    { name: 'Agency', isRequired: true, example: 'Example Agency' },
    { name: 'Practice', isRequired: true, example: 'Search' },
    { name: 'Platform', isRequired: true, example: 'Google Ads' },
    { name: 'Client', isRequired: false, example: '' },
    { name: 'Primary Approver Email', isRequired: true, example: 'jane.doe@example.com' },
    { name: 'Secondary Approver Email', isRequired: false, example: '' },
    { name: 'Primary Provisioner Email', isRequired: false, example: 'john.smith@example.com' },
    { name: 'Backup Provisioner Email', isRequired: false, example: '' },
  ],
  MasterApprovers: [
    { name: 'Region', isRequired: true, example: 'EMEA' },
    { name: 'Market', isRequired: true, example: 'United Kingdom' },
    { name: 'Agency', isRequired: true, example: 'Example Agency' },
    { name: 'Practice', isRequired: true, example: 'Search' },
    { name: 'Master Approver Email', isRequired: true, example: 'jane.doe@example.com' },
  ],
};

/** A column's header in the template: 'Start Date (MM-DD-YYYY)', '*' after a required one. */
export const bulkColumnHeader = (c: BulkTemplateColumn) =>
  `${c.name}${c.format ? ` (${c.format})` : ''}${c.isRequired ? ' *' : ''}`;

/** The answer of an upload: its code (the upload ID the results are read by). */
export const bulkUploadAnswer = z.object({ codeFile: z.string() });

/** Where an upload stands (the screen's progress bar polls it). */
export const bulkUploadStatus = z.object({
  codeFile: z.string(),
  uploadType: z.enum(bulkUploadTypes),
  fileName: z.string(),
  status: z.enum(['Processing', 'Completed', 'Failed']),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  successRows: z.number().int(),
  error: z.string().nullable(),
});
export type BulkUploadStatus = z.infer<typeof bulkUploadStatus>;

/** The upload ID of the results input (spec 3 §9: at most 100 characters). */
export const bulkCode = z.string().trim().min(1).max(limits.uploadId);

/**
 * GET api/Request/BulkDataRecords | BulkDataApprover | BulkDataMasterApprover: code, page,
 * pageSize, repeated Filters (`bulk_Success=true|false`), searchCriteria (in bulk_Status).
 */
export const bulkResultsQuery = z.object({
  code: bulkCode.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().refine(isPageSize, pageSizeMessage).default(defaultPageSize),
  Filters: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(['bulk_Success=true', 'bulk_Success=false'])).max(2))
    .optional(),
  searchCriteria: searchTerm(z.string().trim().max(100)).optional(),
});
export type BulkResultsQuery = z.infer<typeof bulkResultsQuery>;

/** One row's result (spec 3 §3): its number in the file, the upload code, success, and what happened. */
export const bulkResultRow = z.object({
  row: z.number().int(),
  fileName: z.string(),
  bulk_Success: z.boolean(),
  bulk_Status: z.string(),
});
export type BulkResultRow = z.infer<typeof bulkResultRow>;

export const bulkResultsPage = listPage('records', bulkResultRow);
export type BulkResultsPage = z.infer<typeof bulkResultsPage>;
