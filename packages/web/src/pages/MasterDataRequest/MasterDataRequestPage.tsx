import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  limits,
  masterDataRequestStatuses,
  masterDataTypes,
  type MasterDataRequestHistoryRow,
} from '@uap/domain';
import { fetchMasterDataRequests, masterDataRequestKeys } from '../../api/master-data-requests.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCapabilities } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { MarkDoneDialog } from './MarkDoneDialog.tsx';
import { MasterDataRequestForm } from './MasterDataRequestForm.tsx';
import { databaseManagerLink } from './master-data-link.ts';
import { localTimeZone } from '../../session/time-zone.ts';

type Row = MasterDataRequestHistoryRow;
type Column = DataTableColumn<Row>;

const timeZone = localTimeZone();
const statusOf = (row: Row) => (row.doneDate === null ? 'Open' : 'Done');
const markDoneText = (row: Row) => (row.doneDate === null ? 'Mark done' : 'Edit outcome');

/** What came of a request: who marked it done and when, and the item it created. */
function Outcome({ row, canLink }: { row: Row; canLink: boolean }) {
  if (row.doneDate === null) {
    return null;
  }
  const by = row.doneByUser ? `${row.doneByUser.name} ${row.doneByUser.lastName}` : '';
  const item = row.doneItem;
  return (
    <Box>
      <Typography variant="body2">
        Done {formatDateTime(row.doneDate, timeZone)}
        {by && ` by ${by}`}
      </Typography>
      {item &&
        (canLink ? (
          <RouterLink to={databaseManagerLink(row.masterDataType, item.description)}>
            {item.description}
          </RouterLink>
        ) : (
          <Typography variant="body2">{item.description}</Typography>
        ))}
    </Box>
  );
}

/**
 * Master Data Request (/MasterDataRequest, spec 3 §2.2): anyone asks for a master data change;
 * the 'Historical Database Requests' show the user's own requests, or everyone's to administrators,
 * who mark them done with a link to the item they created.
 */
export function MasterDataRequestPage() {
  const capabilities = useCapabilities();
  const isAdmin = capabilities.readsAsAdmin;
  const canMarkDone = capabilities.administers;
  const [marking, setMarking] = useState<Row | null>(null);

  const columns: Column[] = [
    {
      id: 'requestedBy',
      header: 'Requested By',
      text: (r) => `${r.createdByUser.name} ${r.createdByUser.lastName}`,
    },
    { id: 'createdDate', header: 'Created Date', text: (r) => formatDateTime(r.createdDate, timeZone) },
    { id: 'masterDataType', header: 'Master Data Type', text: (r) => r.masterDataType, filterable: true },
    { id: 'comments', header: 'Comments', text: (r) => r.comments, truncate: limits.tooltip },
    {
      id: 'status',
      header: 'Status',
      text: statusOf,
      cell: (r) => <StatusChip label={statusOf(r)} />,
      filterable: true,
    },
    { id: 'outcome', header: 'Outcome', cell: (r) => <Outcome row={r} canLink={isAdmin} /> },
    ...(canMarkDone
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (r: Row) => (
              <Button
                size="small"
                variant="outlined"
                // Its words first, then which request (a name holds the visible words, WCAG 2.5.3).
                aria-label={`${markDoneText(r)}, request ${r.id}`}
                onClick={() => setMarking(r)}
              >
                {markDoneText(r)}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <MasterDataRequestForm />
      <DataTable<Row>
        title="Historical Database Requests"
        syncWithUrl
        columns={columns}
        queryKey={masterDataRequestKeys.history}
        getRowId={(r) => r.id}
        fetchPage={async (query, signal) => {
          const page = await fetchMasterDataRequests(query, signal);
          return { rows: page.items, totalCount: page.totalCount };
        }}
        fetchFilterOptions={(column) =>
          Promise.resolve(column === 'status' ? [...masterDataRequestStatuses] : [...masterDataTypes])
        }
        emptyMessage="No master data requests yet. Use the form above to ask for a change."
      />
      {marking && (
        <MarkDoneDialog
          row={marking}
          onClose={() => setMarking(null)}
          onDone={(message) => {
            setMarking(null);
            notifySuccess(message);
          }}
        />
      )}
    </>
  );
}
