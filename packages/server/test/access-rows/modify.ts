import type { Row } from './types.ts';

/**
 * Access rows of the modify endpoints. Request 333 is Sam's active, unlimited Google
 * Ads record of the demo seed (role 8, a pending Change request 1001); 492 his expired TikTok
 * record. The write bodies are valid but break a business rule for anyone who may see the
 * record (422, nothing written), so the table leaves the database as it found it:
 * - Sam (creator and subject), Pat (the Google Ads path is routed to him as provisioner), Ada
 *   (Northwind lies inside her admin rows) and the super admin (unscoped) reach the rule: 422;
 * - Alex and Mia (approver roles modify their own records only): 404;
 * - the auditor: 403 on every write, 200 on the detail read; no token: 401.
 */
const inScope = {
  none: 401,
  default: 404,
  standard: 422,
  provisioner: 422,
  admin: 422,
  superAdmin: 422,
  auditor: 403,
};
const sam = 'sam.standard@agency.example';
const comments = 'Needs the change for the new campaign';

export const modifyRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Request/RequestDetail/:requestId/:flag',
    url: '/api/Request/RequestDetail/333/1',
    expect: {
      none: 401,
      default: 404,
      standard: 200,
      provisioner: 200,
      admin: 200,
      superAdmin: 200,
      auditor: 200,
    },
  },
  {
    method: 'PATCH',
    route: '/api/Request/UpdateRequest',
    url: '/api/Request/UpdateRequest',
    // Same role as the record's: 'You can not select the same user role…'.
    body: { requestId: 333, ModificationType: 'UserRole', platformUserTypeId: 8, comments },
    expect: inScope,
  },
  {
    method: 'PATCH',
    route: '/api/Request/UpdateExpiredRequest',
    url: '/api/Request/UpdateExpiredRequest',
    // 333 is unlimited, not expired.
    body: { requestId: 333, BeginningDate: '2099-01-01', ExpirationDate: '2099-06-01' },
    expect: inScope,
  },
  {
    method: 'PATCH',
    route: '/api/Request/UpdateMultipleRequest',
    url: '/api/Request/UpdateMultipleRequest',
    // 492 is expired: the selection may not change role together.
    body: { Requests: [333, 492], platformUserTypeId: 6, comments },
    expect: inScope,
  },
  {
    method: 'POST',
    route: '/api/Request/ActiveDeactiveRequest',
    url: '/api/Request/ActiveDeactiveRequest',
    // 333 is active: it cannot be activated.
    body: { isActive: true, requests: [333], comment: comments },
    expect: inScope,
  },
  {
    method: 'POST',
    route: '/api/Request/CheckMergedProfile/',
    url: '/api/Request/CheckMergedProfile/',
    body: [7],
    expect: { none: 401, default: 200, auditor: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/Request/ReassignRequest',
    url: '/api/Request/ReassignRequest',
    // Reassigning to the record's own user: 'You can't select the same user…'.
    body: { requestId: 333, ReassignedPrimaryEmail: sam, comments },
    expect: inScope,
  },
];
