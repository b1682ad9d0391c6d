import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { routeEntryOf } from '@uap/domain';
import { drawerWidth, narrowLayoutQuery } from '../app/layout.ts';
import { PageSpinner } from './PageSpinner.tsx';

interface PendingScreenProps {
  /** The spinner's accessible name: what is being waited for. */
  label: string;
  /** The top bar's colour once the configuration is known. */
  headerColor?: string;
}

/**
 * The first draw of the page while the configuration, the session and the user check load: the
 * shell's frame with the opened screen's title where the screen will draw it, so a person sees
 * where they are at once. The title is a picture of the heading the screen draws (hidden from
 * assistive technology, which hears the spinner's label until the screen is ready).
 *
 * The server draws the same screen in index.html (packages/server/src/http/index-page.ts), so
 * the page shows it before any script has run: the two must keep the same boxes, sizes and type.
 */
export function PendingScreen({ label, headerColor }: PendingScreenProps) {
  const isNarrow = useMediaQuery(narrowLayoutQuery, { noSsr: true });
  const title = routeEntryOf(window.location.pathname)?.title ?? null;
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Box sx={{ position: 'fixed', inset: '0 0 auto 0', bgcolor: headerColor ?? 'grey.300' }}>
        <Toolbar />
      </Box>
      <Box sx={{ pl: isNarrow ? 0 : `${drawerWidth}px` }}>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Toolbar />
          {title && (
            <Typography variant="h1" component="p" aria-hidden sx={{ mb: 2 }}>
              {title}
            </Typography>
          )}
          <PageSpinner label={label} />
        </Box>
      </Box>
    </Box>
  );
}
