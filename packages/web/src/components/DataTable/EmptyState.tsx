import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * Why a table is empty and what to do about it. Drawn in the table's one body cell, which spans
 * every column of a table that may be far wider than the screen: the box is as wide as the
 * scroll area (`100cqi` of the table's container, a size container) and stays at its left edge,
 * so the message and its button are in view however wide the table.
 */
export function EmptyState({ message, onClearFilters }: { message: string; onClearFilters?: () => void }) {
  return (
    <Box
      sx={{
        position: 'sticky',
        left: 0,
        width: '100cqi',
        boxSizing: 'border-box',
        px: 2,
        py: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      <Typography>{message}</Typography>
      {onClearFilters && (
        <Button variant="outlined" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
