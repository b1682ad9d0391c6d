import type { Row } from './types.ts';

const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
/** The campaign named does not exist: administrators and super administrators get 404. */
const missing = { none: 401, default: 403, admin: 404, superAdmin: 404 };
const campaign = {
  name: 'Access rows campaign',
  dueDate: '2999-12-31',
  scope: { regionIds: [99_999_999] },
};

/** Access rows of access reviews (issue 46). */
export const accessReviewRows: Row[] = [
  { method: 'PUT', route: '/api/AccessReviews', url: '/api/AccessReviews', body: {}, expect: reads },
  {
    method: 'PUT',
    route: '/api/AccessReviews/Filters',
    url: '/api/AccessReviews/Filters',
    body: { column: 'statusName' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/Export',
    url: '/api/AccessReviews/Export',
    body: {},
    expect: reads,
  },
  {
    method: 'POST',
    route: '/api/AccessReviews',
    url: '/api/AccessReviews',
    body: campaign,
    // The region is nobody's admin row: outside the administrator's rows; any scope for a super admin.
    expect: { none: 401, default: 403, superAdmin: 200 },
  },
  {
    method: 'GET',
    route: '/api/AccessReviews/:id',
    url: '/api/AccessReviews/99999999',
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id',
    url: '/api/AccessReviews/99999999',
    body: campaign,
    expect: missing,
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id/Start',
    url: '/api/AccessReviews/99999999/Start',
    expect: missing,
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id/Cancel',
    url: '/api/AccessReviews/99999999/Cancel',
    expect: missing,
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id/Close',
    url: '/api/AccessReviews/99999999/Close',
    expect: missing,
  },
  {
    method: 'GET',
    route: '/api/AccessReviews/:id/Evidence',
    url: '/api/AccessReviews/99999999/Evidence',
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'GET',
    route: '/api/AccessReviews/:id/Evidence/Pdf',
    url: '/api/AccessReviews/99999999/Evidence/Pdf',
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/MyItems',
    url: '/api/AccessReviews/MyItems',
    body: {},
    expect: { none: 401, default: 200 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/MyItems/Filters',
    url: '/api/AccessReviews/MyItems/Filters',
    body: { column: 'platformDescription' },
    expect: { none: 401, default: 200 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/MyItems/Export',
    url: '/api/AccessReviews/MyItems/Export',
    body: {},
    expect: { none: 401, default: 200, standard: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/AccessReviews/Items',
    url: '/api/AccessReviews/Items',
    body: { itemIds: [99_999_999], decision: 'keep' },
    // The item does not exist: everyone who may decide reaches the service and gets 404.
    expect: { none: 401, default: 404, auditor: 403 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id/Reviewers',
    url: '/api/AccessReviews/99999999/Reviewers',
    body: {},
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/AccessReviews/:id/Reviewers/Filters',
    url: '/api/AccessReviews/99999999/Reviewers/Filters',
    body: { column: 'reviewerName' },
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
];
