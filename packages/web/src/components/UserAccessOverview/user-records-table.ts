import type { UserRecordRow } from '@uap/domain';
import {
  exportUserRecords,
  fetchFilterOptions,
  fetchUserRecords,
  recordKeys,
  type RecordSubject,
} from '../../api/records.ts';
import { useCanExportTables } from '../../session/current-user.ts';
import type { DataTableProps } from '../DataTable/types.ts';

/**
 * What every table of a subject's access records shares: its query key, pages (an estimated
 * total shown as 'about …'), row id, filter menus and the CSV export (for a user who may export).
 */
export function useUserRecordsTable(
  subject: RecordSubject,
): Pick<
  DataTableProps<UserRecordRow>,
  'queryKey' | 'fetchPage' | 'getRowId' | 'fetchFilterOptions' | 'exportCsv'
> {
  const canExport = useCanExportTables();
  return {
    queryKey: recordKeys.userRecords(subject),
    fetchPage: async (query, signal) => {
      const page = await fetchUserRecords(subject, query, signal);
      return { rows: page.requests, totalCount: page.totalCount, isCountEstimate: page.isCountEstimate };
    },
    getRowId: (r) => r.requestId,
    fetchFilterOptions: (column, query, signal) =>
      fetchFilterOptions('UserRecords', subject, column, query, signal),
    exportCsv: canExport ? (query) => exportUserRecords(subject, query) : undefined,
  };
}
