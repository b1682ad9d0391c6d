import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { environmentLook } from '@uap/domain';
import { useConfig } from '../config-context.ts';
import { useLogout } from './use-logout.ts';
import { UserSummary } from './UserSummary.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const MenuDrawer = lazy(() => import('./MenuDrawer.tsx').then((m) => ({ default: m.MenuDrawer })));

/** The top bar: product, environment, the user's email and role, Logout; a menu button when narrow. */
export function TopBar({ isNarrow }: { isNarrow: boolean }) {
  const config = useConfig();
  const look = environmentLook[config.env];
  const handleLogout = useLogout();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The narrow menu is downloaded on first opening, then kept (it animates its closing).
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const handleOpenMenu = () => {
    setHasOpenedMenu(true);
    setIsMenuOpen(true);
  };
  const handleCloseMenu = () => {
    setIsMenuOpen(false);
  };

  return (
    <AppBar
      position="fixed"
      // Wide: above the permanent side menu. Narrow: below the menu drawer, which then covers it.
      sx={{
        bgcolor: look.headerColor,
        zIndex: (theme) => (isNarrow ? theme.zIndex.appBar : theme.zIndex.drawer + 1),
      }}
    >
      <Toolbar sx={{ gap: 2 }}>
        {isNarrow && (
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={handleOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            UAP
          </Typography>
          {!isNarrow && (
            <Typography component="span" variant="subtitle1">
              User Access Portal
            </Typography>
          )}
        </Box>
        {look.label && (
          // A plain outlined label: a Chip would add its own code to the first download.
          <Box
            component="span"
            sx={{
              px: 1,
              border: 1,
              borderColor: 'currentColor',
              borderRadius: 3,
              typography: 'caption',
              fontWeight: 500,
              lineHeight: '22px',
            }}
          >
            {look.label}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <NotificationBell />
        {!isNarrow && (
          <>
            <UserSummary />
            <Button color="inherit" variant="outlined" onClick={handleLogout}>
              Logout
            </Button>
          </>
        )}
      </Toolbar>
      {isNarrow && hasOpenedMenu && (
        <Suspense fallback={null}>
          <MenuDrawer isOpen={isMenuOpen} onClose={handleCloseMenu} />
        </Suspense>
      )}
    </AppBar>
  );
}
