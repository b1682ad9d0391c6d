import { flexRender, type HeaderGroup } from '@tanstack/react-table';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ColumnFilter, TableQuery } from '@uap/domain';
import { ColumnFilterMenu } from './ColumnFilterMenu.tsx';
import { PageCheckbox } from './RowCheckbox.tsx';
import { checkboxWidth } from './table-styles.ts';
import type { DataTableColumn, DataTableProps } from './types.ts';

interface HeaderRowProps<Row> extends Pick<DataTableProps<Row>, 'queryKey' | 'fetchFilterOptions'> {
  group: HeaderGroup<Row>;
  columns: DataTableColumn<Row>[];
  orderBy: string | null;
  orderAsc: boolean;
  filters: ColumnFilter[];
  /** The page's query, which the filter menus' values are computed under. */
  query: TableQuery;
  /** The page's selection box, when the table has a selection. */
  pageBox?: { checked: boolean; indeterminate: boolean; disabled: boolean };
  onTogglePage: () => void;
  onSort: (column: string) => void;
  /** null clears the column's filter. */
  onFilter: (column: string, values: string[] | null) => void;
}

/** A header cell that stays in place while the table scrolls sideways (the box, the first column). */
const stickyLeft = (left: number) =>
  ({ position: 'sticky', left, zIndex: 3, bgcolor: 'background.paper' }) as const;

/**
 * The table's header row: the page's selection box, then each shown column's name, a sort
 * label where it sorts (showing the direction) and a filter menu where it filters.
 */
export function HeaderRow<Row>(props: HeaderRowProps<Row>) {
  const { group, columns, pageBox, fetchFilterOptions } = props;
  return (
    <TableRow>
      {pageBox && (
        <TableCell padding="checkbox" sx={stickyLeft(0)}>
          <PageCheckbox {...pageBox} onToggle={props.onTogglePage} />
        </TableCell>
      )}
      {group.headers.map((header, index) => {
        const column = columns.find((c) => c.id === header.column.id);
        const sorted = props.orderBy === header.column.id ? (props.orderAsc ? 'asc' : 'desc') : false;
        const label = flexRender(header.column.columnDef.header, header.getContext());
        return (
          <TableCell
            key={header.id}
            sortDirection={sorted}
            sx={{
              whiteSpace: 'nowrap',
              fontWeight: 600,
              ...(index === 0 ? stickyLeft(pageBox ? checkboxWidth : 0) : {}),
            }}
          >
            {column?.sortable ? (
              <TableSortLabel
                active={sorted !== false}
                direction={sorted === 'desc' ? 'desc' : 'asc'}
                onClick={() => {
                  props.onSort(header.column.id);
                }}
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
                selected={props.filters.find((f) => f.column === column.id)?.values ?? null}
                query={props.query}
                queryKey={props.queryKey}
                fetchOptions={fetchFilterOptions}
                onApply={(values) => {
                  props.onFilter(column.id, values);
                }}
              />
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
}
