import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Platform } from '@uap/domain';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { AccountRowFields } from './AccountRowFields.tsx';
import { newRow, rowsProblems, type AccountRowDraft } from './account-rows.ts';

/** The Add Account(s) dialog: rows of asset type, user type, asset names and length of access. */
export function AddAccountsDialog(props: {
  platform: Platform;
  clientId: number | null;
  onConfirm: (rows: AccountRowDraft[]) => void;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<AccountRowDraft[]>(() => [newRow()]);
  const [problem, setProblem] = useDialogError();
  // Each empty or wrong field is marked and says so; the first one is scrolled to and focused.
  const fields = useFieldErrors<string>();

  const handleConfirm = () => {
    const found = rowsProblems(rows);
    setProblem(found.message);
    const hasFieldErrors = fields.show(found.fields);
    if (found.message === null && !hasFieldErrors) {
      props.onConfirm(rows);
    }
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="add-accounts-title" fullWidth maxWidth="md">
      <DialogTitle id="add-accounts-title">Add Account(s)</DialogTitle>
      <DialogContent dividers>
        <DialogError error={problem} />
        {rows.map((row, i) => (
          <Box key={row.key}>
            {i > 0 && <Divider />}
            <AccountRowFields
              index={i}
              row={row}
              platform={props.platform}
              clientId={props.clientId}
              fields={fields}
              onChange={(next) => {
                setRows(rows.map((r) => (r.key === next.key ? next : r)));
              }}
            />
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 1 }}>
          {rows.length > 0 && (
            <IconButton
              aria-label="Delete row"
              onClick={() => {
                setRows(rows.slice(0, -1));
              }}
            >
              <DeleteIcon />
            </IconButton>
          )}
          <IconButton
            aria-label="Add another row"
            onClick={() => {
              setRows([...rows, newRow()]);
            }}
          >
            <AddIcon />
          </IconButton>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleConfirm}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
