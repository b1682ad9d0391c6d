import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { trackerColumns as columnIds, type ColumnFilter, type TrackerRow } from '@uap/domain';
import {
  exportTracker,
  fetchTrackerFilterOptions,
  fetchTrackerPage,
  trackerKeys,
} from '../../api/tracker.ts';
import { useCanExportTables, useCapabilities } from '../../session/current-user.ts';
import { warmUpDateFormats } from '../../session/time-zone.ts';
import { DataTable, prefetchTablePage } from '../../components/DataTable/DataTable.tsx';
import { useRecordActions } from '../../components/RecordActions/use-record-actions.tsx';
import { trackerColumns } from './tracker-columns.tsx';

type TrackerParams = Partial<Record<'filtercolumn' | 'filtervalue', string>>;

/** The tracker's table: its columns, query key, pages and the pre-filter of /AllRequest/:column/:value. */
function trackerTable({ filtercolumn, filtervalue }: TrackerParams, canOpenLog: boolean) {
  const initialFilters: ColumnFilter[] =
    filtercolumn && filtervalue && (columnIds as readonly string[]).includes(filtercolumn)
      ? [{ column: filtercolumn, values: [filtervalue] }]
      : [];
  return {
    columns: trackerColumns(canOpenLog),
    queryKey: [...trackerKeys.tracker, filtercolumn ?? '', filtervalue ?? ''],
    fetchPage: async (query: Parameters<typeof fetchTrackerPage>[0], signal: AbortSignal) => {
      const page = await fetchTrackerPage(query, signal);
      return { rows: page.requests, totalCount: page.totalCount, isCountEstimate: page.isCountEstimate };
    },
    initialFilters,
    syncWithUrl: true,
    anchorSteps: true,
  };
}

/**
 * Starts fetching the page the tracker opens on (see app/pages.ts), once the browser's time zone,
 * part of the query, is known without Intl on the page's thread (session/time-zone.ts).
 */
export async function prefetchRequestTracker(
  client: QueryClient,
  params: TrackerParams,
  searchParams: URLSearchParams,
): Promise<void> {
  await warmUpDateFormats();
  return prefetchTablePage(client, trackerTable(params, false), searchParams);
}

/** Request Tracker (spec 2 §2): every request line in scope, with admin actions. */
export function RequestTrackerPage() {
  const capabilities = useCapabilities();
  const { filtercolumn, filtervalue } = useParams();
  // Admins and super admins act on records; the read-only auditor does not.
  const isAdmin = capabilities.administers;
  const canOpenLog = capabilities.opensActivityLogs;
  const table = useMemo(
    () => trackerTable({ filtercolumn, filtervalue }, canOpenLog),
    [filtercolumn, filtervalue, canOpenLog],
  );
  const actions = useRecordActions<TrackerRow>();
  const canExport = useCanExportTables();

  return (
    <>
      <DataTable<TrackerRow>
        title="All Requests"
        {...table}
        getRowId={(r) => r.requestId}
        fetchFilterOptions={fetchTrackerFilterOptions}
        exportCsv={canExport ? exportTracker : undefined}
        {...(isAdmin ? { selection: actions.selection, toolbar: actions.toolbar } : {})}
      />
      {actions.dialogs}
    </>
  );
}
