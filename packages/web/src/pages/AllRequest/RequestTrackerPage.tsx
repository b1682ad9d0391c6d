import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Role, trackerColumns as columnIds, type ColumnFilter, type TrackerRow } from '@uap/domain';
import {
  exportTracker,
  fetchTrackerFilterOptions,
  fetchTrackerPage,
  trackerKeys,
} from '../../api/tracker.ts';
import { useCanExportTables, useCurrentUser, useIsReadOnly } from '../../app/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useRecordActions } from '../ChangeUserRecords/use-record-actions.tsx';
import { trackerColumns } from './tracker-columns.tsx';

/** Request Tracker (spec 2 §2, issue 4 §3): every request line in scope, with admin actions. */
export function RequestTrackerPage() {
  const { shellUser } = useCurrentUser();
  const isReadOnly = useIsReadOnly();
  const { filtercolumn, filtervalue } = useParams();
  // Admins and super admins act on records; the read-only auditor does not.
  const isAdmin = shellUser.roleId >= Role.ADMIN && !isReadOnly;
  const columns = useMemo(() => trackerColumns(shellUser.roleId >= Role.PROVISIONER), [shellUser.roleId]);
  const initialFilters: ColumnFilter[] =
    filtercolumn && filtervalue && (columnIds as readonly string[]).includes(filtercolumn)
      ? [{ column: filtercolumn, values: [filtervalue] }]
      : [];
  const actions = useRecordActions<TrackerRow>();
  const canExport = useCanExportTables();

  return (
    <>
      <DataTable<TrackerRow>
        title="All Requests"
        syncWithUrl
        columns={columns}
        queryKey={[...trackerKeys.tracker, filtercolumn ?? '', filtervalue ?? '']}
        getRowId={(r) => r.requestId}
        fetchPage={async (query, signal) => {
          const page = await fetchTrackerPage(query, signal);
          return { rows: page.requests, totalCount: page.totalCount, isCountEstimate: page.isCountEstimate };
        }}
        fetchFilterOptions={fetchTrackerFilterOptions}
        exportCsv={canExport ? exportTracker : undefined}
        initialFilters={initialFilters}
        {...(isAdmin ? { selection: actions.selection, toolbar: actions.toolbar } : {})}
      />
      {actions.dialogs}
    </>
  );
}
