import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface PageSpinnerProps {
  /** The spinner's accessible name. */
  label?: string;
  isFullPage?: boolean;
}

/** A centred progress spinner while a screen or its data loads. */
export function PageSpinner({ label = 'Loading', isFullPage = false }: PageSpinnerProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        py: 6,
        minHeight: isFullPage ? '100vh' : undefined,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
