import { z } from 'zod';
import { defaultPageSize } from '../limits.ts';
import { masterDataRequestRow, masterDataTypes } from './master-data.ts';
import { isPageSize, listPage, pageSizeMessage } from './table.ts';
import { searchTerm } from './text.ts';

/** Open (waits for an administrator) or Done (an administrator marked it done). */
export const masterDataRequestStatuses = ['Open', 'Done'] as const;
export type MasterDataRequestStatus = (typeof masterDataRequestStatuses)[number];

/** A query value that may come once or repeated (`?type=Region&type=Market`). */
const manyOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(item),
  );

/** GET api/MasterDataRequest: a page of the history, searched and filtered, newest first. */
export const masterDataRequestHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().refine(isPageSize, { message: pageSizeMessage }).default(defaultPageSize),
  search: searchTerm(z.string().trim().max(200))
    .default('')
    .describe('matches the comments, the type and the requester'),
  type: manyOf(z.enum(masterDataTypes)).describe('only these master data types'),
  status: manyOf(z.enum(masterDataRequestStatuses)).describe('Open, Done'),
});
export type MasterDataRequestHistoryQuery = z.infer<typeof masterDataRequestHistoryQuery>;

/** An item of master data: its id and name. */
export const masterDataItemRef = z.object({ id: z.number().int(), description: z.string() });
export type MasterDataItemRef = z.infer<typeof masterDataItemRef>;

/** A history row with its outcome: who marked it done, when, and the item it created. */
export const masterDataRequestHistoryRow = masterDataRequestRow.extend({
  doneDate: z.string().nullable(),
  doneByUser: z.object({ name: z.string(), lastName: z.string() }).nullable(),
  /** The item of the request's type the administrator linked (null: none, or it was deleted since). */
  doneItem: masterDataItemRef.nullable(),
});
export type MasterDataRequestHistoryRow = z.infer<typeof masterDataRequestHistoryRow>;

export const masterDataRequestHistory = listPage('items', masterDataRequestHistoryRow);
export type MasterDataRequestHistory = z.infer<typeof masterDataRequestHistory>;

/** PUT api/MasterDataRequest/{id}/Done: the item of the request's type it created (or none). */
export const masterDataRequestDoneInput = z.object({
  itemId: z.number().int().positive().nullable(),
});
export type MasterDataRequestDoneInput = z.infer<typeof masterDataRequestDoneInput>;

/** GET api/MasterDataRequest/ItemOptions: items of one type whose name contains `search`. */
export const masterDataItemOptionsQuery = z.object({
  type: z.enum(masterDataTypes),
  search: searchTerm(z.string().trim().max(100)).default(''),
});
export type MasterDataItemOptionsQuery = z.infer<typeof masterDataItemOptionsQuery>;
