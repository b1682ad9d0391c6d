import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { limits, messages } from '@uap/domain';
import { useAgencyClientsQuery } from '../../api/catalog.ts';

export interface AgencySelection {
  platformId: number;
  platform: string;
  agencyId: number;
  agency: string;
}

function ClientList({ platformId, agencyId }: { platformId: number; agencyId: number }) {
  const { data: clients, isPending, isError } = useAgencyClientsQuery(platformId, agencyId);
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (isError) {
    return <Typography>{messages.errorGettingRecords}</Typography>;
  }
  if (clients.length === 0) {
    return <Typography>{messages.noDataFound}</Typography>;
  }
  return (
    <List dense aria-label="Clients">
      {clients.map((client) => (
        <ListItem key={client.id} disableGutters>
          <ListItemText primary={client.client} />
        </ListItem>
      ))}
    </List>
  );
}

interface AgencyClientsDialogProps {
  selection: AgencySelection;
  onClose: () => void;
}

/** The clients of one agency on one platform. */
export function AgencyClientsDialog({ selection, onClose }: AgencyClientsDialogProps) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{messages.agencyClientsTitle(selection.agency, selection.platform)}</DialogTitle>
      <DialogContent dividers sx={{ maxHeight: limits.agencyModalMaxHeightPx }}>
        <ClientList platformId={selection.platformId} agencyId={selection.agencyId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
