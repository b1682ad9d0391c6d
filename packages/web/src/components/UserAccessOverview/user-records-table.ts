import type { UserRecordRow } from '@uap/domain';
import { exportUserRecords, fetchFilterOptions, recordKeys, type RecordSubject } from '../../api/records.ts';
import { useCanExportTables } from '../../session/current-user.ts';
import type { DataTableProps } from '../DataTable/types.ts';

/**
 * What every table of a subject's access records shares: its query key, row id, filter menus and
 * the CSV export (for a user who may export). Each screen fetches its own pages.
 */
export function useUserRecordsTable(
  subject: RecordSubject,
): Pick<DataTableProps<UserRecordRow>, 'queryKey' | 'getRowId' | 'fetchFilterOptions' | 'exportCsv'> {
  const canExport = useCanExportTables();
  return {
    queryKey: recordKeys.userRecords(subject),
    getRowId: (r) => r.requestId,
    fetchFilterOptions: (column, query, signal) =>
      fetchFilterOptions('UserRecords', subject, column, query, signal),
    exportCsv: canExport ? (query) => exportUserRecords(subject, query) : undefined,
  };
}
