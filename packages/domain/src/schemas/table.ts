import { z } from 'zod';
import { ALL_ROWS, defaultPageSize, pageSizes } from '../limits.ts';
import { messages } from '../messages.ts';
import { searchTerm } from './text.ts';

/**
 * What a table body may filter by: more filters than any table has columns, twice the distinct
 * values a filter menu offers per column, and values as long as any stored text. The server binds
 * each filter's values as one parameter, so every body within these limits can be answered (the
 * request body limit of 1 MiB still applies to the whole body).
 */
export const tableFilterLimits = { filters: 40, valuesPerFilter: 1000, valueLength: 500 } as const;

/** One column filter: keep rows whose column value is one of `values` (multi-select). */
export const columnFilter = z.object({
  column: z.string().min(1).max(60),
  values: z
    .array(
      z
        .string()
        .max(tableFilterLimits.valueLength, messages.filterValueTooLong(tableFilterLimits.valueLength)),
    )
    .max(tableFilterLimits.valuesPerFilter, messages.tooManyFilterValues(tableFilterLimits.valuesPerFilter)),
});
export type ColumnFilter = z.infer<typeof columnFilter>;

/**
 * A page size a table may ask for: one of `pageSizes`, or ALL_ROWS (every row, answered when
 * there are at most ALL_ROWS_MAX, refused otherwise).
 */
export const isPageSize = (n: number): boolean =>
  n === ALL_ROWS || (pageSizes as readonly number[]).includes(n);
export const pageSizeMessage = `pageSize must be one of ${[...pageSizes, ALL_ROWS].join(', ')}`;

/** A GET's page and page size in its query string: one of `pageSizes` (no ALL_ROWS), 100 by default. */
export const pageParams = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${pageSizes.join(', ')}`,
    })
    .default(100),
};

/**
 * The body every server-paged table sends (spec 1 §7: page, pageSize, orderBy, orderAsc,
 * justCompleted, initialLoad, filters, searchCriteria, localTimeZone). `orderBy` and filter
 * columns are the row field names of the table; the server maps them to SQL and refuses
 * unknown ones.
 */
export const tableQuery = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().refine(isPageSize, { message: pageSizeMessage }).default(defaultPageSize),
  orderBy: z.string().max(60).nullish(),
  orderAsc: z.boolean().default(false),
  justCompleted: z.boolean().default(false),
  initialLoad: z.boolean().default(false),
  filters: z
    .array(columnFilter)
    .max(tableFilterLimits.filters, messages.tooManyFilters(tableFilterLimits.filters))
    .default([]),
  searchCriteria: searchTerm(z.string().max(200)).default(''),
  localTimeZone: z.string().max(64).default('UTC'),
  /** Count every matching line even when there are many (the page then says the exact total). */
  exactCount: z.boolean().optional(),
});
export type TableQuery = z.infer<typeof tableQuery>;
export type TableQueryInput = z.input<typeof tableQuery>;

/**
 * A page of a list: its rows under `key` (the name the original client reads them by), the page
 * number and the count of every row of the filtered result. A list that says more `.extend`s it.
 */
export function listPage<K extends string, T extends z.ZodType>(key: K, row: T) {
  const rows = { [key]: z.array(row) } as Record<K, z.ZodArray<T>>;
  return z.object({ ...rows, page: z.number().int(), totalCount: z.number().int() });
}

/**
 * A page of rows with the total count of the filtered result. `isCountEstimate`: the total is
 * an estimate (many lines matched and the caller did not ask for `exactCount`); shown as 'about'.
 */
export function tablePage<T extends z.ZodType>(row: T) {
  return listPage('requests', row).extend({ isCountEstimate: z.boolean().optional() });
}
