import { lazy, Suspense, useRef, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { messages } from '@uap/domain';
import { useUnreadCount } from '../../api/notification-count.ts';

// The list is downloaded on the first opening: the first load carries only the bell and its count.
const NotificationPopover = lazy(() =>
  import('./NotificationPopover.tsx').then((m) => ({ default: m.NotificationPopover })),
);

/** The top bar's bell: the unread count (polled), and a list of the notifications on click. */
export function NotificationBell() {
  const count = useUnreadCount();
  const unread = count.data?.unreadCount ?? 0;
  const anchor = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const handleOpen = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const handleClose = () => {
    setIsOpen(false);
  };
  return (
    <>
      <IconButton
        ref={anchor}
        color="inherit"
        aria-label={messages.notificationsBell(unread)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={handleOpen}
      >
        {/* No badge at 0: MUI's hidden badge keeps its last number in the page (scaled to nothing),
            and that number then reads as the bell's visible text, missing from its name. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <NotificationPopover anchor={anchor.current} isOpen={isOpen} onClose={handleClose} />
        </Suspense>
      )}
    </>
  );
}
