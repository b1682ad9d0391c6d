import type { Row } from './types.ts';

/** Administrators and super administrators read every card; Mia (master approver of Social) Meta and TikTok. */
const socialCard = { none: 401, default: 403, admin: 200, superAdmin: 200, master: 200 };
const searchCard = { none: 401, default: 403, admin: 200, superAdmin: 200 };

/** Access rows of the Agency Platform Scorecards. */
export const scorecardRows: Row[] = [
  { method: 'GET', route: '/api/Scorecards', url: '/api/Scorecards', expect: socialCard },
  { method: 'GET', route: '/api/Scorecards/:card', url: '/api/Scorecards/Meta', expect: socialCard },
  { method: 'GET', route: '/api/Scorecards/:card', url: '/api/Scorecards/GoogleAds', expect: searchCard },
  {
    method: 'GET',
    route: '/api/Scorecards/:card/Export',
    url: '/api/Scorecards/TikTok/Export',
    expect: socialCard,
  },
];
