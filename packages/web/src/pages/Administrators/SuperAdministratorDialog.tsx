import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SuperAdminTableRow } from '@uap/domain';
import { useSaveSuperAdministrator } from '../../api/administrators.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { PersonField, type Person } from '../../components/UserSearchDialog/PersonField.tsx';

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
  const save = useSaveSuperAdministrator();
  const isChanged = person !== null && person.userId !== row?.userId;
  const { frame, setError, showFailure } = useFormDialog(!isChanged || save.isPending, props.onClose);

  const handleSave = () => {
    setError(null);
    save.mutate(
      { ...(row ? { adminId: row.adminId } : {}), userId: person?.userId ?? null },
      {
        onSuccess: (answer) => props.onDone(answer.message),
        onError: showFailure,
      },
    );
  };

  return (
    <FormDialog
      title={row ? 'Edit Super Administrator' : 'Add New Super Administrator'}
      {...frame}
      submitLabel="Save"
      onSubmit={handleSave}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <PersonField role="Super administrator" person={person} onPick={setPerson} onError={setError} />
      </Box>
    </FormDialog>
  );
}
