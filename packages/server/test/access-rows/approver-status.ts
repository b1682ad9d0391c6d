import type { Row } from './types.ts';

const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
/** Nobody of that id holds a status row: admins and super admins reach the service and get 404. */
const acknowledge = { none: 401, default: 403, admin: 404, superAdmin: 404 };

/** Access rows of the Status of Approvers and Provisioners report. */
export const approverStatusRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Approvers/CheckApprovalGrid',
    url: '/api/Approvers/CheckApprovalGrid',
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/CheckApprovalGrid',
    url: '/api/Approvers/CheckApprovalGrid',
    body: {},
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/CheckApprovalGrid/Filters',
    url: '/api/Approvers/CheckApprovalGrid/Filters',
    body: { column: 'role' },
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/:userId/:flag',
    url: '/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/99999999/true',
    expect: acknowledge,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/AcknowledgeApproverOrProvisioner',
    url: '/api/Approvers/AcknowledgeApproverOrProvisioner',
    body: { Ids: [99_999_999], IsDeleted: true },
    expect: acknowledge,
  },
];
