import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MasterDataRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import type { ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import type { ItemActionKind } from './ItemActionDialog.tsx';

type Column = DataTableColumn<MasterDataRow>;

/** What the Database Manager adds to its declared columns: the status chip, long names cut. */
export const masterDataCells: Readonly<Record<string, ColumnExtras<MasterDataRow>>> = {
  status: { cell: (row) => <StatusChip label={row.status} /> },
  description: { truncate: 150 },
};

export type RowAction = ItemActionKind | 'Modify' | 'History';

/** The row actions column, last on the Database Manager. */
export function masterDataActionsColumn(
  canEdit: (row: MasterDataRow) => boolean,
  onAction: (action: RowAction, row: MasterDataRow) => void,
): Column {
  const button = (action: RowAction, row: MasterDataRow, label: string) => (
    <Button
      size="small"
      color={action === 'Delete' ? 'error' : 'primary'}
      aria-label={`${label} ${row.description}`}
      onClick={() => onAction(action, row)}
    >
      {label}
    </Button>
  );
  return {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
        {canEdit(row) && button('Modify', row, 'Modify')}
        {canEdit(row) &&
          (row.isDeleted ? button('Activate', row, 'Activate') : button('Deactivate', row, 'Deactivate'))}
        {canEdit(row) && button('Delete', row, 'Delete')}
        {button('History', row, 'History')}
      </Box>
    ),
  };
}
