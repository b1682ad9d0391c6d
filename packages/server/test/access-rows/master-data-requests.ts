import type { Row } from './types.ts';

const nobody = 99_999_999;

/** Access rows of the administrator's side of master data requests. */
export const masterDataRequestRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/MasterDataRequest/:id/Done',
    url: `/api/MasterDataRequest/${nobody}/Done`,
    body: { itemId: null },
    // No such request: admins reach the service (404); the auditor only reads.
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/MasterDataRequest/ItemOptions',
    url: '/api/MasterDataRequest/ItemOptions?type=Region',
    expect: { none: 401, default: 403, admin: 200, superAdmin: 200 },
  },
];
