import type { Row } from './types.ts';

/** Everyone who may request for someone may check that person's existing access; the auditor reads too. */
const signedInRead = { none: 401, default: 200 };

/** Access rows of the wizard's existing-access check. */
export const existingAccessRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Request/ExistingAccess',
    url: '/api/Request/ExistingAccess',
    body: { userId: 1 },
    expect: signedInRead,
  },
  {
    method: 'PUT',
    route: '/api/Request/ExistingAccess/Filters',
    url: '/api/Request/ExistingAccess/Filters',
    body: { userId: 1, column: 'platformName' },
    expect: signedInRead,
  },
];

/** "Same access as a colleague": the colleague's records are read like existing access; copying is a request. */
export const sameAccessRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Request/ColleagueAccess',
    url: '/api/Request/ColleagueAccess',
    body: { userId: 1 },
    expect: signedInRead,
  },
  {
    method: 'PUT',
    route: '/api/Request/ColleagueAccess/Filters',
    url: '/api/Request/ColleagueAccess/Filters',
    body: { userId: 1, column: 'platformName' },
    expect: signedInRead,
  },
  // No record ticked: 400 for everyone who may request, the auditor refused first.
  {
    method: 'POST',
    route: '/api/Request/SameAccessAs/Preview',
    url: '/api/Request/SameAccessAs/Preview',
    body: { UserId: 1, Email: 'sam.standard@agency.example', ColleagueId: 2, RecordIds: [] },
    expect: { none: 401, auditor: 403, default: 400 },
  },
  {
    method: 'POST',
    route: '/api/Request/SameAccessAs',
    url: '/api/Request/SameAccessAs',
    body: {
      UserId: 1,
      Email: 'sam.standard@agency.example',
      ColleagueId: 2,
      RecordIds: [],
      Comments: 'Needed',
    },
    expect: { none: 401, auditor: 403, default: 400 },
  },
];

const adminReadRow = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
/** A write with an empty body: 400 for the administrators, the auditor refused first. */
const adminWriteRefused = { none: 401, default: 403, admin: 400, auditor: 403, superAdmin: 400 };

/** Access Bundles: administrators keep them; any requestor reads a place's and requests one. */
export const accessBundleRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/AccessBundles/List',
    url: '/api/AccessBundles/List',
    body: {},
    expect: adminReadRow,
  },
  {
    method: 'PUT',
    route: '/api/AccessBundles/List/Filters',
    url: '/api/AccessBundles/List/Filters',
    body: { column: 'regionName' },
    expect: adminReadRow,
  },
  {
    method: 'PUT',
    route: '/api/AccessBundles/List/Export',
    url: '/api/AccessBundles/List/Export',
    body: {},
    expect: adminReadRow,
  },
  {
    method: 'GET',
    route: '/api/AccessBundles/Fitting',
    url: '/api/AccessBundles/Fitting?regionId=1&marketId=1&agencyId=1',
    expect: signedInRead,
  },
  {
    method: 'GET',
    route: '/api/AccessBundles/:bundleId',
    url: '/api/AccessBundles/999999',
    expect: { none: 401, default: 404 },
  },
  {
    method: 'POST',
    route: '/api/AccessBundles',
    url: '/api/AccessBundles',
    body: {},
    expect: adminWriteRefused,
  },
  {
    method: 'PUT',
    route: '/api/AccessBundles/:bundleId',
    url: '/api/AccessBundles/999999',
    body: {},
    expect: adminWriteRefused,
  },
  {
    method: 'PUT',
    route: '/api/AccessBundles/:bundleId/Active',
    url: '/api/AccessBundles/999999/Active',
    body: {},
    expect: adminWriteRefused,
  },
  {
    method: 'POST',
    route: '/api/Request/Bundle/Preview',
    url: '/api/Request/Bundle/Preview',
    body: {},
    expect: { none: 401, auditor: 403, default: 400 },
  },
  {
    method: 'POST',
    route: '/api/Request/Bundle',
    url: '/api/Request/Bundle',
    body: {},
    expect: { none: 401, auditor: 403, default: 400 },
  },
];
