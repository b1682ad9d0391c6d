import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { PlainTableHead } from './PlainTableHead.tsx';

/** One request a bulk decision covers, as the decider tells it apart. */
export interface DecisionLine {
  requestId: number;
  user: string;
  platform: string;
  client: string;
  role: string;
}

/** What a bulk decision is about to decide: one line per request (user, platform, client, role). */
export function DecisionLines({ lines }: { lines: DecisionLine[] }) {
  return (
    <TableContainer sx={{ maxHeight: 240, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label="Requests to decide">
        <PlainTableHead headers={['Request', 'User', 'Platform', 'Client', 'Role']} />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.requestId}>
              <TableCell>{`#${line.requestId}`}</TableCell>
              <TableCell>{line.user}</TableCell>
              <TableCell>{line.platform}</TableCell>
              <TableCell>{line.client}</TableCell>
              <TableCell>{line.role}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The line of any request row that names its user, platform, client and platform user type. */
export function decisionLineOf(row: {
  requestId: number;
  requestUser: { fullName: string };
  platformName: string;
  clientName: string;
  platformUserTypeName: string;
}): DecisionLine {
  return {
    requestId: row.requestId,
    user: row.requestUser.fullName,
    platform: row.platformName,
    client: row.clientName,
    role: row.platformUserTypeName,
  };
}
