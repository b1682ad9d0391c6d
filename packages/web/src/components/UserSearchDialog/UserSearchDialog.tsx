import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';

/** What the dialog needs of a person: a name and, to be pickable, a mail. */
export interface SearchResult {
  displayName: string;
  mail: string | null;
}

export interface UserSearchDialogProps<T extends SearchResult> {
  /** Null: closed. */
  results: T[] | null;
  title: 'Select a manager' | 'Select User';
  onSelect: (user: T) => void;
  onClose: () => void;
}

/**
 * The search results modal (spec 1 §2.3): name and email with a Select button, disabled for an
 * entry without mail; exactly one result is picked without asking.
 */
export function UserSearchDialog<T extends SearchResult>({
  results,
  title,
  onSelect,
  onClose,
}: UserSearchDialogProps<T>) {
  const only = results?.length === 1 && results[0]?.mail ? results[0] : null;
  useEffect(() => {
    if (only) {
      onSelect(only);
    }
  }, [only, onSelect]);

  return (
    <Dialog open={results !== null && !only} onClose={onClose} aria-labelledby="user-search-title" fullWidth>
      <DialogTitle id="user-search-title">{title}</DialogTitle>
      <DialogContent dividers>
        {results?.length === 0 ? (
          <Typography>{messages.noUsersFound}</Typography>
        ) : (
          <List aria-label="Users found" dense>
            {results?.map((user, i) => (
              <ListItem
                key={`${user.mail ?? 'none'}-${i}`}
                secondaryAction={
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={!user.mail}
                    aria-label={`Select ${user.displayName}`}
                    onClick={() => {
                      onSelect(user);
                    }}
                  >
                    Select
                  </Button>
                }
              >
                <ListItemText primary={user.displayName} secondary={user.mail ?? '—'} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
