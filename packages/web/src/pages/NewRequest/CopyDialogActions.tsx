import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { messages } from '@uap/domain';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import type { useCopyRequest } from './use-copy-request.ts';

/**
 * The buttons of a copy dialog: Cancel, then Next while the items are chosen (with why it waits),
 * or Back and Submit Request once the preview answered (Submit waits while nothing can be requested).
 */
export function CopyDialogActions({
  copy,
  nextReason,
  onClose,
}: {
  copy: ReturnType<typeof useCopyRequest>;
  nextReason: string | null;
  onClose: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={copy.isBusy}>
        Cancel
      </Button>
      {copy.lines === null ? (
        <ReasonButton variant="contained" reason={nextReason} isBusy={copy.isBusy} onClick={copy.handleNext}>
          Next
        </ReasonButton>
      ) : (
        <>
          <Button variant="outlined" disabled={copy.isBusy} onClick={copy.handleBack}>
            Back
          </Button>
          <ReasonButton
            variant="contained"
            reason={copy.toRequest === 0 ? messages.sameAccessNothingToRequest : null}
            isBusy={copy.isBusy}
            onClick={copy.handleSubmit}
          >
            Submit Request
          </ReasonButton>
        </>
      )}
    </DialogActions>
  );
}
