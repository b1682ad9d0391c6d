import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { messages, type ProfileRow } from '@uap/domain';
import { useMergeProfile } from '../../api/merges.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { UserSearchField } from '../../components/UserSearchDialog/UserSearchField.tsx';
import { UserDetailsPopup } from './UserDetailsPopup.tsx';

/** The UAP Id typed, or null when it is not a positive whole number. */
function uapIdOf(value: string): number | null {
  const id = Number(value.trim());
  return value.trim() !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Merge a profile by choosing another UAP Id (spec 3 §4 'Merge'): typed, found with the
 * directory search, or chosen in the user-details popup (any profile, external ones too). The
 * server checks the rules (not into itself, not into a child) and answers
 * with the sentence shown; the profile's rows move to the chosen parent.
 */
export function MergeProfileDialog(props: {
  row: ProfileRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const [value, setValue] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBrowsing, setIsBrowsing] = useState(false);
  // A missing or own UAP Id is said under the field, which is focused.
  const fields = useFieldErrors<'uapId'>();
  const merge = useMergeProfile();
  const { frame, setError, showFailure } = useFormDialog(merge.isPending, props.onClose);
  const parentId = uapIdOf(value);

  const handleMerge = () => {
    setError(null);
    const issue =
      parentId === null
        ? messages.mergeChooseUapId
        : parentId === row.userId
          ? messages.mergeIntoSelf
          : undefined;
    if (fields.show({ uapId: issue })) {
      return;
    }
    setIsConfirming(true);
  };
  const handleConfirm = () => {
    setIsConfirming(false);
    if (parentId === null) {
      return;
    }
    merge.mutate(
      { userId: row.userId, mergedUserId: parentId },
      { onSuccess: props.onDone, onError: showFailure },
    );
  };

  return (
    <>
      <FormDialog
        title={`Merge Profile — UAP Id ${row.userId}`}
        hasDividers={false}
        {...frame}
        submitLabel="Merge"
        onSubmit={handleMerge}
      >
        <DialogContentText sx={{ mb: 2 }}>
          {`${row.name} ${row.lastName} (${row.email}). ${messages.mergeChooseUapId}`}
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Merge into UAP Id"
            size="small"
            value={value}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
            {...fields.textField('uapId')}
            onChange={(e) => {
              fields.clear('uapId');
              setValue(e.target.value);
            }}
          />
          <UserSearchField
            label="Person (name or email)"
            buttonLabel="Search the profile to merge into"
            isInternal
            dialogTitle="Select User"
            onPick={(item) => {
              if (item.userId === null) {
                setError(messages.noProfileYet(item.displayName));
                return;
              }
              setError(null);
              fields.clear('uapId');
              setValue(String(item.userId));
            }}
          />
          <Box>
            <Button variant="outlined" onClick={() => setIsBrowsing(true)}>
              Browse user details
            </Button>
          </Box>
        </Box>
      </FormDialog>
      {isBrowsing && (
        <UserDetailsPopup
          mergingUserId={row.userId}
          onPick={(user) => {
            setError(null);
            setValue(String(user.userId));
            setIsBrowsing(false);
          }}
          onClose={() => setIsBrowsing(false)}
        />
      )}
      {isConfirming && parentId !== null && (
        <ConfirmDialog
          title="Merge profile"
          text={messages.mergeConfirm(row.userId, parentId)}
          confirmLabel="Yes, merge"
          isPending={merge.isPending}
          onConfirm={handleConfirm}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </>
  );
}
