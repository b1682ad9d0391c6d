import { memo } from 'react';
import { flexRender, type Row as TableRowModel } from '@tanstack/react-table';
import { tableCellClasses } from '@mui/material/TableCell';
import { tableRowClasses } from '@mui/material/TableRow';
import { RowCheckbox } from './RowCheckbox.tsx';
import { bodyClasses } from './table-styles.ts';

interface BodyRowProps<Row> {
  row: TableRowModel<Row>;
  id: number;
  /** The shown columns (their definitions): a change of layout renders the row again. */
  columns: unknown;
  /** MUI's class names of a body cell at the table's density. */
  cellClassName: string;
  /** Whether the table has a selection (a box per row). */
  hasSelection: boolean;
  isSelected: boolean;
  /** Why the row cannot be selected; null when it can. */
  disabledReason: string | null;
  onToggle: (id: number) => void;
}

/**
 * One body row as plain elements (drawn by `tableBodyStyles`), memoized: ticking a box renders
 * that row alone, not the page.
 */
function BodyRowOf<Row>({
  row,
  id,
  cellClassName,
  hasSelection,
  isSelected,
  disabledReason,
  onToggle,
}: BodyRowProps<Row>) {
  const rowClassName = `${tableRowClasses.root} ${tableRowClasses.hover}`;
  return (
    <tr className={isSelected ? `${rowClassName} ${tableRowClasses.selected}` : rowClassName}>
      {hasSelection && (
        <td
          className={`${cellClassName} ${tableCellClasses.paddingCheckbox} ${bodyClasses.checkboxCell} ${bodyClasses.sticky}`}
        >
          <RowCheckbox id={id} checked={isSelected} disabledReason={disabledReason} onToggle={onToggle} />
        </td>
      )}
      {row.getVisibleCells().map((cell, index) => (
        <td key={cell.id} className={index === 0 ? `${cellClassName} ${bodyClasses.sticky}` : cellClassName}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

export const BodyRow = memo(BodyRowOf) as typeof BodyRowOf;
