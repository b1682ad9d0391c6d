import Box from '@mui/material/Box';
import {
  ALL_ROWS,
  formatDateTime,
  messages,
  pageSizes,
  type RequestHistoryEntry,
  type TableQuery,
} from '@uap/domain';
import { fetchHistoryPage, trackerKeys } from '../../api/tracker.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

/** Page sizes of the activity log (spec 2 §9): 5 to 100 and All. */
const historyPageSizes = [...pageSizes, ALL_ROWS];
const timeZone = localTimeZone();

const columns: DataTableColumn<RequestHistoryEntry>[] = [
  {
    id: 'createdDate',
    header: 'Date',
    text: (e) => formatDateTime(e.createdDate, timeZone),
    sortable: true,
  },
  { id: 'stepDescription', header: 'Step', text: (e) => e.stepDescription, sortable: true },
  { id: 'requestTypeName', header: 'Request Type', text: (e) => e.requestTypeName, sortable: true },
  { id: 'status', header: 'Status', text: (e) => e.status, sortable: true },
  { id: 'changeDesc', header: 'Change', text: (e) => e.changeDesc ?? '', sortable: true },
  { id: 'comment', header: 'Comment', text: (e) => e.comment },
  {
    id: 'createdByName',
    header: 'By',
    sortable: true,
    cell: (e) => (
      <Box component="span">
        {e.onBehalfOf
          ? messages.actedOnBehalfOf(e.createdByUser.fullName, e.onBehalfOf.fullName)
          : e.createdByUser.fullName}
        <br />
        {e.createdByUser.email}
      </Box>
    ),
  },
];

/** The history steps of a request, paged, sorted and searched by the server. */
export function HistoryTable({ logId }: { logId: number }) {
  return (
    <DataTable<RequestHistoryEntry>
      title="History"
      syncWithUrl
      columns={columns}
      queryKey={trackerKeys.history(logId)}
      getRowId={(e) => e.id}
      fetchPage={async (query: TableQuery, signal) => {
        const page = await fetchHistoryPage(logId, query, signal);
        return { rows: page.history, totalCount: page.totalCount };
      }}
      pageSizeOptions={historyPageSizes}
      initialPageSize={10}
    />
  );
}
