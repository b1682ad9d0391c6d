import Alert from '@mui/material/Alert';
import { messages } from '@uap/domain';
import { RouterLink } from '../../components/RouterLink.tsx';

/** What the path lacks for a request, with the way to ask for it: the Master Data Request page. */
export function MissingMasterData({ message }: { message: string }) {
  return (
    <Alert severity="info" sx={{ mt: 1, gridColumn: '1 / -1' }}>
      {message} <RouterLink to="/MasterDataRequest">{messages.openMasterDataRequest}</RouterLink>
    </Alert>
  );
}
