import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SuperAdminTableRow } from '@uap/domain';
import { useSaveSuperAdministrator } from '../../api/admins.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { PersonField, type Person } from './PersonField.tsx';

/** Add or edit a super administrator (spec 3 §5: Save needs a user chosen; on edit, another one). */
export function SuperAdministratorDialog(props: {
  row: SuperAdminTableRow | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const [person, setPerson] = useState<Person | null>(
    row ? { userId: row.userId, label: `${row.name} (${row.email})` } : null,
  );
  const [error, setError] = useDialogError();
  const save = useSaveSuperAdministrator();
  const isChanged = person !== null && person.userId !== row?.userId;

  const handleSave = () => {
    setError(null);
    save.mutate(
      { ...(row ? { adminId: row.adminId } : {}), userId: person?.userId ?? null },
      {
        onSuccess: (answer) => props.onDone(answer.message),
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="super-administrator-title" fullWidth maxWidth="sm">
      <DialogTitle id="super-administrator-title">
        {row ? 'Edit Super Administrator' : 'Add New Super Administrator'}
      </DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <PersonField role="Super administrator" person={person} onPick={setPerson} onError={setError} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleSave} disabled={!isChanged || save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
