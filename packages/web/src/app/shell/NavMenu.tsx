import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { visibleMenuItems } from '@uap/domain';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../session/current-user.ts';

/** The navigation menu: exactly the items the user's role may see (spec 1 §6). */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { shellUser } = useCurrentUser();
  return (
    <nav aria-label="Main menu">
      <List dense disablePadding>
        {visibleMenuItems(shellUser).map((item) => (
          <ListItem key={item.path} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.path}
              end
              onClick={onNavigate}
              sx={{
                '&.active': {
                  bgcolor: 'action.selected',
                  borderLeft: 4,
                  borderColor: 'primary.main',
                  fontWeight: 600,
                },
              }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
