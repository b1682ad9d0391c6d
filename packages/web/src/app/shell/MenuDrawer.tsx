import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import { drawerWidth } from '../layout.ts';
import { NavMenu } from './NavMenu.tsx';
import { useLogout } from './use-logout.ts';
import { UserSummary } from './UserSummary.tsx';

interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The collapsed top bar of narrow screens: who is signed in, the navigation and Logout. */
export function MenuDrawer({ isOpen, onClose }: MenuDrawerProps) {
  const handleLogout = useLogout();
  return (
    <Drawer
      variant="temporary"
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: drawerWidth }, 'aria-label': 'Menu' } }}
    >
      <Box sx={{ p: 2 }}>
        <UserSummary align="left" />
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <NavMenu onNavigate={onClose} />
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <Button variant="outlined" fullWidth onClick={handleLogout}>
          Logout
        </Button>
      </Box>
    </Drawer>
  );
}
