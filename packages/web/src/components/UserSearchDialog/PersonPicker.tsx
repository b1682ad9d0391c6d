import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import { messages } from '@uap/domain';
import type { TextFieldErrorProps } from '../FieldErrors.tsx';
import { UserSearchField } from './UserSearchField.tsx';

/** A person an assignment names: a profile id and how to show it. */
export interface PickedPerson {
  userId: number;
  label: string;
}

/**
 * One role of an assignment: who holds it (with a button to clear it) and an internal user
 * search ('Select User'; Enter searches; one result is picked at once). Only people with a UAP
 * profile can be assigned.
 */
export function PersonPicker(props: {
  role: string;
  value: PickedPerson | null;
  isDisabled?: boolean;
  onChange: (person: PickedPerson | null) => void;
  onError: (message: string) => void;
  /** A form's failed check of this role (`useFieldErrors`): shown at the search field. */
  field?: TextFieldErrorProps;
}) {
  const { role, value, onChange, onError } = props;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} disabled={props.isDisabled}>
      <Typography component="legend" variant="subtitle2">
        {role}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 40, gap: 1 }}>
        <Typography variant="body2" aria-label={`Current ${role}`} sx={{ flexGrow: 1 }}>
          {value?.label ?? 'None'}
        </Typography>
        {value && !props.isDisabled && (
          <IconButton size="small" aria-label={`Clear ${role}`} onClick={() => onChange(null)}>
            <ClearIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {!props.isDisabled && (
        <UserSearchField
          label={`Search ${role}`}
          buttonLabel={`Search ${role}`}
          isInternal
          dialogTitle="Select User"
          {...(props.field ? { field: props.field } : {})}
          onPick={(item) => {
            if (item.userId === null) {
              onError(messages.assignmentNeedsProfile(item.displayName));
              return;
            }
            onChange({ userId: item.userId, label: `${item.displayName} (${item.mail ?? ''})` });
          }}
        />
      )}
    </Box>
  );
}
