import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** How many fields a phone card shows: the first columns, which lead with what matters. */
const cardFields = 6;

interface RowCardsProps<Row> {
  title: string;
  rows: Row[];
  columns: { id: string; header: string }[];
  getRowId: (row: Row) => number;
  cell: (columnId: string, row: Row) => ReactNode;
  /** The row's selection box, when the table has a selection. */
  checkbox?: (row: Row) => ReactNode;
}

/** A table on a phone: one card per row with its key fields, so nothing scrolls sideways. */
export function RowCards<Row>({ title, rows, columns, getRowId, cell, checkbox }: RowCardsProps<Row>) {
  const fields = columns.slice(0, cardFields);
  return (
    <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 1, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Card component="li" variant="outlined" key={getRowId(row)}>
          <CardContent sx={{ display: 'flex', gap: 1, p: 1.5, '&:last-child': { pb: 1.5 } }}>
            {checkbox?.(row)}
            <Box
              component="dl"
              sx={{
                m: 0,
                minWidth: 0,
                flexGrow: 1,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.5,
              }}
            >
              {fields.map((column) => (
                <Box key={column.id} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {cell(column.id, row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
