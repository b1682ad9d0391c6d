import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime, messages } from '@uap/domain';
import { useProvisionerComments } from '../../api/provisioning.ts';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The provisioner comment history of one request, newest first, with a way to add one. */
export function CommentHistoryDialog(props: { requestId: number; onAdd?: () => void; onClose: () => void }) {
  const history = useProvisionerComments(props.requestId);
  const title = `Comment History of Request #${props.requestId}`;
  const rows = history.data ?? [];
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="comment-history-title" fullWidth maxWidth="md">
      <DialogTitle id="comment-history-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Comment</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdDate, timeZone)}</TableCell>
                <TableCell>{c.createdBy.fullName}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{c.comment}</TableCell>
              </TableRow>
            ))}
            {history.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{messages.noDataFound}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
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
