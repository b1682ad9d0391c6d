import type { Row } from './types.ts';

/** A token of the right shape whose HMAC is wrong: every caller who gets past access sees 404. */
const forged = `1.${'A'.repeat(43)}`;
/** After a sign-in: anyone but the read-only auditor. */
const deciders = { none: 401, default: 404, auditor: 403 };

/** Deciding from the mail: the link's own routes are public; their signed-in twins are not. */
export const mailDecisionRows: Row[] = [
  {
    method: 'GET',
    route: '/api/MailDecisions/:token',
    url: `/api/MailDecisions/${forged}`,
    expect: { none: 404, default: 404 },
  },
  {
    method: 'POST',
    route: '/api/MailDecisions/:token',
    url: `/api/MailDecisions/${forged}`,
    body: { comments: 'Approved from the mail' },
    expect: { none: 404, default: 404 },
  },
  {
    method: 'GET',
    route: '/api/MailDecisions/:token/SignedIn',
    url: `/api/MailDecisions/${forged}/SignedIn`,
    expect: deciders,
  },
  {
    method: 'POST',
    route: '/api/MailDecisions/:token/SignedIn',
    url: `/api/MailDecisions/${forged}/SignedIn`,
    body: { comments: 'Approved from the mail' },
    expect: deciders,
  },
];
