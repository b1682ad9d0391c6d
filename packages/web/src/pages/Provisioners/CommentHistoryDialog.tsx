import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { formatDateTime, type ProvisionerCommentEntry } from '@uap/domain';
import { fetchProvisionerComments, provisioningKeys } from '../../api/provisioning.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localPage } from '../../components/DataTable/local-page.ts';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const columns: DataTableColumn<ProvisionerCommentEntry>[] = [
  { id: 'createdDate', header: 'Date', text: (c) => formatDateTime(c.createdDate, timeZone) },
  { id: 'createdBy', header: 'By', text: (c) => c.createdBy.fullName },
  {
    id: 'comment',
    header: 'Comment',
    text: (c) => c.comment,
    cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.comment}</span>,
  },
];

/** The provisioner comment history of one request, newest first, with a way to add one. */
export function CommentHistoryDialog(props: { requestId: number; onAdd?: () => void; onClose: () => void }) {
  const title = `Comment History of Request #${props.requestId}`;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="comment-history-title" fullWidth maxWidth="md">
      <DialogTitle id="comment-history-title">{title}</DialogTitle>
      <DialogContent dividers>
        <DataTable<ProvisionerCommentEntry>
          title="Comments"
          columns={columns}
          queryKey={provisioningKeys.provisionerComments(props.requestId)}
          getRowId={(c) => c.id}
          fetchPage={async (query, signal) =>
            localPage(await fetchProvisionerComments(props.requestId, signal), query, columns)
          }
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
