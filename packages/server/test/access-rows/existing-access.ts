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
