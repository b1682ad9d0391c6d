import { z } from 'zod';
import { defaultPageSize, pageSizes } from '../limits.ts';

/** One column filter: keep rows whose column value is one of `values` (multi-select). */
export const columnFilter = z.object({
  column: z.string().min(1).max(60),
  values: z.array(z.string().max(500)).max(1000),
});
export type ColumnFilter = z.infer<typeof columnFilter>;

/**
 * The body every server-paged table sends (spec 1 §7: page, pageSize, orderBy, orderAsc,
 * justCompleted, initialLoad, filters, searchCriteria, localTimeZone). `orderBy` and filter
 * columns are the row field names of the table; the server maps them to SQL and refuses
 * unknown ones.
 */
export const tableQuery = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${pageSizes.join(', ')}`,
    })
    .default(defaultPageSize),
  orderBy: z.string().max(60).nullish(),
  orderAsc: z.boolean().default(false),
  justCompleted: z.boolean().default(false),
  initialLoad: z.boolean().default(false),
  filters: z.array(columnFilter).max(40).default([]),
  searchCriteria: z.string().max(200).default(''),
  localTimeZone: z.string().max(64).default('UTC'),
});
export type TableQuery = z.infer<typeof tableQuery>;
export type TableQueryInput = z.input<typeof tableQuery>;

/** A page of rows with the total count of the filtered result. */
export function tablePage<T extends z.ZodType>(row: T) {
  return z.object({ requests: z.array(row), page: z.number().int(), totalCount: z.number().int() });
}
