import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { dismissError, useErrorNotices } from '../api/error-store.ts';

const reload = () => {
  window.location.reload();
};

/**
 * The queued errors when the error dialog itself cannot be downloaded (the server is
 * unreachable): made only of parts of the first load, so an error is always shown, with Reload.
 */
export function PlainErrorNotice() {
  const notices = useErrorNotices();
  const first = notices[0];
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="plain-error-title"
      aria-describedby="plain-error-text"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 2000,
        p: 2,
        maxWidth: 560,
        mx: 'auto',
      }}
    >
      <Typography id="plain-error-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {first?.title ?? messages.errorTitle}
      </Typography>
      <Typography id="plain-error-text" sx={{ mb: 1 }}>
        {first?.message ?? messages.serverError}
      </Typography>
      <Typography sx={{ mb: 2 }}>{messages.appPartNotLoaded}</Typography>
      <Button variant="contained" onClick={reload} sx={{ mr: 1 }}>
        Reload
      </Button>
      {first && <Button onClick={() => dismissError(first.id)}>Close</Button>}
    </Paper>
  );
}
