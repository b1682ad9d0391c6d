import Chip from '@mui/material/Chip';
import { CoverageState, coverageTable, type CoverageRow } from '@uap/domain';
import { useCanExportTables } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';

const colour = (state: string) =>
  state === CoverageState.NO_APPROVER
    ? 'error'
    : state === CoverageState.NO_PROVISIONER
      ? 'warning'
      : 'success';

/** The coverage state as a coloured chip. */
const cells = {
  coverage: { cell: (r: CoverageRow) => <Chip size="small" label={r.coverage} color={colour(r.coverage)} /> },
};

/**
 * The Coverage tab of /Approvers: every active agency × practice × platform × client
 * in the admin's scope with its approvers and provisioners, the paths with none first, and the
 * requests waiting on each; CSV export.
 */
export function CoverageTable() {
  const table = useDeclaredTable(coverageTable, { cells, canExport: useCanExportTables() });
  return <DataTable<CoverageRow> {...table} tableId="Coverage" />;
}
