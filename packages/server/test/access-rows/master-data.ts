import type { Row } from './types.ts';

/** Administrators and the auditor read the Database Manager. */
const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };

/** Writes naming an item that does not exist: admins and super admins reach the service and get 404. */
const missing = { none: 401, default: 403, admin: 404, superAdmin: 404 };
/** Types only super admins change: admins 403 (checked before the item is looked up on a save). */
const superOnlySave = { none: 401, default: 403, superAdmin: 200 };
const none = 99_999_999;

const write = (route: string, body: object, expect: Row['expect'] = missing): Row => ({
  method: route.startsWith('POST ') ? 'POST' : 'PUT',
  route: route.replace(/^(POST|PUT) /, ''),
  url: route.replace(/^(POST|PUT) /, ''),
  body,
  expect,
});

/** Access rows of the Database Manager. */
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
  write('POST /api/Catalogs/SaveRegion', { Description: 'Access Region' }, superOnlySave),
  write('POST /api/Catalogs/SavePlatformOwnerShip', { Description: 'Access Ownership' }, superOnlySave),
  write('POST /api/Catalogs/SaveMarket', { Description: 'M', Code: 'M', RegionId: none }),
  write('POST /api/Catalogs/SaveAgency', { Description: 'A', MarketId: none }),
  write('POST /api/Catalogs/SavePractice', { Description: 'P', AgencyId: none }),
  write('POST /api/Catalogs/SavePlatform', {
    Platform: { Description: 'P', PracticeId: none, AgencyId: none },
  }),
  write('POST /api/Catalogs/SaveClient', {
    Description: 'C',
    PlatformId: none,
    AgencyId: none,
    ClientCode: ['C1'],
  }),
  write('POST /api/Catalogs/SaveClientAccount', {
    AssetId: none,
    Description: 'A',
    AssetReference: 'a',
    ClientId: none,
  }),
  write('POST /api/Catalogs/SavePlatformAccess', {
    Description: 'T',
    PlatformId: none,
    BasicName: 'Standard',
    AssetId: none,
  }),
  write('PUT /api/Catalogs/Region', { regionId: none, description: 'R' }),
  write('PUT /api/Catalogs/PlatformOwnerShip', { platformOwnerShipId: none, description: 'O' }),
  write('PUT /api/Catalogs/Market', { marketId: none, description: 'M', code: 'M' }),
  write('PUT /api/Catalogs/Agency', { agencyId: none, description: 'A' }),
  write('PUT /api/Catalogs/Practice', { agencyPracticeId: none, description: 'P' }),
  write('PUT /api/Catalogs/Platform', { platformId: none, description: 'P' }),
  write('PUT /api/Catalogs/Client', { clientId: none, description: 'C', clientCode: [{ code: 'C1' }] }),
  write('PUT /api/Catalogs/ClientAccount', {
    clientAccountId: none,
    assetId: none,
    description: 'A',
    assetReference: 'a',
  }),
  write('PUT /api/Catalogs/PlatformUserType', {
    platformUserTypeId: none,
    description: 'T',
    basicName: 'S',
    assetId: none,
  }),
  write('PUT /api/Catalogs/MoveClientAccount', { ClientId: none, ClientAccountId: none }),
  write('PUT /api/Catalogs/MoveMultipleClientAccount', { ClientId: none, ClientAccountIds: `${none}` }),
  write('PUT /api/Catalogs/MoveClient', { AgencyId: none, ClientId: none }),
  write('PUT /api/Catalogs/MoveMultipleClient', { AgencyId: none, ClientIds: `${none}` }),
  ...(['Activate', 'Deactivate', 'DeleteMasterData'] as const).map((action): Row => ({
    method: 'PUT',
    route: `/api/Catalogs/${action}/`,
    url: `/api/Catalogs/${action}/?itemId=${none}&masterDataType=Agency`,
    expect: missing,
  })),
  {
    method: 'GET',
    route: '/api/Catalogs/ValidatePlatform',
    url: '/api/Catalogs/ValidatePlatform?description=Nothing%20Like%20It',
    expect: reads,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/GetRecordsByClientAssetId',
    url: `/api/Catalogs/GetRecordsByClientAssetId?ClientAccountId=${none}`,
    expect: reads,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/GetRecordsByClientAssets',
    url: `/api/Catalogs/GetRecordsByClientAssets?assetIds=${none}`,
    expect: reads,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/MasterDataLog/:masterDataType/:itemId',
    url: '/api/Catalogs/MasterDataLog/Region/1',
    expect: reads,
  },
];
