import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink } from 'react-router';
import {
  deactivateAdditionalEmailInput,
  limits,
  messages,
  profileEditInput,
  type ProfileEditFormInput,
  type ProfileRow,
} from '@uap/domain';
import { useDeactivateSecondaryEmail, useEditProfile } from '../../api/profiles.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { DialogError, useDialogError } from '../DialogError.tsx';
import { DisabledReason } from '../DisabledReason.tsx';
import { failureText } from '../forms/failure-text.ts';
import { useFieldErrors } from '../FieldErrors.tsx';
import { profileDetailsOf } from './profile-details.ts';

type FormField = Exclude<keyof ProfileEditFormInput, 'isProfileEdit' | 'userId' | 'isInternal'>;

const fields: { key: FormField; label: string; max: number; isRequired?: boolean }[] = [
  { key: 'Name', label: 'First Name', max: limits.text, isRequired: true },
  { key: 'LastName', label: 'Last Name', max: limits.text, isRequired: true },
  { key: 'Email', label: 'Primary Email', max: limits.primaryEmail, isRequired: true },
  { key: 'Title', label: 'Title', max: limits.text },
  { key: 'Organization', label: 'Organization', max: limits.text },
  { key: 'Department', label: 'Department', max: limits.text },
  { key: 'LocationCountry', label: 'Location', max: limits.text },
  { key: 'OfficeNumber', label: 'Phone Number', max: limits.text, isRequired: true },
  { key: 'EmployeeId', label: 'Employee Id', max: limits.text },
  { key: 'newlyCreatedSecondaryEmail', label: 'New Secondary Email', max: limits.primaryEmail },
];

/** A schema issue's field: the form's keys are the payload's. */
const fieldOfIssue = Object.fromEntries(fields.map(({ key }) => [key, key])) as Record<string, FormField>;

const emptyForm = Object.fromEntries(fields.map(({ key }) => [key, ''])) as Record<FormField, string>;

function formOf(row: ProfileRow | undefined): Record<FormField, string> {
  if (!row) {
    return emptyForm;
  }
  return {
    ...profileDetailsOf(row),
    Email: row.email,
    EmployeeId: row.employeeId ?? '',
    newlyCreatedSecondaryEmail: '',
  };
}

type Confirming = { kind: 'update' } | { kind: 'deactivate'; email: string } | null;

/**
 * The Edit/Add User Profile modal (spec 3 §2.5, §5 'Edit profile'): Save stays disabled until a
 * field changed; the spec's checks run before the confirmation, the server checks them again.
 * Without a row it adds a profile (internal or external); an update asks its confirmation first.
 */
export function EditProfileDialog(props: {
  /** The profile to edit; absent: add a new one. */
  row?: ProfileRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const initial = formOf(row);
  const [form, setForm] = useState(initial);
  const [isInternal, setIsInternal] = useState(false);
  const [toDeactivate, setToDeactivate] = useState('');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [error, setError] = useDialogError();
  // A field the spec's checks refuse is marked, says why and is focused.
  const checks = useFieldErrors<FormField | 'toDeactivate'>();
  const edit = useEditProfile();
  const deactivate = useDeactivateSecondaryEmail();
  const isChanged = fields.some(({ key }) => form[key].trim() !== initial[key]);
  const body: ProfileEditFormInput = { isProfileEdit: true, userId: row?.userId ?? 0, isInternal, ...form };
  const secondaryEmails = !row || row.secondaryEmail === '' ? [] : row.secondaryEmail.split(', ');
  const save = () =>
    edit.mutate(body, {
      onSuccess: props.onDone,
      onError: (failure) => setError(messages.updateFailed(failureText(failure))),
    });

  const handleSave = () => {
    const { ok, unplaced } = checks.showIssues(profileEditInput.safeParse(body), fieldOfIssue);
    setError(unplaced);
    if (!ok) {
      return;
    }
    if (row) {
      setConfirming({ kind: 'update' });
    } else {
      save();
    }
  };
  const handleDeactivate = () => {
    if (!row) {
      return;
    }
    const parsed = deactivateAdditionalEmailInput.safeParse({ userId: row.userId, email: toDeactivate });
    const { unplaced } = checks.showIssues(parsed, { email: 'toDeactivate' });
    setError(unplaced);
    if (!parsed.success) {
      return;
    }
    if (!secondaryEmails.includes(parsed.data.email)) {
      checks.show({ toDeactivate: messages.emailNotInList });
      return;
    }
    setConfirming({ kind: 'deactivate', email: parsed.data.email });
  };
  const handleConfirm = () => {
    const current = confirming;
    setConfirming(null);
    if (current?.kind === 'update') {
      save();
    } else if (current?.kind === 'deactivate' && row) {
      deactivate.mutate(
        { userId: row.userId, email: current.email },
        { onSuccess: props.onDone, onError: (failure) => setError(failureText(failure)) },
      );
    }
  };

  return (
    <>
      <Dialog open onClose={props.onClose} aria-labelledby="edit-profile-title" maxWidth="sm" fullWidth>
        <DialogTitle id="edit-profile-title">
          {row ? `Edit User Profile — UAP Id ${row.userId}` : 'Add User Profile'}
        </DialogTitle>
        <DialogContent>
          <DialogError error={error} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {!row && (
              <TextField
                select
                label="User Type"
                size="small"
                value={isInternal ? 'Internal' : 'External'}
                onChange={(e) => setIsInternal(e.target.value === 'Internal')}
                helperText={isInternal ? messages.profileAddInternalHint : messages.profileAddExternalHint}
                sx={{ gridColumn: '1 / -1' }}
              >
                <MenuItem value="External">External</MenuItem>
                <MenuItem value="Internal">Internal</MenuItem>
              </TextField>
            )}
            {fields.map(({ key, label, max, isRequired }) => (
              <TextField
                key={key}
                label={label}
                required={isRequired}
                size="small"
                value={form[key]}
                slotProps={{ htmlInput: { maxLength: max } }}
                {...checks.textField(key)}
                onChange={(e) => {
                  checks.clear(key);
                  setForm({ ...form, [key]: e.target.value });
                }}
              />
            ))}
          </Box>
          {row && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 3 }}>
                Secondary Emails
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {secondaryEmails.length > 0 ? secondaryEmails.join(', ') : 'None'}{' '}
                <Link component={RouterDomLink} to={`/LogUserAditionalEmail/${row.userId}`}>
                  Secondary email log
                </Link>
              </Typography>
            </>
          )}
          {secondaryEmails.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                label="Email to deactivate"
                size="small"
                value={toDeactivate}
                {...checks.textField('toDeactivate')}
                onChange={(e) => {
                  checks.clear('toDeactivate');
                  setToDeactivate(e.target.value);
                }}
                sx={{ flex: 1 }}
              />
              <Button onClick={handleDeactivate} disabled={deactivate.isPending}>
                Deactivate
              </Button>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <DisabledReason reason={isChanged ? null : messages.profileChangeAField}>
            <Button variant="contained" onClick={handleSave} disabled={!isChanged || edit.isPending}>
              Save
            </Button>
          </DisabledReason>
        </DialogActions>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'update' ? 'Update profile' : 'Deactivate email'}
          text={confirming.kind === 'update' ? messages.confirmUpdate : `Deactivate ${confirming.email}?`}
          isPending={false}
          onConfirm={handleConfirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
