import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useInsertionEffect,
  useMemo,
  useState,
} from 'react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow, { tableRowClasses } from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  ALL_ROWS,
  ALL_ROWS_MAX,
  defaultPageSize,
  messages,
  defaultTableView,
  pageSizes,
  type TableQuery,
  type TableView,
  type TableViewRules,
} from '@uap/domain';
import { reportError } from '../../api/error-store.ts';
import { localTimeZone } from '../../session/time-zone.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { EmptyState } from './EmptyState.tsx';
import { BodyRow } from './BodyRow.tsx';
import { RowCheckbox } from './RowCheckbox.tsx';
import { PhoneCards } from './RowCards.tsx';
import { HeaderRow } from './HeaderRow.tsx';
import { FilterChips } from './FilterChips.tsx';
import { arrangeColumns, useTableLayout, type Density } from './use-table-layout.ts';
import { TruncatedText } from './TruncatedText.tsx';
import { bodyClasses, toolClasses } from './table-styles.ts';
import { insertTableStyles, prepareTableStyles } from './table-stylesheet.ts';
import { Pager, ProgressBar, SearchField, ToggleGroup, ToolButton } from './TableTools.tsx';
import type { DataTableColumn, DataTableProps, PageAnchor, PageQuery } from './types.ts';
import { usePageSelection } from './use-page-selection.ts';
import { useSearchBox } from './use-search-box.ts';
import { openingView, useTableView, type ViewUpdate } from './use-table-view.ts';

export type { DataTableColumn, DataTablePage, DataTableProps } from './types.ts';

// The table's stylesheet is compiled in tasks of its own from when the table's code arrives.
prepareTableStyles();

function cellContent<Row>(column: DataTableColumn<Row>, row: Row) {
  if (column.cell) {
    return column.cell(row);
  }
  const text = column.text?.(row) ?? '';
  return column.truncate ? <TruncatedText text={text} max={column.truncate} /> : text;
}

const skeletonRows = 5;
/** The rows-per-page choices of a table that names none: 5 to 100, and every row ('All (N)'). */
const defaultPageSizes: readonly number[] = [...pageSizes, ALL_ROWS];
/** A 422 answer: a rule refused the page (every row, ALL_ROWS, when there are too many). */
const isRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 422;
/** Rows drawn with a page's first paint; the rest follow in a background render. */
const firstRows = 10;

/** What a table's first page depends on: enough to fetch it before the table is drawn. */
type TableSource<Row> = Pick<
  DataTableProps<Row>,
  | 'columns'
  | 'queryKey'
  | 'fetchPage'
  | 'pageSizeOptions'
  | 'initialPageSize'
  | 'initialFilters'
  | 'initialSearch'
  | 'syncWithUrl'
  | 'anchorSteps'
>;

/** What the address may say about the table, and the view it opens with when it says nothing. */
function viewSetupOf<Row>(props: TableSource<Row>): { rules: TableViewRules; initial: TableView } {
  const pageSizeOptions = props.pageSizeOptions ?? defaultPageSizes;
  const defaultSize = props.initialPageSize ?? defaultPageSize;
  return {
    rules: {
      sortable: props.columns.filter((c) => c.sortable).map((c) => c.id),
      filterable: props.columns.filter((c) => c.filterable).map((c) => c.id),
      pageSizes: pageSizeOptions,
      defaultPageSize: defaultSize,
    },
    initial: {
      ...defaultTableView(defaultSize),
      filters: props.initialFilters ?? [],
      search: props.initialSearch ?? '',
    },
  };
}

function pageQueryOf(view: TableView, exactCount: boolean): TableQuery {
  return {
    page: view.page,
    pageSize: view.pageSize,
    orderBy: view.orderBy,
    orderAsc: view.orderAsc,
    justCompleted: false,
    initialLoad: false,
    filters: view.filters,
    searchCriteria: view.search,
    localTimeZone: localTimeZone(),
    ...(exactCount ? { exactCount: true } : {}),
  };
}

/** The page request of a view: its table query, and the step's anchor where the server reads steps. */
function pageRequestOf<Row>(
  props: Pick<TableSource<Row>, 'anchorSteps'>,
  view: TableView,
  exactCount: boolean,
): PageQuery {
  const anchor: PageAnchor | undefined =
    props.anchorSteps && view.anchor
      ? { requestId: view.anchor.id, isBefore: view.anchor.isBefore }
      : undefined;
  return { ...pageQueryOf(view, exactCount), ...(anchor ? { anchor } : {}) };
}

const withoutAnchor = ({ anchor: _anchor, ...view }: TableView): TableView => view;

function pageQueryOptions<Row>(props: TableSource<Row>, query: TableQuery) {
  return {
    queryKey: [...props.queryKey, query],
    queryFn: ({ signal }: { signal: AbortSignal }) => props.fetchPage(query, signal),
    meta: { errorDialog: false },
  };
}

