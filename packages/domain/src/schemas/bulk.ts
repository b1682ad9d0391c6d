import { z } from 'zod';
import { defaultPageSize, limits, pageSizes } from '../limits.ts';
import { searchTerm } from './text.ts';

/** The three kinds of bulk upload (spec 3 §2.9), as stored and as the screen names them. */
export const bulkUploadTypes = ['UserRecords', 'Approvers', 'MasterApprovers'] as const;
export type BulkUploadType = (typeof bulkUploadTypes)[number];
export const bulkUploadTypeLabels: Record<BulkUploadType, string> = {
  UserRecords: 'User Records',
  Approvers: 'Approvers/Provisioners',
  MasterApprovers: 'Master Approvers',
};

/**
 * The columns of each type's template, in order. Names and emails, not ids: a row names its
 * path by the master data's descriptions and its people by their primary email. '*' marks the
 * required ones in the template's header (the reader ignores the mark and the case).
 */
export const bulkTemplateColumns: Record<BulkUploadType, readonly { name: string; isRequired: boolean }[]> = {
  UserRecords: [
    { name: 'User Email', isRequired: true },
    { name: 'Platform Email', isRequired: false },
    { name: 'Region', isRequired: true },
    { name: 'Market', isRequired: true },
    { name: 'Agency', isRequired: true },
    { name: 'Practice', isRequired: true },
    { name: 'Platform', isRequired: true },
    { name: 'Client', isRequired: false },
    { name: 'Client Code', isRequired: false },
    { name: 'Asset Type', isRequired: false },
    { name: 'Asset Name', isRequired: false },
    { name: 'Platform User Type', isRequired: true },
    { name: 'Start Date', isRequired: false },
    { name: 'End Date', isRequired: false },
    { name: 'Urgent', isRequired: false },
    { name: 'Comments', isRequired: true },
    { name: 'Manager Email', isRequired: false },
    { name: 'Manager Name', isRequired: false },
  ],
  Approvers: [
    { name: 'Region', isRequired: true },
    { name: 'Market', isRequired: true },
    { name: 'Agency', isRequired: true },
    { name: 'Practice', isRequired: true },
    { name: 'Platform', isRequired: true },
    { name: 'Client', isRequired: false },
    { name: 'Primary Approver Email', isRequired: true },
    { name: 'Secondary Approver Email', isRequired: false },
    { name: 'Primary Provisioner Email', isRequired: false },
    { name: 'Backup Provisioner Email', isRequired: false },
  ],
  MasterApprovers: [
    { name: 'Region', isRequired: true },
    { name: 'Market', isRequired: true },
    { name: 'Agency', isRequired: true },
    { name: 'Practice', isRequired: true },
    { name: 'Master Approver Email', isRequired: true },
  ],
};

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
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (pageSizes as readonly number[]).includes(n),
      `pageSize must be one of ${pageSizes.join(', ')}`,
    )
    .default(defaultPageSize),
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

export const bulkResultsPage = z.object({
  records: z.array(bulkResultRow),
  page: z.number().int(),
  totalCount: z.number().int(),
});
export type BulkResultsPage = z.infer<typeof bulkResultsPage>;
