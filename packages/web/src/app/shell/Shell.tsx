import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { drawerWidth, narrowLayoutQuery } from '../layout.ts';
import { NavMenu } from './NavMenu.tsx';
import { mainContentId, SkipLink } from './SkipLink.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in layout: top bar, the side menu on wide screens, the screen. */
export function Shell() {
  const isNarrow = useMediaQuery(narrowLayoutQuery, { noSsr: true });
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar isNarrow={isNarrow} />
      {!isNarrow && (
        // The permanent side menu, drawn as MUI's permanent Drawer is, without the Drawer's modal
        // machinery (only the narrow menu needs it, and it is loaded when opened).
        <Box sx={{ width: drawerWidth, flexShrink: 0 }}>
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              height: '100%',
              width: drawerWidth,
              display: 'flex',
              flexDirection: 'column',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              zIndex: 'drawer',
            }}
          >
            <Toolbar />
            <Box sx={{ overflowY: 'auto' }}>
              <NavMenu />
            </Box>
          </Box>
        </Box>
      )}
      <Box
        component="main"
        id={mainContentId}
        // Focusable by the skip link only, not a tab stop.
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, sm: 3 },
          display: 'flex',
          flexDirection: 'column',
          '&:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
