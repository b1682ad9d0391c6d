import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatAccessDate, messages, type PathPreview } from '@uap/domain';
import type { AccountRowDraft } from './account-rows.ts';

/** The pending request lines of the cart, each with a remove button. */
export function PendingLines(props: {
  platform: string;
  client: string;
  lines: AccountRowDraft[];
  /** Who will approve and provision the lines (their path's routing), once known. */
  preview?: PathPreview | undefined;
  onRemove: (key: number) => void;
}) {
  const route = props.preview ? routeText(props.preview) : null;
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
              secondary={route ? `${accounts} · ${length} · ${route}` : `${accounts} · ${length}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** 'Approver: … · Provisioner: …', or the no-path sentence. */
function routeText(preview: PathPreview): string {
  if (!preview.hasApprovalPath) {
    return messages.noApprovalPathYet;
  }
  const names = (people: PathPreview['approvers']) => people.map((p) => p.fullName).join(', ') || 'none yet';
  return `Approver: ${names(preview.approvers)} · Provisioner: ${names(preview.provisioners)}`;
}
