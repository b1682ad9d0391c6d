import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { dismissSuccess, useSuccessNotice } from '../api/notice-store.ts';

/** How long a success message stays (errors stay until dismissed). */
export const SUCCESS_NOTICE_MS = 6000;

/**
 * The success message of the last action, closing by itself after a few seconds (kept while
 * the pointer or focus is on it), with a link to what it names. `navigate` moves inside the app.
 */
export function SuccessSnackbar({ navigate }: { navigate: (to: string) => void }) {
  const notice = useSuccessNotice();
  if (!notice) {
    return null;
  }
  const handleClose = (_event: unknown, reason?: string) => {
    // A click elsewhere does not close it early: it goes by itself or by its close button.
    if (reason !== 'clickaway') {
      dismissSuccess(notice.id);
    }
  };
  const { link } = notice;
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={SUCCESS_NOTICE_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        role="status"
        action={
          <>
            {link && (
              <Button
                color="inherit"
                size="small"
                href={link.to}
                onClick={(event) => {
                  event.preventDefault();
                  dismissSuccess(notice.id);
                  navigate(link.to);
                }}
              >
                {link.label}
              </Button>
            )}
            <IconButton
              color="inherit"
              size="small"
              aria-label="Close"
              onClick={() => {
                dismissSuccess(notice.id);
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
