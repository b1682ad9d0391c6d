import { admins, type Row } from './types.ts';

/** Profile merges, Profile Matcher and Status of Users. Bodies name no profile: 404/422 past the guard. */
export const mergeRows: Row[] = [
  {
    method: 'POST',
    route: '/api/User/MergeProfile',
    url: '/api/User/MergeProfile',
    body: { userId: 999_999, mergedUserId: 999_998 },
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
  {
    method: 'POST',
    route: '/api/User/UnMergedSelectedUsers',
    url: '/api/User/UnMergedSelectedUsers',
    body: { userIds: [999_999] },
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/User/userDetailsList/:userId',
    url: '/api/User/userDetailsList/0',
    expect: { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/User/userDetailsList/:userId',
    url: '/api/User/userDetailsList/0',
    body: { page: 1, pageSize: 10 },
    expect: { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/User/userDetailsList/:userId/Filters',
    url: '/api/User/userDetailsList/0/Filters',
    body: { column: 'organization' },
    expect: { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/User/ProfileMatcherRunningStatus/:id',
    url: '/api/User/ProfileMatcherRunningStatus/999999',
    expect: { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/User/ProfileMatcherProposals',
    url: '/api/User/ProfileMatcherProposals',
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/User/ProfileMatcherProposals/:id/Accept',
    url: '/api/User/ProfileMatcherProposals/999999/Accept',
    expect: { none: 401, default: 403, admin: 422, superAdmin: 422 },
  },
  {
    method: 'POST',
    route: '/api/User/ProfileMatcherProposals/:id/Dismiss',
    url: '/api/User/ProfileMatcherProposals/999999/Dismiss',
    expect: { none: 401, default: 403, admin: 422, superAdmin: 422 },
  },
  { method: 'GET', route: '/api/User/UserStatusReport', url: '/api/User/UserStatusReport', expect: admins },
  {
    method: 'PUT',
    route: '/api/User/UserStatusReport',
    url: '/api/User/UserStatusReport',
    body: { page: 1, pageSize: 10 },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/User/UserStatusReport/Filters',
    url: '/api/User/UserStatusReport/Filters',
    body: { column: 'role' },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/User/User/AcknowledgeUser/:id/:flag',
    url: '/api/User/User/AcknowledgeUser/999999/true',
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/User/AcknowledgeUser',
    url: '/api/User/AcknowledgeUser',
    body: { Ids: [999999], IsDeleted: true },
    expect: { none: 401, default: 403, admin: 404, superAdmin: 404 },
  },
];

/** The jobs these start really run (they only propose and report, never change a profile). */
export const mergeJobRows: Row[] = [
  {
    method: 'GET',
    route: '/api/User/ProfileMatcher/',
    url: '/api/User/ProfileMatcher/',
    expect: { none: 401, default: 403, admin: 200, superAdmin: 200 },
  },
  {
    method: 'GET',
    route: '/api/User/UserStatusReport/Run',
    url: '/api/User/UserStatusReport/Run',
    expect: { none: 401, default: 403, admin: 200, superAdmin: 200 },
  },
];
