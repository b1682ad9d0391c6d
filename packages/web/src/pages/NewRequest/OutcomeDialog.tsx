import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { duplicateRequestData } from '@uap/domain';
import { ApiError } from '../../api/client.ts';

export interface Outcome {
  message: string;
  /** A record the failure names: offer to open it in a new tab. */
  recordId: number | null;
  isGoingHome: boolean;
}

/** The blocking alert after a submission: the message, and the existing record to open if any. */
export function OutcomeDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  if (!outcome) {
    return null;
  }
  return (
    <Dialog open role="alertdialog" aria-describedby="outcome-text" maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText id="outcome-text">{outcome.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {outcome.recordId !== null && (
          <Button
            onClick={() => {
              window.open(`/ChangeUserRecords?Id=${outcome.recordId}`, '_blank', 'noopener');
            }}
          >
            Open record {outcome.recordId}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The existing request or record a refused Create names (422, `data.requestId`); else null. */
export function duplicateRecordIdOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return null;
  }
  const data = duplicateRequestData.safeParse(error.data);
  return data.success ? data.data.requestId : null;
}
