import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import type { TextFieldErrorProps } from '../FieldErrors.tsx';
import { UserSearchField } from './UserSearchField.tsx';

export interface Person {
  userId: number;
  label: string;
}

/**
 * The user search of the administrators' and master approvers' dialogs ('Select User'), and who
 * is chosen. Only a person with a UAP profile can be picked.
 */
export function PersonField(props: {
  role: string;
  person: Person | null;
  onPick: (person: Person) => void;
  onError: (message: string | null) => void;
  /** A form's failed check of the person (`useFieldErrors`): shown at the search field. */
  field?: TextFieldErrorProps;
}) {
  return (
    <>
      <UserSearchField
        label={`${props.role} (name or email)`}
        buttonLabel={`Search ${props.role.toLowerCase()}`}
        isInternal
        dialogTitle="Select User"
        {...(props.field ? { field: props.field } : {})}
        onPick={(item) => {
          if (item.userId === null) {
            props.onError(messages.noProfileYet(item.displayName));
            return;
          }
          props.onError(null);
          props.onPick({ userId: item.userId, label: `${item.displayName} (${item.mail ?? ''})` });
        }}
      />
      <Typography aria-live="polite">
        {props.person
          ? `${props.role}: ${props.person.label}`
          : `No ${props.role.toLowerCase()} selected yet.`}
      </Typography>
    </>
  );
}
