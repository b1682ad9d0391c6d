import { AssignmentStatus, type ApproverAssignmentRow, type MasterApproverRow } from '@uap/domain';
import type { ApproverAssignmentDbRow, MasterApproverDbRow } from './queries.ts';

const statusOf = (isDeleted: number) =>
  isDeleted === 1 ? AssignmentStatus.INACTIVE : AssignmentStatus.ACTIVE;

/** An approver/provisioner assignment; a row naming no client covers them all ('All'). */
export function presentApproverAssignment(row: ApproverAssignmentDbRow): ApproverAssignmentRow {
  return {
    approverId: row.approverId,
    isDeleted: row.isDeleted === 1,
    status: statusOf(row.isDeleted),
    userId: row.userId,
    secondaryApproverId: row.secondaryApproverId,
    provisionerId: row.provisionerId,
    provisionerBackupId: row.provisionerBackupId,
    regionId: row.regionId,
    marketId: row.marketId,
    agencyId: row.agencyId,
    practiceId: row.practiceId,
    platformId: row.platformId,
    clientId: row.clientId,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    platformName: row.platformName,
    clientName: row.clientName ?? 'All',
    approverName: row.approverName ?? '',
    approverEmail: row.approverEmail,
    secondaryApproverName: row.secondaryApproverName ?? '',
    secondaryApproverEmail: row.secondaryApproverEmail ?? '',
    provisionerName: row.provisionerName ?? '',
    provisionerEmail: row.provisionerEmail ?? '',
    provisionerBackupName: row.provisionerBackupName ?? '',
    provisionerBackupEmail: row.provisionerBackupEmail ?? '',
  };
}

/** A master approver assignment. */
export function presentMasterApprover(row: MasterApproverDbRow): MasterApproverRow {
  return {
    masterApproverId: row.masterApproverId,
    isDeleted: row.isDeleted === 1,
    status: statusOf(row.isDeleted),
    userId: row.userId,
    regionId: row.regionId,
    marketId: row.marketId,
    agencyId: row.agencyId,
    practiceId: row.practiceId,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    masterApproverName: row.masterApproverName ?? '',
    masterApproverEmail: row.masterApproverEmail,
  };
}
