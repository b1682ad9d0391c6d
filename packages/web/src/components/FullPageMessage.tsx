import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';

interface FullPageMessageProps {
  message: string;
  /** The button that gets the user going again (retry, sign in, reload). */
  actionLabel: string;
  onAction: () => void;
  /** The action is under way: its button is disabled. */
  isBusy?: boolean;
  /** A second way out, beside it (an outlined button). */
  secondary?: { label: string; onClick: () => void };
}

/** What the user sees when the app cannot start (configuration, sign-in or user check failed). */
export function FullPageMessage({
  message,
  actionLabel,
  onAction,
  isBusy = false,
  secondary,
}: FullPageMessageProps) {
  const action = (
    <Button variant="contained" onClick={onAction} disabled={isBusy}>
      {actionLabel}
    </Button>
  );
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480 }}>
        <Typography variant="h1" gutterBottom>
          {messages.errorTitle}
        </Typography>
        <Typography sx={{ mb: 3 }}>{message}</Typography>
        {secondary ? (
          <Stack direction="row" spacing={1}>
            {action}
            <Button variant="outlined" onClick={secondary.onClick}>
              {secondary.label}
            </Button>
          </Stack>
        ) : (
          action
        )}
      </Paper>
    </Box>
  );
}

/** A failed query's message with Try again, disabled while the query runs again. */
export function FullPageRetry(props: {
  error: Error;
  refetch: () => Promise<unknown>;
  isFetching: boolean;
  secondary?: FullPageMessageProps['secondary'];
}) {
  return (
    <FullPageMessage
      message={props.error.message}
      actionLabel="Try again"
      onAction={() => {
        void props.refetch();
      }}
      isBusy={props.isFetching}
      secondary={props.secondary}
    />
  );
}
