import Chip from '@mui/material/Chip';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Link } from 'react-router';
import { formatDateTime, messages, type TrackerRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { bodyClasses } from '../../components/DataTable/table-styles.ts';
import { StatusChip } from '../../components/StatusChip.tsx';

const textColumn = (
  id: string,
  header: string,
  text: (row: TrackerRow) => string,
): DataTableColumn<TrackerRow> => ({ id, header, text, sortable: true, filterable: true, truncate: 60 });

/** The Request Tracker's columns; ids are the server's column names. */
export function trackerColumns(canOpenLog: boolean): DataTableColumn<TrackerRow>[] {
  return [
    {
      id: 'requestId',
      header: 'Request ID',
      text: (r) => String(r.requestId),
      // The activity log link shows for provisioner level and above (spec 2 "Activity log").
      cell: (r) =>
        canOpenLog ? (
          // A plain link drawn as MUI's by the table's stylesheet: one per row.
          <Link
            className={bodyClasses.link}
            to={`/Logs/${r.requestId}`}
            aria-label={`Activity log of request ${r.requestId}`}
          >
            {r.requestId}
          </Link>
        ) : (
          String(r.requestId)
        ),
      sortable: true,
      filterable: true,
    },
    // What the tracker is read for first.
    {
      ...textColumn('status', 'Request Status', (r) => r.status.description),
      cell: (r) => <StatusChip label={r.status.description} />,
    },
    textColumn('requestUserName', 'User Name', (r) => r.requestUser.fullName),
    textColumn('platformName', 'Platform', (r) => r.platformName),
    textColumn('clientName', 'Client', (r) => r.clientName),
    textColumn('clientAccountName', 'Asset Name', (r) => r.clientAccountName),
    textColumn('platformUserTypeName', 'Platform User Type', (r) => r.platformUserTypeName),
    { id: 'createdDate', header: 'Created Date', text: (r) => formatDateTime(r.createdDate), sortable: true },
    // How long a Submitted or Approved line has waited in its status; the server says whether
    // that is past its service level (the rule of the reminders job).
    {
      id: 'age',
      header: 'Age',
      text: (r) => (r.waitingHours === null ? '' : messages.waitingAge(r.waitingHours)),
    },
    {
      id: 'overdue',
      header: messages.overdue,
      text: (r) => (r.isOverdue ? messages.overdue : ''),
      cell: (r) =>
        r.isOverdue ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            icon={<ScheduleIcon />}
            label={messages.overdue}
            title={messages.overdueTitle(r.waitingHours ?? 0)}
          />
        ) : (
          ''
        ),
      filterable: true,
    },
    {
      id: 'noApprovalPath',
      header: 'Approval Path',
      text: (r) => (r.noApprovalPath ? messages.noApprovalPath : ''),
      cell: (r) =>
        r.noApprovalPath ? <Chip size="small" color="warning" label={messages.noApprovalPath} /> : '',
    },
    {
      ...textColumn('statusDescription', 'Record Status', (r) => r.statusDescription),
      // Computed from today's date: the server offers no sort on it (no index can serve one).
      sortable: false,
      cell: (r) => <StatusChip label={r.statusDescription} />,
    },
    {
      ...textColumn('requestTypeName', 'Request Type', (r) => r.requestTypeName),
      cell: (r) => <StatusChip label={r.requestTypeName} />,
    },
    textColumn('regionName', 'Region', (r) => r.regionName),
    textColumn('marketName', 'Market', (r) => r.marketName),
    textColumn('requestUserEmail', 'User Primary Email', (r) => r.requestUser.email),
    textColumn('email', 'User Platform Email', (r) => r.email),
    textColumn('agencyName', 'Agency', (r) => r.agencyName),
    textColumn('practiceName', 'Practice', (r) => r.practiceName),
    textColumn('assetName', 'Asset Type', (r) => r.assetName),
    { id: 'expirationDate', header: 'Access Date', text: (r) => r.accessDate, sortable: true },
    textColumn('createdByName', 'Created By', (r) => r.createdBy.fullName),
  ];
}
