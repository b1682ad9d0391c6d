import type { Row } from './types.ts';

/** Callers below admin and the auditor are refused; admins and super admins reach the service. */
const adminWrite = (admin: number, superAdmin = admin) => ({
  none: 401,
  default: 403,
  admin,
  superAdmin,
});

const nobody = 99_999_999;

/** Access rows of the master approver writes; the ids name nothing, so nothing changes. */
export const masterApproverRows: Row[] = [
  {
    method: 'POST',
    route: '/api/Approvers/SaveMasterApprover',
    url: '/api/Approvers/SaveMasterApprover',
    body: { userId: nobody, regionId: nobody, marketId: nobody, agencyId: nobody, practiceId: nobody },
    // Outside every admin row: 404; a super admin reaches the path check: 422.
    expect: adminWrite(404, 422),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/UpdateMasterApprover',
    url: '/api/Approvers/UpdateMasterApprover',
    body: {
      masterApproverId: nobody,
      userId: nobody,
      regionId: nobody,
      marketId: nobody,
      agencyId: nobody,
      practiceId: nobody,
    },
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprover/ActiveDeactive',
    url: '/api/Approvers/MasterApprover/ActiveDeactive',
    body: { ids: [nobody], isDeleted: true },
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprover/ActiveDeactive/:id/:flag',
    url: `/api/Approvers/MasterApprover/ActiveDeactive/${nobody}/true`,
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprover/DeleteMasterApprover/:id',
    url: `/api/Approvers/MasterApprover/DeleteMasterApprover/${nobody}`,
    expect: adminWrite(404),
  },
  {
    method: 'PUT',
    route: '/api/Approvers/ReassignMasterApprover',
    url: '/api/Approvers/ReassignMasterApprover',
    body: { oldMasterApproverIds: [nobody], NewMasterApproverUserId: nobody },
    expect: adminWrite(404),
  },
];
