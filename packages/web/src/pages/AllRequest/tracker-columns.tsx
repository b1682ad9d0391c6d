import Chip from '@mui/material/Chip';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Link } from 'react-router';
import { messages, trackerScreenColumns, type TrackerRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { declaredColumns, type DeclaredColumnExtras } from '../../components/DataTable/declared-columns.ts';
import { bodyClasses } from '../../components/DataTable/table-styles.ts';
import { StatusChip } from '../../components/StatusChip.tsx';

const statusChip = (text: (row: TrackerRow) => string): DeclaredColumnExtras<TrackerRow> => ({
  cell: (r) => <StatusChip label={text(r)} />,
});

/** The cells of the tracker that are more than their text (the declaration says the rest). */
const cells: Record<string, DeclaredColumnExtras<TrackerRow>> = {
  status: statusChip((r) => r.status.description),
  statusDescription: statusChip((r) => r.statusDescription),
  requestTypeName: statusChip((r) => r.requestTypeName),
  overdue: {
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
  },
  noApprovalPath: {
    cell: (r) =>
      r.noApprovalPath ? <Chip size="small" color="warning" label={messages.noApprovalPath} /> : '',
  },
};

/** The activity log link of a row (spec 2 "Activity log": provisioner level and above). */
const logLink: DeclaredColumnExtras<TrackerRow> = {
  // A plain link drawn as MUI's by the table's stylesheet: one per row.
  cell: (r) => (
    <Link
      className={bodyClasses.link}
      to={`/Logs/${r.requestId}`}
      aria-label={`Activity log of request ${r.requestId}`}
    >
      {r.requestId}
    </Link>
  ),
};

/** Long texts are cut on the screen (the tooltip and the CSV hold them whole). */
const truncated = Object.fromEntries(
  trackerScreenColumns
    .filter((column) => column.kind === 'text' && !(column.id in cells))
    .map((column) => [column.id, { truncate: 60 }]),
);

/** The Request Tracker's columns (declared in domain: tables/tracker-lines.ts) with their cells. */
export function trackerColumns(canOpenLog: boolean): DataTableColumn<TrackerRow>[] {
  return declaredColumns(trackerScreenColumns, {
    ...truncated,
    ...cells,
    ...(canOpenLog ? { requestId: logLink } : {}),
  });
}
