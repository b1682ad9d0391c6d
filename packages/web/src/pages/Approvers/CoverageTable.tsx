import Chip from '@mui/material/Chip';
import { CoverageState, type CoverageRow } from '@uap/domain';
import {
  coverageKeys,
  exportCoverage,
  fetchCoverage,
  fetchCoverageFilterOptions,
} from '../../api/coverage.ts';
import { useCanExportTables } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';

const text = (
  id: string,
  header: string,
  value: (row: CoverageRow) => string,
): DataTableColumn<CoverageRow> => ({
  id,
  header,
  text: value,
  sortable: true,
  filterable: true,
});

const colour = (state: string) =>
  state === CoverageState.NO_APPROVER
    ? 'error'
    : state === CoverageState.NO_PROVISIONER
      ? 'warning'
      : 'success';

const columns: DataTableColumn<CoverageRow>[] = [
  {
    ...text('coverage', 'Coverage', (r) => r.coverage),
    cell: (r) => <Chip size="small" label={r.coverage} color={colour(r.coverage)} />,
  },
  text('regionName', 'Region', (r) => r.regionName),
  text('marketName', 'Market', (r) => r.marketName),
  text('agencyName', 'Agency', (r) => r.agencyName),
  text('practiceName', 'Practice', (r) => r.practiceName),
  text('platformName', 'Platform', (r) => r.platformName),
  text('clientName', 'Client', (r) => r.clientName),
  text('approverName', 'Approver', (r) => r.approverName ?? ''),
  text('secondaryApproverName', 'Secondary Approver', (r) => r.secondaryApproverName ?? ''),
  { id: 'masterApproverNames', header: 'Master Approvers', text: (r) => r.masterApproverNames ?? '' },
  text('provisionerName', 'Provisioner', (r) => r.provisionerName ?? ''),
  text('provisionerBackupName', 'Provisioner Backup', (r) => r.provisionerBackupName ?? ''),
  { id: 'pendingCount', header: 'Pending Requests', text: (r) => String(r.pendingCount), sortable: true },
];

/**
 * The Coverage tab of /Approvers: every active agency × practice × platform × client
 * in the admin's scope with its approvers and provisioners, the paths with none first, and the
 * requests waiting on each; CSV export.
 */
export function CoverageTable() {
  const canExport = useCanExportTables();
  return (
    <DataTable<CoverageRow>
      title="Coverage"
      tableId="Coverage"
      columns={columns}
      queryKey={coverageKeys.table}
      getRowId={(r) => r.pathKey}
      fetchPage={async (query, signal) => {
        const page = await fetchCoverage(query, signal);
        return { rows: page.paths, totalCount: page.totalCount };
      }}
      fetchFilterOptions={fetchCoverageFilterOptions}
      exportCsv={canExport ? exportCoverage : undefined}
    />
  );
}
