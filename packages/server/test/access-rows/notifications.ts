import type { Row } from './types.ts';
import { signedIn, superAdminsOnly } from './types.ts';

/**
 * Access rows of the notification centre: every signed-in user, the auditor
 * included (their own inbox, not portal data); a notification id nobody holds is 404 for all.
 * The Sent mail outbox: super admins only.
 */
export const notificationRows: Row[] = [
  { method: 'GET', route: '/api/Notifications', url: '/api/Notifications', expect: signedIn },
  {
    method: 'GET',
    route: '/api/Notifications/UnreadCount',
    url: '/api/Notifications/UnreadCount',
    expect: signedIn,
  },
  {
    method: 'PATCH',
    route: '/api/Notifications/:notificationId/Read',
    url: '/api/Notifications/999999999/Read',
    expect: { none: 401, default: 404 },
  },
  {
    method: 'PATCH',
    route: '/api/Notifications/ReadAll',
    url: '/api/Notifications/ReadAll',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Notifications/Settings',
    url: '/api/Notifications/Settings',
    expect: signedIn,
  },
  {
    method: 'PUT',
    route: '/api/Notifications/Settings',
    url: '/api/Notifications/Settings',
    body: { settings: [{ event: 'completed', isEmail: true }] },
    expect: signedIn,
  },
  { method: 'GET', route: '/api/SentMail', url: '/api/SentMail', expect: superAdminsOnly },
];
