import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, messages, type MergeProposal } from '@uap/domain';
import { useDecideProposal, useMergeProposals } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { localTimeZone } from '../../session/time-zone.ts';
import { PlainTableHead } from '../../components/PlainTableHead.tsx';

const timeZone = localTimeZone();

const who = (p: MergeProposal['parent']) => `${p.fullName} (UAP Id ${p.userId}, ${p.email})`;

/** The two answers to a proposal, in the order their buttons stand. */
const decisions = [
  { verb: 'Accept', isAccepted: true },
  { verb: 'Dismiss', isAccepted: false },
] as const;

/** The Profile Matcher's open proposals: accept one (the child is merged into the parent) or dismiss it. */
export function ProposalsDialog(props: { isReadOnly: boolean; onClose: () => void }) {
  const proposals = useMergeProposals();
  const decide = useDecideProposal();
  const [error, setError] = useDialogError();
  const handle = (id: number, accept: boolean) =>
    decide.mutate(
      { id, accept },
      {
        onSuccess: (message) => {
          setError(null);
          notifySuccess(message);
        },
        onError: (failure) => setError(failureText(failure)),
      },
    );

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="proposals-title" maxWidth="lg" fullWidth>
      <DialogTitle id="proposals-title">Proposed merges</DialogTitle>
      <DialogContent>
        <DialogError error={error} />
        {proposals.isPending && <PageSpinner />}
        {proposals.error && <Alert severity="error">{failureText(proposals.error)}</Alert>}
        {proposals.data?.length === 0 && <Typography>{messages.noMergeProposals}</Typography>}
        {proposals.data && proposals.data.length > 0 && (
          <Table size="small" aria-label="Proposed merges">
            <PlainTableHead
              headers={['Merge', 'Into', 'Matched By', 'Proposed', ...(props.isReadOnly ? [] : ['Actions'])]}
            />
            <TableBody>
              {proposals.data.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{who(p.child)}</TableCell>
                  <TableCell>{who(p.parent)}</TableCell>
                  <TableCell>{p.reason === 'email' ? 'Email' : 'Name'}</TableCell>
                  <TableCell>{formatDate(p.createdDate, timeZone)}</TableCell>
                  {!props.isReadOnly && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {decisions.map(({ verb, isAccepted }) => (
                        <Button
                          key={verb}
                          size="small"
                          disabled={decide.isPending}
                          aria-label={`${verb} merging UAP Id ${p.child.userId} into UAP Id ${p.parent.userId}`}
                          onClick={() => handle(p.id, isAccepted)}
                        >
                          {verb}
                        </Button>
                      ))}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
