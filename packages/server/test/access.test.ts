import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  anyone,
  signedIn,
  admins,
  superAdminsOnly,
  writeForAll,
  type Caller,
  type Row,
} from './access-rows/types.ts';
import { recordRows } from './access-rows/records.ts';
import { createRows } from './access-rows/create.ts';
import { modifyRows } from './access-rows/modify.ts';
import { approvalRows } from './access-rows/approvals.ts';
import { provisioningRows } from './access-rows/provisioning.ts';
import { trackerRows } from './access-rows/tracker.ts';
import { accessBundleRows, existingAccessRows, sameAccessRows } from './access-rows/existing-access.ts';
import { assignmentWriteRows } from './access-rows/assignment-writes.ts';
import { masterApproverRows } from './access-rows/master-approvers.ts';
import { approverStatusRows } from './access-rows/approver-status.ts';
import { leaverRows } from './access-rows/leavers.ts';
import { masterDataRows } from './access-rows/master-data.ts';
import { masterDataRequestRows } from './access-rows/master-data-requests.ts';
import { approvalPathRows } from './access-rows/approval-paths.ts';
import { directoryImportRows, jobRows, scimRows } from './access-rows/scim.ts';
import { auditRows } from './access-rows/audit.ts';
import { bulkRows } from './access-rows/bulk.ts';
import { administratorRows } from './access-rows/administrators.ts';
import { profileRows } from './access-rows/profiles.ts';
import { userPopupRows } from './access-rows/user-popup.ts';
import { mergeJobRows, mergeRows } from './access-rows/merges.ts';
import { reportRows } from './access-rows/reports.ts';
import { scorecardRows } from './access-rows/scorecards.ts';
import { masterDataUploadRows } from './access-rows/master-data-upload.ts';
// Notifications
import { notificationRows } from './access-rows/notifications.ts';
// Access reviews
import { accessReviewRows } from './access-rows/access-reviews.ts';
import { mailDecisionRows } from './access-rows/mail-decisions.ts';

const callers: Caller[] = [
  'none',
  'standard',
  'approver',
  'master',
  'provisioner',
  'admin',
  'auditor',
  'superAdmin',
];

/**
 * The (endpoint, role) → status table of every endpoint. Each new endpoint adds its row here;
 * a test below fails when a registered API route has no row.
 */
