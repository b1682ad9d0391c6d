import Chip from '@mui/material/Chip';
import type { AdminRegionTableRow, SuperAdminTableRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';

const text = <Row,>(id: string, header: string, value: (row: Row) => string): DataTableColumn<Row> => ({
  id,
  header,
  text: value,
  sortable: true,
  filterable: true,
});

function statusColumn<Row extends { status: string }>(): DataTableColumn<Row> {
  return {
    ...text<Row>('status', 'Status', (r) => r.status),
    cell: (r) => <Chip size="small" label={r.status} color={r.status === 'Active' ? 'success' : 'default'} />,
  };
}

/** Administrators (spec 3 §2.3): region, market, name, email, status. */
export const administratorColumns: DataTableColumn<AdminRegionTableRow>[] = [
  text('regionName', 'Region', (r) => r.regionName),
  text('marketName', 'Market', (r) => r.marketName),
  text('name', 'Name', (r) => r.name),
  text('email', 'Email', (r) => r.email),
  statusColumn(),
];

/** Super Administrators (spec 3 §2.3): name, email, status. */
export const superAdministratorColumns: DataTableColumn<SuperAdminTableRow>[] = [
  text('name', 'Name', (r) => r.name),
  text('email', 'Email', (r) => r.email),
  statusColumn(),
];
