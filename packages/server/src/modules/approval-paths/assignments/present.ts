import { AssignmentStatus, type ApproverAssignmentRow, type MasterApproverRow } from '@uap/domain';
import type { CsvColumn } from '../../../db/csv-text.ts';
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

const person = (name: string | null, email: string | null) => (email ? `${name ?? ''} (${email})` : '');

/** The columns of the assignment CSV, as the /Approvers table shows them. */
export const approverAssignmentCsvColumns: CsvColumn<ApproverAssignmentDbRow>[] = [
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Market', value: (r) => r.marketName },
  { header: 'Agency', value: (r) => r.agencyName },
  { header: 'Practice', value: (r) => r.practiceName },
  { header: 'Platform', value: (r) => r.platformName },
  { header: 'Client', value: (r) => r.clientName ?? 'All' },
  { header: 'Primary Approver', value: (r) => person(r.approverName, r.approverEmail) },
  { header: 'Secondary Approver', value: (r) => person(r.secondaryApproverName, r.secondaryApproverEmail) },
  { header: 'Provisioner', value: (r) => person(r.provisionerName, r.provisionerEmail) },
  { header: 'Provisioner Backup', value: (r) => person(r.provisionerBackupName, r.provisionerBackupEmail) },
  { header: 'Status', value: (r) => statusOf(r.isDeleted) },
];

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

/** The columns of the master approver CSV, as the /MasterApprovers table shows them. */
export const masterApproverCsvColumns: CsvColumn<MasterApproverDbRow>[] = [
  { header: 'Master Approver', value: (r) => person(r.masterApproverName, r.masterApproverEmail) },
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Market', value: (r) => r.marketName },
  { header: 'Agency', value: (r) => r.agencyName },
  { header: 'Practice', value: (r) => r.practiceName },
  { header: 'Status', value: (r) => statusOf(r.isDeleted) },
];
