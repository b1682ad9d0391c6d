import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { UserSearchField } from '../../components/UserSearchDialog/UserSearchField.tsx';

export interface Person {
  userId: number;
  label: string;
}

/** The user search of the approvers' dialogs ('Select User'), and who is chosen. */
export function PersonField(props: {
  role: string;
  person: Person | null;
  onPick: (person: Person) => void;
  onError: (message: string | null) => void;
}) {
  return (
    <>
      <UserSearchField
        label={`${props.role} (name or email)`}
        buttonLabel={`Search ${props.role.toLowerCase()}`}
        isInternal
        dialogTitle="Select User"
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
