import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { environmentLook } from '@uap/domain';
import { useConfig } from '../config-context.ts';
import { MenuDrawer } from './MenuDrawer.tsx';
import { useLogout } from './use-logout.ts';
import { UserSummary } from './UserSummary.tsx';

/** The top bar: product, environment, the user's email and role, Logout; a menu button when narrow. */
export function TopBar({ isNarrow }: { isNarrow: boolean }) {
  const config = useConfig();
  const look = environmentLook[config.env];
  const handleLogout = useLogout();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const handleOpenMenu = () => {
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
          <Chip
            label={look.label}
            size="small"
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
            variant="outlined"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!isNarrow && (
          <>
            <UserSummary />
            <Button color="inherit" variant="outlined" onClick={handleLogout}>
              Logout
            </Button>
          </>
        )}
      </Toolbar>
      {isNarrow && <MenuDrawer isOpen={isMenuOpen} onClose={handleCloseMenu} />}
    </AppBar>
  );
}
