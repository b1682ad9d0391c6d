import type { Row } from './types.ts';

const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
/** The profile named does not exist: admins, super admins (and for reads the auditor) get 404. */
const missingReads = { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 };
const missingWrites = { none: 401, default: 403, admin: 404, auditor: 403, superAdmin: 404 };

/** Access rows of All User Profiles. */
export const profileRows: Row[] = [
  { method: 'PUT', route: '/api/User/GetAllUsers', url: '/api/User/GetAllUsers', body: {}, expect: reads },
  {
    method: 'PUT',
    route: '/api/User/GetAllUsers/Export',
    url: '/api/User/GetAllUsers/Export',
    body: { searchCriteria: 'ada' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/User/GetAllUsers/Filters',
    url: '/api/User/GetAllUsers/Filters',
    body: { column: 'userType' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/User/ProfileFilters',
    url: '/api/User/ProfileFilters',
    body: { column: 'userType' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/User/ProfileFilters/',
    url: '/api/User/ProfileFilters/',
    body: { column: 'userType' },
    expect: reads,
  },
  {
    method: 'GET',
    route: '/api/User/SyncUserData/:userId',
    url: '/api/User/SyncUserData/99999999',
    expect: missingReads,
  },
  {
    method: 'POST',
    route: '/api/User/SyncUserData',
    url: '/api/User/SyncUserData',
    body: { userId: 99_999_999, isTitle: true },
    expect: missingWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/DeactivateAdditionalEmail',
    url: '/api/User/DeactivateAdditionalEmail',
    body: { userId: 99_999_999, email: 'nobody@agency.example' },
    expect: missingWrites,
  },
  {
    method: 'GET',
    route: '/api/User/deleteUser/:userId',
    url: '/api/User/deleteUser/99999999',
    expect: missingWrites,
  },
  {
    method: 'GET',
    route: '/api/User/UserLogs/:userId',
    url: '/api/User/UserLogs/99999999',
    expect: missingReads,
  },
  {
    method: 'GET',
    route: '/api/User/ParentGUIDLogs/:parentGuid',
    url: '/api/User/ParentGUIDLogs/no-such-parent-guid',
    expect: missingReads,
  },
  {
    method: 'GET',
    route: '/api/User/LogUserAditionalEmail/:userId',
    url: '/api/User/LogUserAditionalEmail/99999999',
    expect: missingReads,
  },
  {
    method: 'PUT',
    route: '/api/User/UserLogs/:userId',
    url: '/api/User/UserLogs/99999999',
    body: { page: 1, pageSize: 10 },
    expect: missingReads,
  },
  {
    method: 'PUT',
    route: '/api/User/ParentGUIDLogs/:parentGuid',
    url: '/api/User/ParentGUIDLogs/no-such-parent-guid',
    body: { page: 1, pageSize: 10 },
    expect: missingReads,
  },
  {
    method: 'PUT',
    route: '/api/User/LogUserAditionalEmail/:userId',
    url: '/api/User/LogUserAditionalEmail/99999999',
    body: { page: 1, pageSize: 10 },
    expect: missingReads,
  },
];
