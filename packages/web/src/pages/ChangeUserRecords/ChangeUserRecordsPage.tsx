import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import type { ColumnFilter, UserRecordRow } from '@uap/domain';
import type { RecordSubject } from '../../api/records.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useRecordActions } from '../../components/RecordActions/use-record-actions.tsx';
import { userAccessColumns } from '../../components/UserAccessOverview/user-access-columns.tsx';
import { useUserRecordsTable } from '../../components/UserAccessOverview/user-records-table.ts';
import { pendingChangeColumn } from './pending-change-column.tsx';
import { extendColumn } from './extend-column.tsx';
import { useConfig } from '../../app/config-context.ts';

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Modify an Existing Access (spec 1 §2.6): the user's records with modify, reassign and (de)activate. */
export function ChangeUserRecordsPage() {
  const [searchParams] = useSearchParams();
  const { filtercolumn, filtervalue } = useParams();
  // ?extend={recordId}: the expiring notice's link opens that record's Length Of Access change.
  const extendId = positiveInt(searchParams.get('extend'));
  const recordId = positiveInt(searchParams.get('Id')) ?? extendId;
  const userId = positiveInt(searchParams.get('userId'));
  const subject: RecordSubject = useMemo(() => (userId === undefined ? {} : { userId }), [userId]);
  const initialFilters: ColumnFilter[] = [
    ...(recordId === undefined ? [] : [{ column: 'requestId', values: [String(recordId)] }]),
    ...(filtercolumn && filtervalue ? [{ column: filtercolumn, values: [filtervalue] }] : []),
  ];
  const actions = useRecordActions<UserRecordRow>({ extendRecordId: extendId });
  const { expiryNoticeDays } = useConfig();
  const { extend } = actions;
  // The overview's columns, the record's pending change, and Extend for a record that ends soon.
  const columns = useMemo(
    () => [...userAccessColumns, pendingChangeColumn, extendColumn(expiryNoticeDays, extend)],
    [expiryNoticeDays, extend],
  );
  const records = useUserRecordsTable(subject);

  return (
    <>
      <DataTable<UserRecordRow>
        {...records}
        title="My Records"
        syncWithUrl
        intro={
          <Typography sx={{ mb: 1 }}>
            Select records to modify, reassign, activate or deactivate them.
          </Typography>
        }
        columns={columns}
        queryKey={[...records.queryKey, 'modify']}
        initialFilters={initialFilters}
        selection={actions.selection}
        toolbar={actions.toolbar}
      />
      {actions.dialogs}
    </>
  );
}
