import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Why a table is empty and what to do about it. */
export function EmptyState({ message, onClearFilters }: { message: string; onClearFilters?: () => void }) {
  return (
    <Box sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Typography>{message}</Typography>
      {onClearFilters && (
        <Button variant="outlined" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
