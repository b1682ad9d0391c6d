import {
  adminRegionPage,
  superAdminPage,
  type AdminRegionPage,
  type AdminRegionTableRow,
  type SuperAdminPage,
  type SuperAdminTableRow,
} from '../schemas/administrators.ts';
import { columnsOf, declareTable } from './declare.ts';
import { placeColumns } from './line-headers.ts';

const a = columnsOf<AdminRegionTableRow>();

/** Administrators (spec 3 §2.3): the admin rows of the caller's (region, market) scope. */
export const adminRegionsTable = declareTable<AdminRegionTableRow, AdminRegionPage>({
  path: '/api/User/GetAdminRegion',
  title: 'Administrators',
  list: adminRegionPage,
  listKey: 'records',
  rowId: (r) => r.adminRegionId,
  hasExport: false,
  columns: [
    ...placeColumns<AdminRegionTableRow>(2),
    a.field('name', 'Name'),
    a.field('email', 'Email'),
    a.field('status', 'Status'),
    a.number('adminRegionId', 'Id', (r) => r.adminRegionId, { isOnScreen: false }),
  ],
});

const s = columnsOf<SuperAdminTableRow>();

/** Super Administrators (spec 3 §2.3). */
export const superAdminsTable = declareTable<SuperAdminTableRow, SuperAdminPage>({
  path: '/api/User/GetSuperAdmins',
  title: 'Super Administrators',
  list: superAdminPage,
  listKey: 'records',
  rowId: (r) => r.adminId,
  hasExport: false,
  columns: [
    s.field('name', 'Name'),
    s.field('email', 'Email'),
    s.field('status', 'Status'),
    s.number('adminId', 'Id', (r) => r.adminId, { isOnScreen: false }),
  ],
});
