import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { APP_VERSION, accessReviewsTile, homeTiles, messages } from '@uap/domain';
import { useTaskCountsQuery } from '../../api/tasks.ts';
import { useCurrentUser } from '../../session/current-user.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { HomeTile } from './HomeTile.tsx';

/** Home: welcome, the tiles of the user's role (task badges where due), version and Contact Us. */
export function HomePage() {
  const { user, shellUser } = useCurrentUser();
  // Anyone may be asked to review access (a manager, a named person): the counts are read for
  // every role, and My Access Reviews' tile shows while the caller has items to decide.
  const { data: counts } = useTaskCountsQuery(true);
  const hasReviews = (counts?.accessReviews ?? 0) > 0;
  const tiles = [...homeTiles(shellUser), ...(hasReviews ? [accessReviewsTile] : [])];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
      <Typography variant="h5" component="p" sx={{ mb: 3 }}>
        {messages.welcome(user.name)}
      </Typography>
      <Grid
        container
        spacing={2}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Shortcuts"
      >
        {tiles.map((tile) => (
          <Grid key={`${tile.path}-${tile.label}`} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <HomeTile tile={tile} count={tile.badge && counts ? counts[tile.badge] : undefined} />
          </Grid>
        ))}
      </Grid>
      <Box
        component="footer"
        sx={{ mt: 'auto', pt: 4, display: 'flex', justifyContent: 'space-between', color: 'text.secondary' }}
      >
        <RouterLink to="/Contact">Contact Us</RouterLink>
        <Typography variant="body2">{APP_VERSION}</Typography>
      </Box>
    </Box>
  );
}
