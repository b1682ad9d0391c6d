import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { formatDateTime } from '@uap/domain';
import { DataTable, type DataTableColumn } from './DataTable/DataTable.tsx';
import { localPage } from './DataTable/local-page.ts';
import { localTimeZone } from '../session/time-zone.ts';

/** One comment of a history (provisioner comments of a request, leaver comments of a record). */
export interface CommentEntry {
  id: number;
  comment: string;
  createdDate: string;
  createdBy: { fullName: string };
}

const timeZone = localTimeZone();

const columns: DataTableColumn<CommentEntry>[] = [
  { id: 'createdDate', header: 'Date', text: (c) => formatDateTime(c.createdDate, timeZone) },
  { id: 'createdBy', header: 'By', text: (c) => c.createdBy.fullName },
  {
    id: 'comment',
    header: 'Comment',
    text: (c) => c.comment,
    cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.comment}</span>,
  },
];

/** A comment history, newest first, with a way to add one. */
export function CommentHistoryDialog(props: {
  title: string;
  queryKey: readonly unknown[];
  fetchComments: (signal: AbortSignal) => Promise<CommentEntry[]>;
  /** Remembers the table's layout under this id. */
  tableId?: string;
  onAdd?: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="comment-history-title" fullWidth maxWidth="md">
      <DialogTitle id="comment-history-title">{props.title}</DialogTitle>
      <DialogContent dividers>
        <DataTable<CommentEntry>
          title="Comments"
          {...(props.tableId ? { tableId: props.tableId } : {})}
          columns={columns}
          queryKey={props.queryKey}
          getRowId={(c) => c.id}
          fetchPage={async (query, signal) => localPage(await props.fetchComments(signal), query, columns)}
          initialPageSize={10}
        />
      </DialogContent>
      <DialogActions>
        {props.onAdd && <Button onClick={props.onAdd}>Add Comment</Button>}
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
