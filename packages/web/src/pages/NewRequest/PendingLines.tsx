import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatAccessDate } from '@uap/domain';
import type { AccountRowDraft } from './account-rows.ts';

/** The pending request lines of the cart, each with a remove button. */
export function PendingLines(props: {
  platform: string;
  client: string;
  lines: AccountRowDraft[];
  onRemove: (key: number) => void;
}) {
  return (
    <List aria-label="Pending request lines" dense>
      {props.lines.map((line, i) => {
        const length = line.isUnlimited
          ? 'Unlimited'
          : formatAccessDate(line.beginningDate, line.expirationDate);
        const accounts = line.accountNames.length ? line.accountNames.join(', ') : line.assetDescription;
        return (
          <ListItem
            key={line.key}
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => {
                  props.onRemove(line.key);
                }}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={`${props.platform}${props.client ? ` · ${props.client}` : ''} · ${line.assetDescription} · ${line.userTypeDescription}`}
              secondary={`${accounts} · ${length}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
