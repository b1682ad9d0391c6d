import type { Row } from './types.ts';

/** Admin writes: no other role, the read-only auditor 403; unknown ids are 404 for admins. */
const adminWrite = (adminStatus: number, superStatus = adminStatus) => ({
  none: 401,
  default: 403,
  admin: adminStatus,
  superAdmin: superStatus,
});
const missing = 99_999_999;

/** Access rows of the approver/provisioner assignment writes. */
export const assignmentWriteRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Approvers/Assignments/Export',
    url: '/api/Approvers/Assignments/Export',
    body: { pageSize: 5 },
    expect: { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 },
  },
  {
    method: 'POST',
    route: '/api/Approvers',
    url: '/api/Approvers',
    body: {
      regionId: missing,
      marketId: missing,
      agencyId: missing,
      practiceId: missing,
      platformId: missing,
      userId: missing,
    },
    // Outside Ada's admin rows: 404; the super admin reaches the path check: 422.
    expect: adminWrite(404, 422),
  },
  {
    method: 'PUT',
    route: '/api/Approvers',
    url: '/api/Approvers',
    body: {
      approverId: missing,
      regionId: missing,
      marketId: missing,
      agencyId: missing,
      practiceId: missing,
      platformId: missing,
      userId: missing,
    },
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/SavePreview',
    url: '/api/Approvers/SavePreview',
    body: {
      regionId: missing,
      marketId: missing,
      agencyId: missing,
      practiceId: missing,
      platformId: missing,
      userId: missing,
    },
    // The save's own checks: outside Ada's admin rows 404; the super admin reaches the path check.
    expect: adminWrite(404, 422),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Approver/ActiveDeactive',
    url: '/api/Approvers/Approver/ActiveDeactive',
    body: { ids: [missing], isDeleted: true },
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Approver/ActiveDeactive/:id/:flag',
    url: `/api/Approvers/Approver/ActiveDeactive/${missing}/true`,
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Approver/DeleteBulkAssignment',
    url: '/api/Approvers/Approver/DeleteBulkAssignment',
    body: { ids: [missing], isDeleted: true },
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Approver/DeleteAssignment/:id',
    url: `/api/Approvers/Approver/DeleteAssignment/${missing}`,
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/ReassignApprover',
    url: '/api/Approvers/ReassignApprover',
    body: { ApproverIds: [missing], SecondaryApproverUpdated: true, SecondaryApproverId: null },
    expect: adminWrite(404),
  },
];
