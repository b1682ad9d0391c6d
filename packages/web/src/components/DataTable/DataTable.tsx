import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_ROWS,
  defaultPageSize,
  limits,
  messages,
  pageSizes,
  type ColumnFilter,
  type TableQuery,
} from '@uap/domain';
import { reportError } from '../../api/error-store.ts';
import { ColumnFilterMenu } from './ColumnFilterMenu.tsx';
import { TruncatedText } from './TruncatedText.tsx';
import type { DataTableColumn, DataTableProps } from './types.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export type { DataTableColumn, DataTablePage, DataTableProps } from './types.ts';

const localTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function cellContent<Row>(column: DataTableColumn<Row>, row: Row) {
  if (column.cell) {
    return column.cell(row);
  }
  const text = column.text?.(row) ?? '';
  return column.truncate ? <TruncatedText text={text} max={column.truncate} /> : text;
}

/**
 * The server-paged table every table screen uses (docs/architecture.md): paging with the total, sorting,
 * per-column multi-select filters fed by the server, a debounced search, Clear Filters, CSV
 * export of the whole filtered result and optional row selection. Role rules (who may export,
 * which rows may be selected) come in as props: the table knows no roles.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { title, columns, queryKey, fetchPage, fetchFilterOptions, exportCsv, getRowId, selection } = props;
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: props.initialPageSize ?? defaultPageSize,
  });
  const rowsPerPageOptions = (props.pageSizeOptions ?? pageSizes).map((n) =>
    n === ALL_ROWS ? { label: 'All', value: ALL_ROWS } : n,
  );
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filters, setFilters] = useState<ColumnFilter[]>(props.initialFilters ?? []);
  const [search, setSearch] = useState(props.initialSearch ?? '');
  const debouncedSearch = useDebouncedValue(search, limits.filterDebounceMs);
  const [isExporting, setIsExporting] = useState(false);

  const query: TableQuery = useMemo(() => {
    const sort = sorting[0];
    return {
      page: pagination.pageIndex + 1,
      pageSize: pagination.pageSize,
      orderBy: sort?.id ?? null,
      orderAsc: sort ? !sort.desc : false,
      justCompleted: false,
      initialLoad: false,
      filters,
      searchCriteria: debouncedSearch.trim(),
      localTimeZone,
    };
  }, [pagination, sorting, filters, debouncedSearch]);

  const { data, isFetching, isError } = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorDialog: false },
  });
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const totalCount = data?.totalCount ?? 0;

  const resetPage = () => {
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  const setColumnFilter = (column: string, values: string[] | null) => {
    setFilters((current) => [
      ...current.filter((f) => f.column !== column),
      ...(values === null ? [] : [{ column, values }]),
    ]);
    resetPage();
  };
  const handleClearFilters = () => {
    setFilters([]);
    setSearch('');
    resetPage();
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

  const selectedIds = new Set(selection?.selectedIds ?? []);
  const selectableRows = selection ? rows.filter((r) => selection.isRowSelectable?.(r) ?? true) : [];
  const selectedOnPage = selectableRows.filter((r) => selectedIds.has(getRowId(r)));
  const toggleRow = (row: Row) => {
    if (!selection) {
      return;
    }
    const id = getRowId(row);
    selection.onChange(
      selectedIds.has(id) ? selection.selectedIds.filter((x) => x !== id) : [...selection.selectedIds, id],
    );
  };
  const togglePage = () => {
    if (!selection) {
      return;
    }
    const pageIds = new Set(selectableRows.map(getRowId));
    const others = selection.selectedIds.filter((id) => !pageIds.has(id));
    selection.onChange(selectedOnPage.length === selectableRows.length ? others : [...others, ...pageIds]);
  };

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        enableSorting: c.sortable ?? false,
        cell: ({ row }) => cellContent(c, row.original),
        meta: c,
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    rowCount: totalCount,
    state: { pagination, sorting },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      resetPage();
    },
  });

  const canExport = exportCsv !== undefined;
  const hasFilters = filters.length > 0 || search !== '';
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {data ? `${title} (${totalCount})` : title}
      </Typography>
      {props.intro}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
        <TextField
          label="Search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPage();
          }}
        />
        <Button onClick={handleClearFilters} disabled={!hasFilters}>
          Clear Filters
        </Button>
        {canExport && (
          <Button variant="outlined" onClick={() => void handleExport()} disabled={isExporting}>
            Export CSV
          </Button>
        )}
        {props.toolbar}
      </Box>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading records" />}</Box>
        {isError && (
          <Typography role="alert" sx={{ p: 2 }}>
            {messages.errorGettingRecords}
          </Typography>
        )}
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
                        checked={selectableRows.length > 0 && selectedOnPage.length === selectableRows.length}
                        indeterminate={
                          selectedOnPage.length > 0 && selectedOnPage.length < selectableRows.length
                        }
                        disabled={selectableRows.length === 0}
                        onChange={togglePage}
                      />
                    </TableCell>
                  )}
                  {group.headers.map((header) => {
                    const column = columns.find((c) => c.id === header.column.id);
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <TableCell key={header.id} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                        {header.column.getCanSort() ? (
                          <TableSortLabel
                            active={sorted !== false}
                            direction={sorted === 'desc' ? 'desc' : 'asc'}
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {label}
                          </TableSortLabel>
                        ) : (
                          label
                        )}
                        {column?.filterable && fetchFilterOptions && (
                          <ColumnFilterMenu
                            column={column.id}
                            header={column.header}
                            selected={filters.find((f) => f.column === column.id)?.values ?? null}
                            query={query}
                            queryKey={queryKey}
                            fetchOptions={fetchFilterOptions}
                            onApply={(values) => {
                              setColumnFilter(column.id, values);
                            }}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableHead>
            <TableBody>
              {table.getRowModel().rows.map((row) => {
                const id = getRowId(row.original);
                return (
                  <TableRow key={row.id} hover selected={selectedIds.has(id)}>
                    {selection && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          slotProps={{ input: { 'aria-label': `Select row ${id}` } }}
                          checked={selectedIds.has(id)}
                          disabled={!(selection.isRowSelectable?.(row.original) ?? true)}
                          onChange={() => {
                            toggleRow(row.original);
                          }}
                        />
                      </TableCell>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + (selection ? 1 : 0)}>{messages.noDataFound}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={totalCount}
          page={pagination.pageSize === ALL_ROWS ? 0 : pagination.pageIndex}
          rowsPerPage={pagination.pageSize}
          rowsPerPageOptions={rowsPerPageOptions}
          labelRowsPerPage="Rows per page"
          onPageChange={(_event, page) => {
            setPagination((p) => ({ ...p, pageIndex: page }));
          }}
          onRowsPerPageChange={(e) => {
            setPagination({ pageIndex: 0, pageSize: Number(e.target.value) });
          }}
        />
      </Paper>
    </Box>
  );
}
