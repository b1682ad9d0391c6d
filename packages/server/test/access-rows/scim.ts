import type { Row } from './types.ts';

/** SCIM_TOKEN is unset here: every SCIM URL is off, the same 404 for everyone (scim.test.ts has the secret). */
const off = { none: 404, default: 404 };
const id = '00000000-0000-0000-0000-000000000000';
const user = { userName: 'someone@agency.example' };

/** Access rows of the SCIM 2.0 directory feed. */
export const scimRows: Row[] = [
  {
    method: 'GET',
    route: '/scim/v2/ServiceProviderConfig',
    url: '/scim/v2/ServiceProviderConfig',
    expect: off,
  },
  { method: 'GET', route: '/scim/v2/ResourceTypes', url: '/scim/v2/ResourceTypes', expect: off },
  { method: 'GET', route: '/scim/v2/ResourceTypes/:id', url: '/scim/v2/ResourceTypes/User', expect: off },
  { method: 'GET', route: '/scim/v2/Schemas', url: '/scim/v2/Schemas', expect: off },
  { method: 'GET', route: '/scim/v2/Schemas/:id', url: '/scim/v2/Schemas/x', expect: off },
  { method: 'GET', route: '/scim/v2/Users', url: '/scim/v2/Users', expect: off },
  { method: 'POST', route: '/scim/v2/Users', url: '/scim/v2/Users', body: user, expect: off },
  { method: 'GET', route: '/scim/v2/Users/:id', url: `/scim/v2/Users/${id}`, expect: off },
  { method: 'PUT', route: '/scim/v2/Users/:id', url: `/scim/v2/Users/${id}`, body: user, expect: off },
  {
    method: 'PATCH',
    route: '/scim/v2/Users/:id',
    url: `/scim/v2/Users/${id}`,
    body: { Operations: [{ op: 'replace', value: { active: false } }] },
    expect: off,
  },
  { method: 'DELETE', route: '/scim/v2/Users/:id', url: `/scim/v2/Users/${id}`, expect: off },
];

/** The CSV import: a call without a file reaches the route and is refused (422). */
export const directoryImportRows: Row[] = [
  {
    method: 'POST',
    route: '/api/Directory/Import',
    url: '/api/Directory/Import',
    expect: { none: 401, default: 403, admin: 422, superAdmin: 422 },
  },
];

/**
 * Background jobs. Last in the table: the role validation really runs, and it may
 * change the roles of seeded people whose rows no longer give them one.
 */
export const jobRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Jobs',
    url: '/api/Jobs',
    expect: { none: 401, default: 403, superAdmin: 200 },
  },
  {
    method: 'POST',
    route: '/api/Jobs/:name/run',
    url: '/api/Jobs/no-such-job/run',
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/User/ApproverToStandardUsers/',
    url: '/api/User/ApproverToStandardUsers/',
    expect: { none: 401, default: 403, admin: 200, superAdmin: 200 },
  },
];
