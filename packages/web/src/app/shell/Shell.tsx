import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { drawerWidth, narrowLayoutQuery } from '../layout.ts';
import { NavMenu } from './NavMenu.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in layout: top bar, the side menu on wide screens, the screen. */
export function Shell() {
  const isNarrow = useMediaQuery(narrowLayoutQuery, { noSsr: true });
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar isNarrow={isNarrow} />
      {!isNarrow && (
        <Drawer
          variant="permanent"
          sx={{ width: drawerWidth, flexShrink: 0, '& .MuiDrawer-paper': { width: drawerWidth } }}
        >
          <Toolbar />
          <Box sx={{ overflowY: 'auto' }}>
            <NavMenu />
          </Box>
        </Drawer>
      )}
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column' }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
