import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatDateTime, masterDataColumns, type MasterDataRow, type MasterDataType } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import type { ItemActionKind } from './ItemActionDialog.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<MasterDataRow>;
const timeZone = localTimeZone();

const headers: Partial<Record<keyof MasterDataRow, string>> = {
  id: 'ID',
  description: 'Description',
  code: 'Code',
  regionName: 'Region',
  marketName: 'Market',
  agencyName: 'Agency',
  practiceName: 'Practice',
  platformName: 'Platform',
  clientName: 'Client',
  assetTypeName: 'Asset Type',
  assetReference: 'Asset ID',
  basicName: 'Normalized User Type',
  bussinesAccessName: 'Business Access',
  status: 'Status',
  updatedDate: 'Updated',
};

const textOf = (row: MasterDataRow, key: keyof MasterDataRow): string => {
  if (key === 'updatedDate') {
    return formatDateTime(row.updatedDate, timeZone);
  }
  const value = row[key];
  return value === null || value === undefined ? '' : String(value);
};

export type RowAction = ItemActionKind | 'Modify' | 'History';

/** The Database Manager columns of a type (the server's sortable and filterable ones) and the row actions. */
export function masterDataColumnsOf(
  type: MasterDataType,
  canEdit: (row: MasterDataRow) => boolean,
  onAction: (action: RowAction, row: MasterDataRow) => void,
): Column[] {
  const columns: Column[] = masterDataColumns[type].map((key) => ({
    id: key,
    header: key === 'code' && type === 'Client - Client Code' ? 'Client Codes' : (headers[key] ?? key),
    text: (row) => textOf(row, key),
    sortable: true,
    filterable: key !== 'id' && key !== 'updatedDate',
    ...(key === 'status' ? { cell: (row: MasterDataRow) => <StatusChip label={row.status} /> } : {}),
    ...(key === 'description' ? { truncate: 150 } : {}),
  }));
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
  columns.push({
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
  });
  return columns;
}
