import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { AssignmentStatus, type TableDeclaration } from '@uap/domain';
import { useCanExportTables } from '../../session/current-user.ts';
import { useDeclaredTable, type ColumnExtras } from '../DataTable/use-declared-table.ts';

/** The Status cell of an assignment table: Active or Inactive as a chip. */
export const assignmentStatusCells: Readonly<Record<string, ColumnExtras<{ status: string }>>> = {
  status: {
    cell: (r) => (
      <Chip
        size="small"
        label={r.status}
        color={r.status === AssignmentStatus.ACTIVE ? 'success' : 'default'}
      />
    ),
  },
};

/**
 * An assignment table (approvers, master approvers) with its Status cells; `userId` (the
 * screen's `?userId=`) narrows it to one person's rows.
 */
export function useAssignmentTable<Row extends { status: string }, List>(
  table: TableDeclaration<Row, List>,
  userId: number | null,
) {
  const body = useMemo(() => (userId === null ? undefined : { userid: userId }), [userId]);
  return useDeclaredTable(table, { cells: assignmentStatusCells, canExport: useCanExportTables(), body });
}
