import {
  approverAssignmentList,
  assignmentTableQuery,
  masterApproverList,
  type ApproverAssignmentList,
  type ApproverAssignmentRow,
  type MasterApproverList,
  type MasterApproverRow,
} from '../schemas/assignments.ts';
import {
  approverStatusList,
  type ApproverStatusList,
  type ApproverStatusRow,
} from '../schemas/approver-status.ts';
import { coveragePage, type CoveragePage, type CoverageRow } from '../schemas/coverage.ts';
import { columnsOf, declareTable } from './declare.ts';
import { placeColumns, placeNameColumns } from './line-headers.ts';

/**
 * The approval-path tables (spec 2 §2, §3): approver/provisioner and master approver
 * assignments (on /Approvers, /MasterApprovers and the role-details pages, whose body adds
 * onlyMe and userid), the Status of Approvers and Provisioners and the Coverage tab. A person
 * column shows the full name and, where the row has it, the email: 'Ann Approver (ann@…)'.
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
    a.field('status', 'Status'),
    ...placeColumns<ApproverAssignmentRow>(6),
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
    m.field('status', 'Status'),
    m.field('masterApproverName', 'Master Approver'),
    m.field('masterApproverEmail', 'Email'),
    ...placeColumns<MasterApproverRow>(4),
  ],
});

const s = columnsOf<ApproverStatusRow>();
const csvOnly = { isOnScreen: false, isSortable: false, isFilterable: false };

/** Status of Approvers and Provisioners: assigned people who left, one row per person and role. */
export const approverStatusTable = declareTable<ApproverStatusRow, ApproverStatusList>({
  path: '/api/Approvers/CheckApprovalGrid',
  title: 'Approvers and Provisioners who left',
  csvFile: 'approver-status.csv',
  list: approverStatusList,
  listKey: 'statusRows',
  rowId: (r) => r.id,
  columns: [
    s.number('userID', 'User ID', (r) => r.userID, csvOnly),
    s.date('operationDate', 'Date', (r) => r.operationDate),
    s.field('fullName', 'Name'),
    s.field('emailAddress', 'Email'),
    s.field('role', 'Role'),
    s.field('changeDescription', 'Change'),
    s.number('assignmentCount', 'Assignments', (r) => r.assignmentCount, csvOnly),
  ],
});

const c = columnsOf<CoverageRow>();

/** The Coverage tab: every path with who approves and provisions it, the paths with none first. */
export const coverageTable = declareTable<CoverageRow, CoveragePage>({
  path: '/api/Approvers/Coverage',
  title: 'Coverage',
  csvFile: 'approval-coverage.csv',
  list: coveragePage,
  listKey: 'paths',
  rowId: (r) => r.pathKey,
  columns: [
    c.field('coverage', 'Coverage'),
    ...placeColumns<CoverageRow>(6),
    c.field('approverName', 'Primary Approver'),
    c.field('secondaryApproverName', 'Secondary Approver'),
    c.field('masterApproverNames', 'Master Approvers', { isFilterable: false }),
    c.field('provisionerName', 'Provisioner'),
    c.field('provisionerBackupName', 'Provisioner Backup'),
    c.number('pendingCount', 'Pending Requests', (r) => r.pendingCount, { isFilterable: false }),
    // The default order ('paths with none first'): it sorts, and is neither shown nor exported.
    c.number('coverageRank', 'Coverage Rank', () => null, { isOnScreen: false, isFilterable: false }),
  ],
  csvOrder: [
    'coverage',
    ...placeNameColumns,
    'approverName',
    'secondaryApproverName',
    'masterApproverNames',
    'provisionerName',
    'provisionerBackupName',
    'pendingCount',
  ],
});
