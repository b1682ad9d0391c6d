import type { Row } from './types.ts';

/** Administrators and the auditor read the Database Manager. */
const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };

/** Access rows of the Database Manager (issue 9 §1). */
export const masterDataRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Catalogs/MasterDataTable',
    url: '/api/Catalogs/MasterDataTable',
    body: { masterDataType: 'Region' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Catalogs/MasterDataTable/Filters',
    url: '/api/Catalogs/MasterDataTable/Filters',
    body: { masterDataType: 'Market', column: 'regionName' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Catalogs/MasterDataTable/Export',
    url: '/api/Catalogs/MasterDataTable/Export',
    body: { masterDataType: 'Agency' },
    expect: reads,
  },
];
