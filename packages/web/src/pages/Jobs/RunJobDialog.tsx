import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { messages, type JobSummary } from '@uap/domain';
import { useRunJob } from '../../api/jobs.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

/**
 * Run now: asks first, then shows progress until the run has ended (the call answers then).
 * A completed run closes the dialog with a success message; a failed run, or the server's
 * refusal (409 while it runs elsewhere), stays in the dialog.
 */
export function RunJobDialog(props: { job: JobSummary; onClose: () => void }) {
  const { job } = props;
  const mutation = useRunJob();
  const [error, setError] = useDialogError();

  const handleRun = () => {
    setError(null);
    mutation.mutate(job.name, {
      onSuccess: (run) => {
        if (run.status === 'COMPLETED') {
          notifySuccess(messages.jobRunCompleted(job.title));
          props.onClose();
        } else {
          setError(messages.jobRunFailed(job.title, run.message));
        }
      },
      onError: (failure) => setError(failureText(failure)),
    });
  };
  const handleClose = () => {
    if (!mutation.isPending) {
      props.onClose();
    }
  };

  return (
    <Dialog open onClose={handleClose} aria-labelledby="run-job-title" maxWidth="xs" fullWidth>
      <DialogTitle id="run-job-title">{`Run ${job.title}`}</DialogTitle>
      <DialogContent>
        <DialogError error={error} />
        {mutation.isPending ? (
          <Box>
            <DialogContentText sx={{ mb: 2 }}>{messages.jobRunning(job.title)}</DialogContentText>
            <LinearProgress aria-label={messages.jobRunning(job.title)} />
          </Box>
        ) : (
          <DialogContentText>{messages.jobRunNowConfirm(job.title)}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={mutation.isPending}>
          Close
        </Button>
        <Button variant="contained" onClick={handleRun} disabled={mutation.isPending}>
          Run now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
