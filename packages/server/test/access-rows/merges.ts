import type { Row } from './types.ts';

/** Profile merges, Profile Matcher and Status of Users (issue 10 §2–§3). Bodies name no profile: 404/422 past the guard. */
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
];
