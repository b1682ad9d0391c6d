import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../session/current-user.ts';

/** The signed-in user's email and role description (the role banner). */
export function UserSummary({ align = 'right' }: { align?: 'left' | 'right' }) {
  const { user } = useCurrentUser();
  return (
    <Box sx={{ textAlign: align, minWidth: 0 }}>
      <Typography variant="body2" noWrap title={user.email}>
        {user.email}
      </Typography>
      <Typography variant="caption" noWrap component="p" sx={{ opacity: 0.85 }}>
        {user.role.description}
      </Typography>
    </Box>
  );
}