/**
 * Starts fetching the page a table will open on (the same query, under the same key), so a
 * screen's data downloads alongside the sign-in check and the screen's code instead of after
 * the table is first drawn. Errors are left to the table, which asks again.
 */
export function prefetchTablePage<Row>(
  client: QueryClient,
  props: TableSource<Row>,
  searchParams: URLSearchParams,
): Promise<void> {
  const { rules, initial } = viewSetupOf(props);
  const view = openingView(props.syncWithUrl ?? false, rules, initial, searchParams);
  return client.prefetchQuery(pageQueryOptions(props, pageRequestOf(props, view, false)));
}

/**
 * The server-paged table every table screen uses (docs/architecture.md): paging with the total, sorting,
 * per-column multi-select filters fed by the server, a debounced search, Clear Filters, CSV
 * export of the whole filtered result and optional row selection. Role rules (who may export,
 * which rows may be selected) come in as props: the table knows no roles.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { title, columns, queryKey, fetchFilterOptions, exportCsv, getRowId, selection } = props;
  const pageSizeOptions = props.pageSizeOptions ?? defaultPageSizes;
  const { rules, initial } = viewSetupOf(props);
  const [view, setAnyView] = useTableView(props.syncWithUrl ?? false, rules, initial);
  // Every change but a step (goToPage) leaves the step's anchor behind.
  const setView = useCallback(
    (update: ViewUpdate, dropParams?: readonly string[]) =>
      setAnyView((v) => update(withoutAnchor(v)), dropParams),
    [setAnyView],
  );
  const addressFilters = props.addressFilters ?? [];
  const { filters } = view;
  const pagination: PaginationState = { pageIndex: view.page - 1, pageSize: view.pageSize };
  const sorting: SortingState = view.orderBy === null ? [] : [{ id: view.orderBy, desc: !view.orderAsc }];

  const [search, setSearch] = useSearchBox(view.search, setView);
  const [isExporting, setIsExporting] = useState(false);
  // Asked for the exact total of this view (the server estimates large totals).
  const [exactCountOf, setExactCountOf] = useState<string | null>(null);
  const viewKey = JSON.stringify([view.filters, view.search, props.initialFilters]);

  const query = pageRequestOf(props, view, exactCountOf === viewKey);
  const {
    data: fetched,
    error,
    isFetching,
    isError,
    isPlaceholderData,
  } = useQuery({ ...pageQueryOptions(props, query), placeholderData: keepPreviousData });
  // Every row was asked for and the server refused (more than ALL_ROWS_MAX under a view changed
  // since): back to the table's page size, saying why while the filters and search stay.
  const [allRefusedIn, setAllRefusedIn] = useState<string | null>(null);
  const isAllRefused = view.pageSize === ALL_ROWS && isRefusal(error);
  useEffect(() => {
    if (isAllRefused) {
      setAllRefusedIn(viewKey);
      setView((v) => ({ ...v, page: 1, pageSize: rules.defaultPageSize }));
    }
  }, [isAllRefused, viewKey, setView, rules.defaultPageSize]);
  // A page that arrives is drawn in a background render that yields to the browser between rows,
  // so drawing a page of 50 rows never holds the main thread for the whole page. A page already
  // fetched when the table mounts (see prefetchTablePage) is drawn after the table's frame too.
  const data = useDeferredValue(fetched, undefined);
  const pageRows = useMemo(() => data?.rows ?? [], [data]);
  // A step to the next or previous page names the shown page's edge row (`anchorSteps`), so the
  // server reads on from it however deep the page; any other move, and the first page, ask for
  // the page by number.
  const goToPage = (page: number) => {
    const shownRows = isPlaceholderData ? [] : (fetched?.rows ?? []);
    const edge = page < view.page ? shownRows[0] : shownRows.at(-1);
    const anchor =
      props.anchorSteps && edge && Math.abs(page - view.page) === 1 && page > 1
        ? { id: getRowId(edge), isBefore: page < view.page }
        : undefined;
    setAnyView((v) => ({ ...withoutAnchor(v), page, ...(anchor ? { anchor } : {}) }));
  };
  // The first rows are committed with the page; the rest in a background render after it.
  const [completeRows, setCompleteRows] = useState<Row[]>([]);
  useEffect(() => {
    if (completeRows !== pageRows) {
      startTransition(() => {
        setCompleteRows(pageRows);
      });
    }
  }, [pageRows, completeRows]);
  const isPageComplete = completeRows === pageRows;
  const rows = useMemo(
    () => (isPageComplete ? pageRows : pageRows.slice(0, firstRows)),
    [isPageComplete, pageRows],
  );
  // The pager first appears with the first complete page, then stays (an open rows-per-page
  // menu survives the next page arriving).
  const [hasPager, setHasPager] = useState(false);
  if (!hasPager && data !== undefined && isPageComplete) {
    setHasPager(true);
  }
  const totalCount = data?.totalCount ?? 0;
  const isCountEstimate = data?.isCountEstimate === true;
  const shownCount = isCountEstimate ? messages.aboutCount(totalCount) : String(totalCount);
  // Every row is offered when the exact total is small enough to draw (the server's rule too).
  const allRowsReason =
    isCountEstimate || totalCount > ALL_ROWS_MAX ? messages.tooManyRowsForAll(ALL_ROWS_MAX) : null;
  const rowsPerPageOptions = pageSizeOptions.map((n) =>
    n === ALL_ROWS
      ? { label: messages.allRowsOption(shownCount), value: ALL_ROWS, disabledReason: allRowsReason }
      : n,
  );

  const setColumnFilter = (column: string, values: string[] | null) => {
    setView((v) => ({
      ...v,
      page: 1,
      filters: [
        ...v.filters.filter((f) => f.column !== column),
        ...(values === null ? [] : [{ column, values }]),
      ],
    }));
  };
  const handleClearFilters = () => {
    setSearch('');
    setView(
      (v) => ({ ...v, page: 1, filters: [], search: '' }),
      addressFilters.flatMap((f) => f.params),
    );
  };
  /** A header click: ascending, then descending, then back to the table's default order. */
  const handleSort = (column: string) => {
    setView((v) => {
      if (v.orderBy !== column) {
        return { ...v, page: 1, orderBy: column, orderAsc: true };
      }
      return v.orderAsc
        ? { ...v, page: 1, orderAsc: false }
        : { ...v, page: 1, orderBy: null, orderAsc: false };
    });
  };
  const handleExport = async () => {
    if (!exportCsv) {
      return;
    }
    setIsExporting(true);
    try {
      await exportCsv({ ...query, page: 1 });
    } catch (error) {
      reportError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const { selectedIds, disabledReasonOf, pageBox, onToggleRow, togglePage } = usePageSelection(
    selection,
    pageRows,
    getRowId,
  );

  // The table's stylesheet, in the page before the table is first drawn (table-stylesheet.ts).
  useInsertionEffect(() => {
    insertTableStyles();
  }, []);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { layout, update: updateLayout, reset: resetLayout } = useTableLayout(props.tableId ?? title);
  const arranged = arrangeColumns(columns, layout);
  const shownColumns = arranged.filter((c) => !layout.hidden.includes(c.id));
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      shownColumns.map((c) => ({
        id: c.id,
        header: c.header,
        cell: ({ row }) => cellContent(c, row.original),
        meta: c,
      })),
    // The shown columns change with `columns` or the person's layout.
    [columns, layout],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: totalCount,
    state: { pagination, sorting },
  });

  const rowCheckbox = (row: Row) => (
    <RowCheckbox
      id={getRowId(row)}
      checked={selectedIds.has(getRowId(row))}
      disabledReason={disabledReasonOf(row)}
      onToggle={onToggleRow}
    />
  );
  const isLoading = data === undefined && !isError;
  // On a phone the rows are cards, and so are the grey lines while the first page loads.
  const showsCards = isPhone && (isLoading || rows.length > 0);
  const canExport = exportCsv !== undefined;
  const hasFilters = filters.length > 0 || search !== '' || view.search !== '' || addressFilters.length > 0;
  const headerOf = (id: string) => columns.find((c) => c.id === id)?.header ?? id;
  const cellSize = layout.density === 'compact' ? 'small' : 'medium';
  const bodyCellClassName = `${tableCellClasses.root} ${tableCellClasses.body} ${
    cellSize === 'small' ? tableCellClasses.sizeSmall : tableCellClasses.sizeMedium
  }`;
  const columnCount = shownColumns.length + (selection ? 1 : 0);
  return (
    <section aria-label={title} className={toolClasses.root} style={{ marginBottom: 24 }}>
      <h2 className={toolClasses.title}>{data ? `${title} (${shownCount})` : title}</h2>
      {props.intro}
      <div className={toolClasses.toolbar}>
        <SearchField label="Search" value={search} onChange={setSearch} />
        <ToolButton onClick={handleClearFilters} disabled={!hasFilters}>
          Clear Filters
        </ToolButton>
        {canExport && (
          <ToolButton outlined onClick={() => void handleExport()} disabled={isExporting}>
            Export CSV
          </ToolButton>
        )}
        {props.toolbar}
        {isCountEstimate && (
          <ToolButton
            onClick={() => {
              setExactCountOf(viewKey);
            }}
          >
            {messages.countExactly}
          </ToolButton>
        )}
        <div className={toolClasses.spacer} />
        {/* A phone shows cards, which have no density. */}
        {!isPhone && (
          <ToggleGroup<Density>
            label="Row density"
            value={layout.density}
            options={[
              { value: 'compact', label: 'Compact' },
              { value: 'comfortable', label: 'Comfortable' },
            ]}
            onChange={(density) => {
              updateLayout({ density });
            }}
          />
        )}
        <ColumnChooser columns={arranged} layout={layout} onChange={updateLayout} onReset={resetLayout} />
      </div>
      <FilterChips
        filters={filters}
        search={view.search}
        addressFilters={addressFilters}
        headerOf={headerOf}
        onRemoveFilter={(column) => {
          setColumnFilter(column, null);
        }}
        onClearSearch={() => {
          setSearch('');
          setView((v) => ({ ...v, page: 1, search: '' }));
        }}
        onRemoveAddressFilter={(filter) => {
          setView((v) => ({ ...v, page: 1 }), filter.params);
        }}
      />
      <div className={toolClasses.paper}>
        <div className={toolClasses.progressTrack}>
          {isFetching && <ProgressBar label="Loading records" />}
        </div>
        {isError && !isAllRefused && (
          <p role="alert" className={toolClasses.alert}>
            {messages.errorGettingRecords}
          </p>
        )}
        {allRefusedIn === viewKey && (
          <p role="status" className={toolClasses.alert}>
            {messages.allRowsTooManyNow(ALL_ROWS_MAX, view.pageSize)}
          </p>
        )}
        {showsCards && (
          <PhoneCards
            isLoading={isLoading}
            skeletonCount={skeletonRows}
            title={title}
            rows={pageRows}
            columns={shownColumns}
            getRowId={getRowId}
            cell={(columnId, row) => {
              const column = columns.find((c) => c.id === columnId);
              return column ? cellContent(column, row) : null;
            }}
            checkbox={selection ? (row) => rowCheckbox(row) : undefined}
          />
        )}
        {/* On a phone the rows are cards: the table is not drawn at all. The container is a size
            container: the empty state takes its visible width (EmptyState). */}
        {!showsCards && (
          <TableContainer sx={{ maxHeight: '70vh', containerType: 'inline-size' }}>
            <Table stickyHeader size={cellSize} aria-label={title}>
              <TableHead>
                {table.getHeaderGroups().map((group) => (
                  <HeaderRow
                    key={group.id}
                    group={group}
                    columns={columns}
                    orderBy={view.orderBy}
                    orderAsc={view.orderAsc}
                    filters={filters}
                    query={query}
                    queryKey={queryKey}
                    fetchFilterOptions={fetchFilterOptions}
                    pageBox={selection ? pageBox : undefined}
                    onTogglePage={togglePage}
                    onSort={handleSort}
                    onFilter={setColumnFilter}
                  />
                ))}
              </TableHead>
              <TableBody>
                {table.getRowModel().rows.map((row) => {
                  const id = getRowId(row.original);
                  return (
                    <BodyRow
                      key={row.id}
                      row={row}
                      id={id}
                      columns={columnDefs}
                      cellClassName={bodyCellClassName}
                      hasSelection={selection !== undefined}
                      isSelected={selectedIds.has(id)}
                      disabledReason={selection ? disabledReasonOf(row.original) : null}
                      onToggle={onToggleRow}
                    />
                  );
                })}
                {isLoading &&
                  Array.from({ length: skeletonRows }, (_, i) => (
                    <tr key={`skeleton-${i}`} aria-hidden className={tableRowClasses.root}>
                      {Array.from({ length: columnCount }, (_, j) => (
                        <td key={j} className={bodyCellClassName}>
                          <span className={bodyClasses.skeleton} />
                        </td>
                      ))}
                    </tr>
                  ))}
                {data && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columnCount} sx={{ p: 0 }}>
                      <EmptyState
                        message={
                          hasFilters
                            ? messages.noRowsMatchFilters
                            : (props.emptyMessage ?? messages.noDataFound)
                        }
                        onClearFilters={hasFilters ? handleClearFilters : undefined}
                      />
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {/* First drawn with the rest of the first page's rows, after the first ones. */}
        {data && hasPager && (
          <Pager
            count={totalCount}
            page={pagination.pageSize === ALL_ROWS ? 0 : pagination.pageIndex}
            rowsPerPage={pagination.pageSize}
            rowsPerPageOptions={rowsPerPageOptions}
            labelDisplayedRows={({ from, to }) => `${from}–${to} of ${shownCount}`}
            onPageChange={(page) => {
              goToPage(page + 1);
            }}
            onRowsPerPageChange={(pageSize) => {
              setAllRefusedIn(null);
              setView((v) => ({ ...v, page: 1, pageSize }));
            }}
          />
        )}
      </div>
    </section>
  );
}
