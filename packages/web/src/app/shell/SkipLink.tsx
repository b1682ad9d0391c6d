import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { messages } from '@uap/domain';

export const mainContentId = 'main-content';

/** The first tab stop: hidden until focused, it moves the focus past the menus to the screen. */
export function SkipLink() {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus the screen without adding '#main-content' to the address.
    event.preventDefault();
    document.getElementById(mainContentId)?.focus();
  };
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      onClick={handleClick}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {messages.skipToContent}
    </Box>
  );
}
