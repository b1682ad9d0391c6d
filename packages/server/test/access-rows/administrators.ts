import { admins, type Row } from './types.ts';

/** The super admin table: super admins and, as every table, the auditor. */
const superReads = { none: 401, default: 403, auditor: 200, superAdmin: 200 };

const NONE = 99_999_999;
/** The row named does not exist: admins and super admins reach the service and get 404. */
const adminWrites = { none: 401, default: 403, admin: 404, superAdmin: 404 };
const superWrites = { none: 401, default: 403, superAdmin: 404 };

/** Access rows of Administrators and Super Administrators. */
export const administratorRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/User/GetAdminRegion',
    url: '/api/User/GetAdminRegion',
    body: {},
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/User/GetAdminRegion/Filters',
    url: '/api/User/GetAdminRegion/Filters',
    body: { column: 'marketName' },
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/User/AssignAdminRegion',
    url: '/api/User/AssignAdminRegion',
    body: { userId: NONE, regionId: NONE, marketId: NONE },
    // An admin holds no such market (404); a super admin reaches the region/market check.
    expect: { ...adminWrites, superAdmin: 422 },
  },
  {
    method: 'PUT',
    route: '/api/User/UpdateAdminRegion',
    url: '/api/User/UpdateAdminRegion',
    body: { adminRegionId: NONE, userId: NONE, regionId: NONE, marketId: NONE },
    expect: adminWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/DeleteAdmin',
    url: '/api/User/DeleteAdmin',
    body: { adminRegionId: NONE },
    expect: adminWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/ActivateDeactivateAdmin',
    url: '/api/User/ActivateDeactivateAdmin',
    body: { adminRegionId: NONE, isDeleted: true },
    expect: adminWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/GetSuperAdmins',
    url: '/api/User/GetSuperAdmins',
    body: {},
    expect: superReads,
  },
  {
    method: 'PUT',
    route: '/api/User/GetSuperAdmins/Filters',
    url: '/api/User/GetSuperAdmins/Filters',
    body: { column: 'status' },
    expect: superReads,
  },
  {
    method: 'POST',
    route: '/api/User/AssignSuperAdmin',
    url: '/api/User/AssignSuperAdmin',
    body: { userId: NONE },
    expect: superWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/UpdateSuperAdmin',
    url: '/api/User/UpdateSuperAdmin',
    body: { adminId: NONE, userId: NONE },
    expect: superWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/DeleteSuperAdmin',
    url: '/api/User/DeleteSuperAdmin',
    body: { adminId: NONE },
    expect: superWrites,
  },
  {
    method: 'PUT',
    route: '/api/User/ActivateDeactivateSuperAdmin',
    url: '/api/User/ActivateDeactivateSuperAdmin',
    body: { adminId: NONE, isDeleted: true },
    expect: superWrites,
  },
];
