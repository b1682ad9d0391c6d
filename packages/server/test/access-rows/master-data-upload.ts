import type { Row } from './types.ts';
import { admins } from './types.ts';

/** Access rows of the master data spreadsheet upload. */
export const masterDataUploadRows: Row[] = [
  {
    // Not a multipart body: administrators reach the handler and get 400; the auditor may not upload.
    method: 'POST',
    route: '/api/MasterDataRequest/UploadMasterData',
    url: '/api/MasterDataRequest/UploadMasterData',
    body: {},
    expect: { none: 401, default: 403, admin: 400, superAdmin: 400 },
  },
  {
    method: 'GET',
    route: '/api/MasterDataRequest/UploadMasterData/Template',
    url: '/api/MasterDataRequest/UploadMasterData/Template',
    expect: admins,
  },
];
