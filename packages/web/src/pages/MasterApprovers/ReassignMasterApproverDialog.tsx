import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { messages, reassignMasterApproverInput } from '@uap/domain';
import { useReassignMasterApprovers } from '../../api/master-approvers.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { UserSearchField } from '../../components/UserSearchDialog/UserSearchField.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';

/** Reassign: the selected master approver rows move to one new person ('Select a new user'). */
export function ReassignMasterApproverDialog(props: {
  ids: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [person, setPerson] = useState<{ userId: number; label: string } | null>(null);
  const fields = useFieldErrors<'person'>();
  const reassign = useReassignMasterApprovers();
  const { frame, setError, showFailure } = useFormDialog(reassign.isPending, props.onClose);

  const handleSubmit = () => {
    const input = { oldMasterApproverIds: props.ids, NewMasterApproverUserId: person?.userId ?? null };
    // 'Select a new user' under the search field, which is focused.
    const { ok, unplaced } = fields.showIssues(reassignMasterApproverInput.safeParse(input), {
      NewMasterApproverUserId: 'person',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    reassign.mutate(input, {
      onSuccess: (answer) => {
        props.onDone(answer.message);
      },
      onError: showFailure,
    });
  };

  return (
    <FormDialog {...frame} title="Reassign Master Approver" submitLabel="Reassign" onSubmit={handleSubmit}>
      <DialogContentText sx={{ mb: 2 }}>
        {`${props.ids.length} selected row(s) will move to the new master approver.`}
      </DialogContentText>
      <UserSearchField
        label="New master approver (name or email)"
        buttonLabel="Search new master approver"
        isInternal
        dialogTitle="Select User"
        field={fields.textField('person')}
        onPick={(item) => {
          if (item.userId === null) {
            setError(messages.noProfileYet(item.displayName));
            return;
          }
          setError(null);
          fields.clear('person');
          setPerson({ userId: item.userId, label: `${item.displayName} (${item.mail ?? ''})` });
        }}
      />
      <Typography sx={{ mt: 2 }} aria-live="polite">
        {person ? `New master approver: ${person.label}` : 'No new user selected yet.'}
      </Typography>
    </FormDialog>
  );
}
