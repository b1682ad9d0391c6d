import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';

/** Body of a screen that a later issue builds (the route guard shows its title). */
export function PlaceholderPage() {
  return <Typography>{messages.underConstructionBody}</Typography>;
}
