import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { messages, type ReassignApproverInput } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { PersonPicker, type PickedPerson } from '../../components/UserSearchDialog/PersonPicker.tsx';

const roles = [
  { key: 'PrimaryApprover', label: 'Primary Approver' },
  { key: 'SecondaryApprover', label: 'Secondary Approver' },
  { key: 'PrimaryProvisioner', label: 'Provisioner' },
  { key: 'SecondaryProvisioner', label: 'Provisioner Backup' },
] as const;
type RoleKey = (typeof roles)[number]['key'];

interface Choice {
  isUpdated: boolean;
  person: PickedPerson | null;
}

/**
 * Reassign (spec 2 §2): on every selected assignment, each ticked role goes to the person
 * picked for it (an empty pick clears it, except the primary approver).
 */
export function ReassignDialog(props: {
  approverIds: number[];
  isPending: boolean;
  onSave: (input: ReassignApproverInput, onError: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const [choices, setChoices] = useState<Record<RoleKey, Choice>>({
    PrimaryApprover: { isUpdated: false, person: null },
    SecondaryApprover: { isUpdated: false, person: null },
    PrimaryProvisioner: { isUpdated: false, person: null },
    SecondaryProvisioner: { isUpdated: false, person: null },
  });
  const { frame, setError } = useFormDialog(props.isPending, props.onClose);
  // A ticked Primary Approver without a person is said at its search field, which is focused.
  const fields = useFieldErrors<RoleKey>();
  const update = (key: RoleKey, change: Partial<Choice>) => {
    fields.clear(key);
    setChoices((c) => ({ ...c, [key]: { ...c[key], ...change } }));
  };

  const handleSave = () => {
    if (!roles.some((r) => choices[r.key].isUpdated)) {
      setError(messages.chooseRoleToReassign);
      return;
    }
    setError(null);
    if (choices.PrimaryApprover.isUpdated && !choices.PrimaryApprover.person) {
      fields.show({ PrimaryApprover: messages.searchForApprover });
      return;
    }
    const input: ReassignApproverInput = {
      ApproverIds: props.approverIds,
      PrimaryApproverId: choices.PrimaryApprover.person?.userId ?? null,
      PrimaryApproverUpdated: choices.PrimaryApprover.isUpdated,
      SecondaryApproverId: choices.SecondaryApprover.person?.userId ?? null,
      SecondaryApproverUpdated: choices.SecondaryApprover.isUpdated,
      PrimaryProvisionerId: choices.PrimaryProvisioner.person?.userId ?? null,
      PrimaryProvisionerUpdated: choices.PrimaryProvisioner.isUpdated,
      SecondaryProvisionerId: choices.SecondaryProvisioner.person?.userId ?? null,
      SecondaryProvisionerUpdated: choices.SecondaryProvisioner.isUpdated,
    };
    props.onSave(input, (failure) => {
      setError(failure instanceof ApiError ? failure.message : messages.serverError);
    });
  };

  return (
    <FormDialog {...frame} title="Reassign" submitLabel="Reassign" onSubmit={handleSave}>
      <DialogContentText sx={{ mb: 2 }}>
        {`Tick each role to hand over on the ${props.approverIds.length} selected assignments and pick its new holder.`}
      </DialogContentText>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {roles.map((r) => (
          <Box key={r.key}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={choices[r.key].isUpdated}
                  onChange={(e) => {
                    update(r.key, { isUpdated: e.target.checked });
                  }}
                />
              }
              label={`Replace ${r.label}`}
            />
            {choices[r.key].isUpdated && (
              <PersonPicker
                role={`New ${r.label}`}
                value={choices[r.key].person}
                onChange={(person) => {
                  update(r.key, { person });
                }}
                onError={setError}
                field={fields.textField(r.key)}
              />
            )}
          </Box>
        ))}
      </Box>
    </FormDialog>
  );
}