const table: Row[] = [
  { method: 'GET', route: '/api/health', url: '/api/health', expect: anyone },
  { method: 'GET', route: '/api/health/live', url: '/api/health/live', expect: anyone },
  { method: 'GET', route: '/api/health/ready', url: '/api/health/ready', expect: anyone },
  { method: 'GET', route: '/api/config', url: '/api/config', expect: anyone },
  // Not a user route: METRICS_TOKEN unset here, so 404 for everyone (metrics.test.ts has the token).
  { method: 'GET', route: '/metrics', url: '/metrics', expect: { none: 404, default: 404 } },
  { method: 'POST', route: '/api/User/ValidateNewUser', url: '/api/User/ValidateNewUser', expect: signedIn },
  { method: 'GET', route: '/api/User/GetAdminRegion', url: '/api/User/GetAdminRegion', expect: admins },
  {
    method: 'GET',
    route: '/api/User/GetSuperAdmins',
    url: '/api/User/GetSuperAdmins',
    expect: superAdminsOnly,
  },
  { method: 'GET', route: '/api/Request/TaskCounts', url: '/api/Request/TaskCounts', expect: signedIn },
  {
    method: 'POST',
    route: '/api/MasterDataRequest',
    url: '/api/MasterDataRequest',
    body: { MasterDataType: 'Client - Client Code', Comments: 'Please add the client Contoso Juice' },
    expect: writeForAll,
  },
  { method: 'GET', route: '/api/MasterDataRequest', url: '/api/MasterDataRequest', expect: signedIn },
  {
    method: 'GET',
    route: '/api/Catalogs/AllRegions/:forRequests/:adminScoped',
    url: '/api/Catalogs/AllRegions/0/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllMarkets/:regionId/:forRequests/:adminScoped',
    url: '/api/Catalogs/AllMarkets/0/0/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllAgencies/:marketId/:forRequests',
    url: '/api/Catalogs/AllAgencies/0/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllPractices/:agencyId/:forRequests',
    url: '/api/Catalogs/AllPractices/1/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllPlatforms/:agencyId/:practiceId/:withAssets',
    url: '/api/Catalogs/AllPlatforms/1/1/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllClients/:platformId/:agencyId/:withCodes',
    url: '/api/Catalogs/AllClients/0/0/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllPlatformAgencys/:platformId/:marketId/:practiceId',
    url: '/api/Catalogs/AllPlatformAgencys/1/0/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/PlatformOwnerShip',
    url: '/api/Catalogs/PlatformOwnerShip',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/ClientCodes/:clientId',
    url: '/api/Catalogs/ClientCodes/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllClientAccounts/:clientId/:assetId',
    url: '/api/Catalogs/AllClientAccounts/1/0',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AllAccountAccess/:assetId',
    url: '/api/Catalogs/AllAccountAccess/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/Platform/:platformId',
    url: '/api/Catalogs/Platform/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/Platform/:platformId/:clientId',
    url: '/api/Catalogs/Platform/1/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/GetAgencyClients/:platform/:agency',
    url: '/api/Catalogs/GetAgencyClients/1/1',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/Catalogs/AgencyPlatforms',
    url: '/api/Catalogs/AgencyPlatforms',
    expect: signedIn,
  },
  ...recordRows,
  ...createRows,
  ...modifyRows,
  ...approvalRows,
  ...provisioningRows,
  ...trackerRows,
  ...existingAccessRows,
  ...assignmentWriteRows,
  ...masterApproverRows,
  ...approverStatusRows,
  ...leaverRows,
  ...masterDataRows,
  ...masterDataRequestRows,
  ...approvalPathRows,
  ...scimRows,
  ...directoryImportRows,
  ...jobRows,
  ...auditRows,
  ...bulkRows,
  ...administratorRows,
  ...profileRows,
  ...userPopupRows,
  ...mergeRows,
  ...mergeJobRows,
  ...reportRows,
  ...scorecardRows,
  ...masterDataUploadRows,
  // Notifications
  ...notificationRows,
  ...accessReviewRows,
  ...mailDecisionRows,
  ...sameAccessRows,
  ...accessBundleRows,
];

let ctx: TestContext;
const tokens = new Map<Caller, string>();
beforeAll(async () => {
  ctx = await createTestContext();
  for (const caller of callers) {
    if (caller !== 'none') {
      tokens.set(caller, await ctx.tokenFor(demo[caller]));
    }
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('access declarations', () => {
  it('every registered route declares who may call it', () => {
    const undeclared = ctx.app.registeredRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route has a row in the (endpoint, role) table', () => {
    const inTable = new Set(table.map((r) => `${r.method} ${r.route}`));
    const missing = ctx.app.registeredRoutes
      .filter(
        (r) => /^\/(api|metrics|scim)/.test(r.url) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !inTable.has(key));
    expect(missing).toEqual([]);
  });
});

describe.each(table)('$method $url', (row) => {
  it.each(callers)('answers %s as the table says', async (caller) => {
    const token = tokens.get(caller);
    const res = await ctx.app.inject({
      method: row.method,
      url: row.url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(row.body === undefined ? {} : { payload: row.body as object }),
    });
    const expected = row.expect[caller] ?? row.expect.default;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
    if (expected === 403 && caller === 'auditor' && row.method !== 'GET') {
      expect(res.json().message).toBe(messages.auditorsReadOnly);
    }
    if (expected >= 400 && row.url.startsWith('/api')) {
      expect(res.json()).toMatchObject({ succeeded: false });
    }
  });
});
