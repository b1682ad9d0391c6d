import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, type NotificationItem } from '@uap/domain';
import { useMarkRead, useNotifications } from '../../api/notifications.ts';
import { useCapabilities } from '../../session/current-user.ts';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();
const PAGE_SIZE = 20;

interface Props {
  anchor: HTMLElement | null;
  isOpen: boolean;
  onClose: () => void;
}

/** The bell's list: newest first, each a link to its request; opening one marks it read. */
export function NotificationPopover({ anchor, isOpen, onClose }: Props) {
  const [page, setPage] = useState(1);
  const list = useNotifications(page, isOpen);
  const markRead = useMarkRead();
  const isSuperAdmin = useCapabilities().actsEverywhere;
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / PAGE_SIZE)) : 1;

  const handleOpenItem = (item: NotificationItem) => {
    if (item.readAt === null) {
      markRead.mutate(item.notificationId);
    }
    onClose();
  };

  return (
    <Popover
      open={isOpen}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
          sx: { width: 420, maxWidth: '95vw' },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1, gap: 1 }}>
        <Typography id="notifications-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          disabled={!data || data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          Mark all read
        </Button>
      </Stack>
      {data && data.notifications.length === 0 && (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {messages.notificationsNone}
        </Typography>
      )}
      {data && data.notifications.length > 0 && (
        <List dense aria-label="Notifications" sx={{ maxHeight: 420, overflowY: 'auto', py: 0 }}>
          {data.notifications.map((item) => {
            const isUnread = item.readAt === null;
            return (
              <ListItem
                key={item.notificationId}
                disablePadding
                secondaryAction={
                  item.event === 'expiring' ? (
                    <Button
                      size="small"
                      component={RouterLink}
                      to={item.link}
                      aria-label={`${messages.notificationExtend}: ${item.text}`}
                      onClick={() => handleOpenItem(item)}
                    >
                      {messages.notificationExtend}
                    </Button>
                  ) : isUnread ? (
                    <Button
                      size="small"
                      aria-label={`Mark read: ${item.text}`}
                      onClick={() => markRead.mutate(item.notificationId)}
                    >
                      Read
                    </Button>
                  ) : undefined
                }
              >
                <ListItemButton
                  component={RouterLink}
                  to={item.link}
                  onClick={() => handleOpenItem(item)}
                  sx={{ pr: isUnread || item.event === 'expiring' ? 9 : 2 }}
                >
                  <ListItemText
                    primary={item.text}
                    secondary={`${formatDateTime(item.createdDate, timeZone)}${isUnread ? ' · Unread' : ''}`}
                    slotProps={{ primary: { sx: { fontWeight: isUnread ? 600 : 400 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Link component={RouterLink} to="/NotificationSettings" onClick={onClose} sx={{ flexGrow: 1 }}>
          Notification settings
        </Link>
        {isSuperAdmin && (
          <Link component={RouterLink} to="/SentMail" onClick={onClose}>
            Sent mail
          </Link>
        )}
        {pageCount > 1 && (
          <>
            <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <Button size="small" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </>
        )}
      </Box>
    </Popover>
  );
}
