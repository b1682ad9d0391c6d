import type { ColumnFilter } from './schemas/table.ts';

/**
 * What a person sees of a server-paged table — page, page size, sort, filters and search — and
 * how it is written into the address (search params), so that a view can be shared as a link
 * and comes back with the browser's Back button. The address is user input: whatever does not
 * name a column the table offers, or a page size it allows, is ignored.
 */
export interface TableView {
  /** 1-based. */
  page: number;
  pageSize: number;
  orderBy: string | null;
  orderAsc: boolean;
  filters: ColumnFilter[];
  search: string;
}

/** What a table accepts from the address. */
export interface TableViewRules {
  sortable: readonly string[];
  filterable: readonly string[];
  pageSizes: readonly number[];
  defaultPageSize: number;
}

/** The search params a table owns: `page`, `size`, `sort`, `dir`, `q` and one `f.<column>` per value. */
export const tableParam = {
  page: 'page',
  size: 'size',
  sort: 'sort',
  dir: 'dir',
  search: 'q',
  filter: 'f.',
} as const;

const ownParams: readonly string[] = [
  tableParam.page,
  tableParam.size,
  tableParam.sort,
  tableParam.dir,
  tableParam.search,
];
const isTableParam = (key: string) => ownParams.includes(key) || key.startsWith(tableParam.filter);

/** The view of a table nobody has touched. */
export function defaultTableView(pageSize: number): TableView {
  return { page: 1, pageSize, orderBy: null, orderAsc: false, filters: [], search: '' };
}

/** True when the address says anything about the table (else the screen's initial view applies). */
export function hasTableParams(params: URLSearchParams): boolean {
  return [...params.keys()].some(isTableParam);
}

/** The view the address describes; unknown columns, bad numbers and page sizes fall back to defaults. */
export function tableViewFromParams(params: URLSearchParams, rules: TableViewRules): TableView {
  const view = defaultTableView(rules.defaultPageSize);
  const size = Number(params.get(tableParam.size));
  if (params.has(tableParam.size) && rules.pageSizes.includes(size)) {
    view.pageSize = size;
  }
  const page = Number(params.get(tableParam.page));
  if (Number.isSafeInteger(page) && page > 1) {
    view.page = page;
  }
  const sort = params.get(tableParam.sort);
  if (sort !== null && rules.sortable.includes(sort)) {
    view.orderBy = sort;
    view.orderAsc = params.get(tableParam.dir) !== 'desc';
  }
  view.search = params.get(tableParam.search) ?? '';
  const columns = new Set(
    [...params.keys()]
      .filter((k) => k.startsWith(tableParam.filter))
      .map((k) => k.slice(tableParam.filter.length)),
  );
  view.filters = [...columns]
    .filter((column) => rules.filterable.includes(column))
    .map((column) => ({ column, values: params.getAll(`${tableParam.filter}${column}`) }));
  return view;
}

/**
 * The address with the table's params replaced by `view` (defaults left out, so an untouched
 * table adds nothing); the screen's own params (`Id`, `userId`, …) are kept.
 */
export function tableViewToParams(
  view: TableView,
  params: URLSearchParams,
  defaultPageSize: number,
): URLSearchParams {
  const next = new URLSearchParams([...params].filter(([key]) => !isTableParam(key)));
  if (view.orderBy !== null) {
    next.set(tableParam.sort, view.orderBy);
    next.set(tableParam.dir, view.orderAsc ? 'asc' : 'desc');
  }
  for (const filter of view.filters) {
    for (const value of filter.values) {
      next.append(`${tableParam.filter}${filter.column}`, value);
    }
  }
  if (view.search !== '') {
    next.set(tableParam.search, view.search);
  }
  if (view.pageSize !== defaultPageSize) {
    next.set(tableParam.size, String(view.pageSize));
  }
  if (view.page > 1) {
    next.set(tableParam.page, String(view.page));
  }
  return next;
}
