import Chip from '@mui/material/Chip';
import { AssignmentStatus } from '@uap/domain';
import type { ColumnExtras } from '../DataTable/use-declared-table.ts';

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
