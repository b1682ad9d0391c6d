import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { formatDateTime, limits, messages, type MasterDataLogEntry, type MasterDataRow } from '@uap/domain';
import { fetchMasterDataLog, masterDataKeys } from '../../api/master-data.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localPage } from '../../components/DataTable/local-page.ts';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

/** A before/after value as one line: 'name: Old' pairs, or the text itself. */
function shown(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${JSON.stringify(v)}`)
      .join('; ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const columns: DataTableColumn<MasterDataLogEntry>[] = [
  { id: 'operationDate', header: 'Date', text: (e) => formatDateTime(e.operationDate, timeZone) },
  { id: 'operation', header: 'Operation', text: (e) => e.operation ?? '' },
  { id: 'operatedBy', header: 'By', text: (e) => e.operatedBy?.fullName ?? '' },
  { id: 'description', header: 'What', text: (e) => e.description, truncate: limits.tooltip },
  { id: 'before', header: 'Before', text: (e) => shown(e.before), truncate: limits.tooltip },
  { id: 'after', header: 'After', text: (e) => shown(e.after), truncate: limits.tooltip },
];

/** An item's master data log: who changed what and when, before → after. */
export function MasterDataLogDialog(props: { row: MasterDataRow; onClose: () => void }) {
  const { row } = props;
  const title = messages.masterDataHistory(row.masterDataType, row.description);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="master-data-log-title" fullWidth maxWidth="lg">
      <DialogTitle id="master-data-log-title">{title}</DialogTitle>
      <DialogContent dividers>
        <DataTable<MasterDataLogEntry>
          title="Changes"
          tableId="Master data history"
          columns={columns}
          queryKey={masterDataKeys.log(row.masterDataType, row.id)}
          getRowId={(e) => e.id}
          initialPageSize={10}
          // The latest 100 changes, searched and paged here (an item rarely has more).
          fetchPage={async (query, signal) => {
            const page = await fetchMasterDataLog(
              row.masterDataType,
              row.id,
              { page: 1, pageSize: 100 },
              signal,
            );
            return localPage(page.rows, query, columns);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
