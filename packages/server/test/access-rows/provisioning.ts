import type { Row } from './types.ts';

/**
 * Access rows of the provisioning endpoints: provisioner level and above (provisioner,
 * admin, super admin; the auditor reads only). The write bodies name a request that does not
 * exist or break a validation rule, so the table leaves the database as it found it.
 */
const reads = { none: 401, default: 403, provisioner: 200, admin: 200, auditor: 200, superAdmin: 200 };
const missing = { none: 401, default: 403, provisioner: 404, admin: 404, superAdmin: 404, auditor: 403 };
const invalid = { none: 401, default: 403, provisioner: 400, admin: 400, superAdmin: 400, auditor: 403 };
const NONE = 99_999_999;

export const provisioningRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Request/RequestForProvisioners',
    url: '/api/Request/RequestForProvisioners?Archive=false&pageSize=5',
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Request/RequestForProvisioners',
    url: '/api/Request/RequestForProvisioners',
    body: { pageSize: 5 },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Request/RequestForProvisioners/Filters',
    url: '/api/Request/RequestForProvisioners/Filters',
    body: { column: 'platformName' },
    expect: reads,
  },
  {
    method: 'POST',
    route: '/api/Request/ApproveRejectForProvisioner',
    url: '/api/Request/ApproveRejectForProvisioner',
    body: { requestIds: [NONE], comments: 'Access granted in the platform.', isApproved: true },
    expect: missing,
  },
  {
    method: 'GET',
    route: '/api/Request/GetAllStandardComments/:type',
    url: '/api/Request/GetAllStandardComments/1',
    expect: reads,
  },
  {
    method: 'POST',
    route: '/api/Request/AddStandardComment',
    url: '/api/Request/AddStandardComment',
    // Blank: 'You have to input a comment to add.'
    body: { Comment: ' ', Type: 1 },
    expect: invalid,
  },
  {
    method: 'POST',
    route: '/api/Request/RemoveStandardComment',
    url: '/api/Request/RemoveStandardComment',
    body: { Id: NONE },
    expect: missing,
  },
  {
    method: 'POST',
    route: '/api/Request/ProvisionerCommentRequest',
    url: '/api/Request/ProvisionerCommentRequest',
    body: { Comments: 'Waiting for the client admin.', RequestId: NONE },
    expect: missing,
  },
  {
    method: 'GET',
    route: '/api/Request/ProvisionerComments/:requestId',
    // Sam's Google Ads record: routed to Pat, inside Ada's admin rows.
    url: '/api/Request/ProvisionerComments/333',
    expect: reads,
  },
  {
    method: 'POST',
    route: '/api/Request/ArchiveMultipleRequest/',
    url: '/api/Request/ArchiveMultipleRequest/',
    body: [NONE],
    expect: missing,
  },
];
