import type { Row } from './types.ts';
import { admins } from './types.ts';

/** Not a multipart body: administrators reach the handler and get 400; the auditor may not upload. */
const uploads = { none: 401, default: 403, admin: 400, superAdmin: 400 };
/** The upload named does not exist: readers reach the service and get 404. */
const missing = { none: 401, default: 403, admin: 404, auditor: 404, superAdmin: 404 };

/** Access rows of Bulk Upload. */
export const bulkRows: Row[] = [
  ...['UploadFile', 'UploadApprover', 'UploadMasterApprover'].map((name): Row => ({
    method: 'POST',
    route: `/api/BulkData/${name}`,
    url: `/api/BulkData/${name}`,
    body: {},
    expect: uploads,
  })),
  ...['BulkDataRecords', 'BulkDataApprover', 'BulkDataMasterApprover'].map((name): Row => ({
    method: 'GET',
    route: `/api/Request/${name}`,
    url: `/api/Request/${name}?code=NONE`,
    expect: admins,
  })),
  { method: 'GET', route: '/api/BulkData/Status/:code', url: '/api/BulkData/Status/NONE', expect: missing },
  { method: 'GET', route: '/api/BulkData/Refused/:code', url: '/api/BulkData/Refused/NONE', expect: missing },
  {
    method: 'GET',
    route: '/api/BulkData/Template/:type',
    url: '/api/BulkData/Template/UserRecords',
    expect: admins,
  },
];
