import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { formatDateTime, type RequestHistoryEntry } from '@uap/domain';

/** Page sizes of the activity log (spec 2 §9); -1 = All. */
const rowsPerPageOptions = [5, 10, 20, 50, 100, { label: 'All', value: -1 }];
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The history steps of a request, paged in the browser (the log is loaded whole). */
export function HistoryTable({ entries }: { entries: RequestHistoryEntry[] }) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const shown = rowsPerPage === -1 ? entries : entries.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="History">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Step</TableCell>
              <TableCell>Request Type</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Change</TableCell>
              <TableCell>Comment</TableCell>
              <TableCell>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{formatDateTime(e.createdDate, timeZone)}</TableCell>
                <TableCell>{e.stepDescription}</TableCell>
                <TableCell>{e.requestTypeName}</TableCell>
                <TableCell>{e.status}</TableCell>
                <TableCell>{e.changeDesc ?? ''}</TableCell>
                <TableCell>{e.comment}</TableCell>
                <TableCell>
                  {e.createdByUser.fullName}
                  <br />
                  {e.createdByUser.email}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={entries.length}
        page={rowsPerPage === -1 ? 0 : page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={rowsPerPageOptions}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
