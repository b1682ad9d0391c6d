/** Request types (docs/architecture.md). Deactivation is 2, as the spec says. */
export const RequestType = {
  ADD: 1,
  DEACTIVATE: 2,
  CHANGE: 3,
  ACTIVATE: 4,
} as const;
export type RequestTypeId = (typeof RequestType)[keyof typeof RequestType];

export const requestTypeNames: Record<RequestTypeId, string> = {
  [RequestType.ADD]: 'Add access',
  [RequestType.DEACTIVATE]: 'Deactivate access',
  [RequestType.CHANGE]: 'Change access',
  [RequestType.ACTIVATE]: 'Activate access',
};

/** Request statuses (docs/architecture.md). */
export const RequestStatus = {
  SUBMITTED: 1,
  APPROVED: 2,
  COMPLETED: 3,
  REJECTED: 4,
  CANCELLED: 5,
  ARCHIVED: 6,
} as const;
export type RequestStatusId = (typeof RequestStatus)[keyof typeof RequestStatus];

export const requestStatusNames: Record<RequestStatusId, string> = {
  [RequestStatus.SUBMITTED]: 'Submitted',
  [RequestStatus.APPROVED]: 'Approved',
  [RequestStatus.COMPLETED]: 'Completed',
  [RequestStatus.REJECTED]: 'Rejected',
  [RequestStatus.CANCELLED]: 'Cancelled',
  [RequestStatus.ARCHIVED]: 'Archived',
};

/** The one status a provisioner may file away. */
export const ARCHIVE_ELIGIBLE_STATUS = RequestStatus.COMPLETED;

/** Record status words of the User Access Overview. */
export const RecordStatus = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  EXPIRED: 'Expired',
  /** Expired, and the Deactivation that removes it waits for the provisioner. */
  EXPIRED_REMOVAL_PENDING: 'Expired — removal pending',
} as const;
export type RecordStatusName = (typeof RecordStatus)[keyof typeof RecordStatus];

/** Platform ownership id is fixed at 1 in every request (spec 1 §9). */
export const PLATFORM_OWNERSHIP_ID = 1;

/** Standard comment types. */
export const StandardCommentType = { PROVISIONING: 1 } as const;

/** A line that is an access record: an Add request that completed (and may since be archived). */
export function isAccessRecord(line: { requestTypeId: number; statusId: number }): boolean {
  return (
    line.requestTypeId === RequestType.ADD &&
    (line.statusId === RequestStatus.COMPLETED || line.statusId === RequestStatus.ARCHIVED)
  );
}

/** The statuses in which an Add line is an access record. */
export const ACCESS_RECORD_STATUSES = [RequestStatus.COMPLETED, RequestStatus.ARCHIVED] as const;

/**
 * The step wording of every history row, as the activity log shows it. The service, the seed
 * and the tests all write steps through this catalogue, so one step reads one way everywhere.
 */
export const historySteps = {
  submitted: (requestTypeId: RequestTypeId) => `${requestTypeNames[requestTypeId]} request submitted`,
  modified: 'Request modified',
  lengthOfAccessUpdated: 'Length of access updated',
  reassigned: 'Request reassigned',
  replacedByNewChange: 'Request cancelled: replaced by a new change request',
  cancelledByRequestor: 'Request cancelled by requestor',
  cancelledBySuperAdmin: 'Request cancelled by super admin',
  approved: 'Request approved',
  rejectedByApprover: 'Request rejected by approver',
  provisioned: 'Request provisioned',
  rejectedByProvisioner: 'Request rejected by provisioner',
  archived: 'Request archived',
  recordCreated: 'Record created',
  recordChanged: 'Record changed',
  recordReassigned: 'Record reassigned',
  recordDeactivated: 'Record deactivated',
  recordActivated: 'Record activated',
  /** The access-expiry job's Deactivation: approved by the end date the approver agreed to. */
  expired: 'Expired',
  /** A reviewer revoked the record in an access review: the Deactivation is approved by the review. */
  revokedByAccessReview: (campaign: string, reviewer: string) =>
    `Revoked in the access review '${campaign}' by ${reviewer}`,
} as const;
