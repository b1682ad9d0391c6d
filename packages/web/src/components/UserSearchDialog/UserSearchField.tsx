import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { isIgnorableSearch, isValidEmail, messages, type UserSearchItem } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useUserSearchMutation } from '../../api/profiles.ts';
import type { TextFieldErrorProps } from '../FieldErrors.tsx';
import { UserSearchDialog } from './UserSearchDialog.tsx';

export interface UserSearchFieldProps {
  label: string;
  /** The search button's accessible name. */
  buttonLabel: string;
  isInternal: boolean;
  dialogTitle: 'Select a manager' | 'Select User';
  onPick: (item: UserSearchItem) => void;
  /** An external email nobody has yet: the form takes a new user. */
  onNotFound?: (email: string) => void;
  /** The sentence for a malformed email (default: the wizard's email-format message). */
  invalidEmailMessage?: string;
  /** A form's failed check of the person this field picks (`useFieldErrors`). */
  field?: TextFieldErrorProps;
}

/**
 * Internal search by corporate email or full name, external by email only (spec 1 §5): the
 * email format is checked before searching, a blank value is ignored, Enter searches too. The
 * results open the 'Select User' / 'Select a manager' modal (shared by the wizard and the
 * Reassign Non-Personal User Email modal).
 */
export function UserSearchField(props: UserSearchFieldProps) {
  const { isInternal, onPick, onNotFound, invalidEmailMessage = messages.invalidEmail } = props;
  const [value, setValue] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [results, setResults] = useState<UserSearchItem[] | null>(null);
  const search = useUserSearchMutation();

  const handleSearch = () => {
    const text = value.trim().toLowerCase();
    if (isIgnorableSearch(value)) {
      return;
    }
    if ((!isInternal || text.includes('@')) && !isValidEmail(text)) {
      setNotice(invalidEmailMessage);
      return;
    }
    setNotice(null);
    search.mutate(
      { value: isInternal && !text.includes('@') ? value.trim() : text, isInternal },
      {
        onSuccess: setResults,
        onError: (error) => {
          setNotice(error instanceof ApiError ? error.message : messages.serverError);
          if (error instanceof ApiError && error.status === 404 && !isInternal) {
            onNotFound?.(text);
          }
        },
      },
    );
  };
  const handlePick = (item: UserSearchItem) => {
    setResults(null);
    onPick(item);
  };

  return (
    <Box>
      <TextField
        label={props.label}
        value={value}
        fullWidth
        size="small"
        {...props.field}
        onChange={(e) => {
          setValue(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            handleSearch();
          }
        }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={props.buttonLabel} onClick={handleSearch} disabled={search.isPending}>
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {notice && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {notice}
        </Alert>
      )}
      <UserSearchDialog
        results={results}
        title={props.dialogTitle}
        onSelect={handlePick}
        onClose={() => {
          setResults(null);
        }}
      />
    </Box>
  );
}
