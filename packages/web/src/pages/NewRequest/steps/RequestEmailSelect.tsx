import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidEmail, messages, type AddedEmail } from '@uap/domain';
import { ApiError } from '../../../api/client.ts';
import {
  useAddedEmails,
  useRemoveAddedEmailMutation,
  useSaveAdditionalEmailMutation,
} from '../../../api/profiles.ts';
import { useCapabilities, useCurrentUser } from '../../../session/current-user.ts';

const ADD_NEW = '__add_new__';

export interface RequestEmailSelectProps {
  emails: string[];
  value: string;
  /** Null: the user has no profile yet, so no email can be linked. */
  userId: number | null;
  isSingleSignOnHint: boolean;
  onChange: (email: string) => void;
  onLinked: (email: string) => void;
  /** An added email was removed from the profile. */
  onRemoved: (email: string) => void;
}

/**
 * 'Email associated with this request', with 'Add new email' (api/User/SaveAdditionalEmail). The
 * profile's owner and administrators also see who added each email and may remove it.
 */
export function RequestEmailSelect(props: RequestEmailSelectProps) {
  const [isAdding, setIsAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveAdditionalEmailMutation();
  const { user: me } = useCurrentUser();
  const capabilities = useCapabilities();
  // The server answers only the owner and administrators; others do not ask.
  const canManage = props.userId !== null && (props.userId === me.userId || capabilities.readsAsAdmin);
  const canRemove = canManage && !capabilities.isReadOnly;
  const added = useAddedEmails(canManage ? props.userId : null);
  const remove = useRemoveAddedEmailMutation(props.userId);
  const addedByEmail = new Map((added.data ?? []).map((e) => [e.email, e]));
  const addedBy = (email: string) => {
    const entry = addedByEmail.get(email);
    return entry?.addedBy ? messages.emailAddedBy(entry.addedBy.fullName) : null;
  };

  const handleRemove = (entry: AddedEmail) => {
    remove.mutate(entry.id, {
      onSuccess: () => {
        setNotice({ ok: true, text: messages.additionalEmailRemoved });
        props.onRemoved(entry.email);
      },
      onError: (error) => {
        setNotice({ ok: false, text: error instanceof ApiError ? error.message : messages.serverError });
      },
    });
  };

  const handleSave = () => {
    const email = draft.trim().toLowerCase();
    if (!email.includes('@')) {
      setNotice({ ok: false, text: messages.notAnEmail });
      return;
    }
    if (!isValidEmail(email) || props.userId === null) {
      setNotice({ ok: false, text: messages.invalidEmail });
      return;
    }
    save.mutate(
      { Email: email, UserId: props.userId },
      {
        onSuccess: () => {
          setIsAdding(false);
          setDraft('');
          setNotice({ ok: true, text: messages.emailLinked });
          props.onLinked(email);
        },
        onError: (error) => {
          setNotice({ ok: false, text: error instanceof ApiError ? error.message : messages.serverError });
        },
      },
    );
  };

  return (
    <>
      <FormControl fullWidth size="small" sx={{ mt: 2 }}>
        <InputLabel id="request-email-label">Email associated with this request</InputLabel>
        <Select
          labelId="request-email-label"
          label="Email associated with this request"
          value={props.value}
          renderValue={(value) => value}
          onChange={(e) => {
            if (e.target.value === ADD_NEW) {
              setNotice(null);
              setIsAdding(true);
              return;
            }
            props.onChange(e.target.value);
          }}
        >
          {props.emails.map((email) => (
            <MenuItem key={email} value={email}>
              <ListItemText primary={email} secondary={addedBy(email)} />
            </MenuItem>
          ))}
          {props.userId !== null && <MenuItem value={ADD_NEW}>Add new email</MenuItem>}
        </Select>
      </FormControl>
      {canManage && (added.data ?? []).length > 0 && (
        <Stack
          component="ul"
          aria-label="Added emails"
          spacing={0.5}
          sx={{ listStyle: 'none', p: 0, mt: 1, mb: 0 }}
        >
          {(added.data ?? []).map((entry) => (
            <Stack component="li" key={entry.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                {entry.email}
                {entry.addedBy ? ` (${messages.emailAddedBy(entry.addedBy.fullName)})` : ''}
              </Typography>
              {canRemove && (
                <Button
                  size="small"
                  color="error"
                  aria-label={`Remove ${entry.email}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    handleRemove(entry);
                  }}
                >
                  Remove
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {props.isSingleSignOnHint && props.value && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {messages.singleSignOnEmailWarning}
        </Alert>
      )}
      {notice && !isAdding && (
        <Alert severity={notice.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {notice.text}
        </Alert>
      )}
      <Dialog open={isAdding} aria-labelledby="add-email-title" fullWidth maxWidth="xs">
        <DialogTitle id="add-email-title">Add new email</DialogTitle>
        <DialogContent>
          <TextField
            label="New email"
            value={draft}
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            onChange={(e) => {
              setDraft(e.target.value);
            }}
          />
          {notice && !notice.ok && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {notice.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setIsAdding(false);
              setNotice(null);
            }}
          >
            Cancel
          </Button>
          <Button variant="contained" onClick={handleSave} disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
