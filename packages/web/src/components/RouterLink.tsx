import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';

/** An MUI-styled link to a route of the SPA. */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterDomLink} to={to}>
      {children}
    </Link>
  );
}
