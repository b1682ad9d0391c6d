import type { ReactNode } from 'react';
import Link from '@mui/material/Link';

/** A link to another site, opened in a new tab without giving that tab a handle on this one. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}
