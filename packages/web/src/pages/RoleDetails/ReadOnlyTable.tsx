import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface ReadOnlyColumn<Row> {
  header: string;
  value: (row: Row) => string;
}

/** A read-only table of the user's own assignments; the Status column shows Active or Inactive. */
export function ReadOnlyTable<Row extends { isDeleted: boolean }>(props: {
  title: string;
  rows: Row[];
  columns: ReadOnlyColumn<Row>[];
  getRowId: (row: Row) => number;
}) {
  const { title, rows, columns, getRowId } = props;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography>No assignments found.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.header}>{c.header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={getRowId(row)}>
                  <TableCell>
                    <Chip
                      size="small"
                      label={row.isDeleted ? 'Inactive' : 'Active'}
                      color={row.isDeleted ? 'default' : 'success'}
                    />
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.header}>{c.value(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
