import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages, type SameAccessLine } from '@uap/domain';
import { PlainTableHead } from '../../components/PlainTableHead.tsx';

const label = 'Lines of the request';
const headers = ['Record ID', 'Platform', 'Client', 'Asset type', 'Asset name', 'User type', 'Outcome'];

/** What one ticked record becomes: its outcome, the record the user already holds, the reason. */
function Outcome({ line }: { line: SameAccessLine }) {
  const outcome = messages.sameAccessOutcome(line.outcome);
  return (
    <>
      <Typography
        variant="body2"
        sx={{ fontWeight: line.outcome === 'request' ? 600 : undefined }}
        color={line.outcome === 'refused' ? 'error' : undefined}
      >
        {line.heldRequestId === null ? outcome : `${outcome} (#${line.heldRequestId})`}
      </Typography>
      {line.reason && (
        <Typography variant="body2" color="text.secondary">
          {line.reason}
        </Typography>
      )}
    </>
  );
}

/**
 * The preview of a "same access as a colleague" request: one row per ticked record, with what it
 * becomes for the user (requested, already held and skipped, or not available and why).
 */
export function SameAccessLines({ lines }: { lines: SameAccessLine[] }) {
  // On a phone each line is a card of its own: nothing scrolls sideways.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (isPhone) {
    return (
      <List aria-label={label} dense sx={{ mb: 2 }}>
        {lines.map((line) => (
          <ListItem key={line.recordId} divider sx={{ display: 'block' }}>
            <ListItemText
              primary={`#${line.recordId} · ${line.platformName} · ${line.clientName}`}
              secondary={`${line.assetName} · ${line.clientAccountName} · ${line.platformUserTypeName}`}
            />
            <Outcome line={line} />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 360, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <PlainTableHead headers={headers} />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.recordId}>
              <TableCell>{line.recordId}</TableCell>
              <TableCell>{line.platformName}</TableCell>
              <TableCell>{line.clientName}</TableCell>
              <TableCell>{line.assetName}</TableCell>
              <TableCell>{line.clientAccountName}</TableCell>
              <TableCell>{line.platformUserTypeName}</TableCell>
              <TableCell>
                <Outcome line={line} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
