import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';

/** 'on behalf of {name}' under a task the user holds as an absent person's delegate. */
export function OnBehalfOf({ name }: { name: string | null | undefined }) {
  if (!name) {
    return null;
  }
  return (
    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
      {messages.onBehalfOf(name)}
    </Typography>
  );
}
