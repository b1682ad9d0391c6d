import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface FullPageMessageProps {
  title: string;
  message: string;
  /** A button that gets the user going again (retry, sign in). */
  action?: ReactNode;
}

/** What the user sees when the app cannot start (configuration, sign-in or user check failed). */
export function FullPageMessage({ title, message, action }: FullPageMessageProps) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480 }}>
        <Typography variant="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 3 }}>{message}</Typography>
        {action}
      </Paper>
    </Box>
  );
}
