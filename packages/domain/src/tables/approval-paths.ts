import {
  approverAssignmentList,
  assignmentTableQuery,
  masterApproverList,
  type ApproverAssignmentList,
  type ApproverAssignmentRow,
  type MasterApproverList,
  type MasterApproverRow,
} from '../schemas/assignments.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

/**
 * The approval-path tables (spec 2 §2, §3): approver/provisioner and master approver
 * assignments (on /Approvers, /MasterApprovers and the role-details pages, whose body adds
 * onlyMe and userid). A person column shows the full name and, where the row has it, the
 * email: 'Ann Approver (ann@…)'.
 */

const person = (name: string | null, email: string | null) => (email ? `${name ?? ''} (${email})` : '');

const a = columnsOf<ApproverAssignmentRow>();

/** Approver/provisioner assignments: one column per path part and role. */
export const approverAssignmentsTable = declareTable<ApproverAssignmentRow, ApproverAssignmentList>({
  path: '/api/Approvers/Assignments',
  title: 'Approve/Provision Assignments',
  csvFile: 'approver-assignments.csv',
  list: approverAssignmentList,
  listKey: 'approvers',
  rowId: (r) => r.approverId,
  body: assignmentTableQuery,
  columns: [
    a.text('status', 'Status', (r) => r.status),
    a.text('regionName', h.region, (r) => r.regionName),
    a.text('marketName', h.market, (r) => r.marketName),
    a.text('agencyName', h.agency, (r) => r.agencyName),
    a.text('practiceName', h.practice, (r) => r.practiceName),
    a.text('platformName', h.platform, (r) => r.platformName),
    a.text('clientName', h.client, (r) => r.clientName),
    a.text('approverName', 'Primary Approver', (r) => person(r.approverName, r.approverEmail)),
    a.text('secondaryApproverName', 'Secondary Approver', (r) =>
      person(r.secondaryApproverName, r.secondaryApproverEmail),
    ),
    a.text('provisionerName', 'Provisioner', (r) => person(r.provisionerName, r.provisionerEmail)),
    a.text('provisionerBackupName', 'Provisioner Backup', (r) =>
      person(r.provisionerBackupName, r.provisionerBackupEmail),
    ),
  ],
});

const m = columnsOf<MasterApproverRow>();

/** Master approver assignments: the person, then the path. */
export const masterApproversTable = declareTable<MasterApproverRow, MasterApproverList>({
  path: '/api/Approvers/MasterApprovers',
  title: 'Master Approver Assignments',
  csvFile: 'master-approvers.csv',
  list: masterApproverList,
  listKey: 'masterApprovers',
  rowId: (r) => r.masterApproverId,
  body: assignmentTableQuery,
  columns: [
    m.text('status', 'Status', (r) => r.status),
    m.text('masterApproverName', 'Master Approver', (r) => r.masterApproverName),
    m.text('masterApproverEmail', 'Email', (r) => r.masterApproverEmail),
    m.text('regionName', h.region, (r) => r.regionName),
    m.text('marketName', h.market, (r) => r.marketName),
    m.text('agencyName', h.agency, (r) => r.agencyName),
    m.text('practiceName', h.practice, (r) => r.practiceName),
  ],
});
