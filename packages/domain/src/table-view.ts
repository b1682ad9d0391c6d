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
  /**
   * The page was reached by a step from the page next to it, read on from that page's edge row
   * (a table whose server reads steps so): kept in the address, so that reloading, Back and a
   * shared link read the page the same way instead of by its number.
   */
  anchor?: TableAnchor;
}

/** The edge row of the page stepped from: the page is the rows after it (before it: `isBefore`). */
export interface TableAnchor {
  id: number;
  isBefore: boolean;
}

/** What a table accepts from the address. */
export interface TableViewRules {
  sortable: readonly string[];
  filterable: readonly string[];
  pageSizes: readonly number[];
  defaultPageSize: number;
}

/**
 * The search params a table owns: `page`, `size`, `sort`, `dir`, `q`, one `f.<column>` per value,
 * and `after` or `before` (the anchor's row id) on a page reached by a step.
 */
export const tableParam = {
  page: 'page',
  after: 'after',
  before: 'before',
  size: 'size',
  sort: 'sort',
  dir: 'dir',
  search: 'q',
  filter: 'f.',
} as const;

const ownParams: readonly string[] = [
  tableParam.page,
  tableParam.after,
  tableParam.before,
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
  const anchor = anchorFromParams(params);
  if (view.page > 1 && anchor) {
    view.anchor = anchor;
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
    if (view.anchor) {
      next.set(view.anchor.isBefore ? tableParam.before : tableParam.after, String(view.anchor.id));
    }
  }
  return next;
}

/** The address's anchor: one row id, after or before; none when it names two or a bad id. */
function anchorFromParams(params: URLSearchParams): TableAnchor | undefined {
  const after = params.getAll(tableParam.after);
  const before = params.getAll(tableParam.before);
  const value = [...after, ...before];
  if (value.length !== 1 || !/^[1-9]\d{0,15}$/.test(value[0]!)) {
    return undefined;
  }
  const id = Number(value[0]);
  return Number.isSafeInteger(id) ? { id, isBefore: before.length === 1 } : undefined;
}
