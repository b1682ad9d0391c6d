import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { colorOf, initialsOf } from './agency-logo.ts';

interface AgencyCardProps {
  agency: string;
  onSelect: () => void;
}

/** An agency's generated logo; a button named after the agency that opens its client list. */
export function AgencyCard({ agency, onSelect }: AgencyCardProps) {
  return (
    <Card variant="outlined" sx={{ width: 160 }}>
      {/* Named by its words (the logo is hidden): an aria-label would leave out the visible initials. */}
      <CardActionArea
        onClick={onSelect}
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}
      >
        <Avatar aria-hidden sx={{ bgcolor: colorOf(agency), width: 56, height: 56, fontWeight: 700 }}>
          {initialsOf(agency)}
        </Avatar>
        <Typography variant="body2" align="center">
          {agency}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
