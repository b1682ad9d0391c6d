import Typography from '@mui/material/Typography';

/** The one <h1> of a screen. */
export function PageHeading({ children }: { children: string }) {
  return (
    <Typography variant="h1" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
