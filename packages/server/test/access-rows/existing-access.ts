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
