import { AssignmentStatus, type ApproverAssignmentRow, type MasterApproverRow } from '@uap/domain';
import type { ApproverAssignmentDbRow, MasterApproverDbRow } from './queries.ts';

const statusOf = (isDeleted: number) =>
  isDeleted === 1 ? AssignmentStatus.INACTIVE : AssignmentStatus.ACTIVE;

/** A practice's four levels: their ids, then their names. */
const PRACTICE_IDS = ['regionId', 'marketId', 'agencyId', 'practiceId'] as const;
const PRACTICE_NAMES = ['regionName', 'marketName', 'agencyName', 'practiceName'] as const;
/** A master approver's path: the practice. */
const PRACTICE_PATH = [...PRACTICE_IDS, ...PRACTICE_NAMES] as const;
/** An assignment's path: down to the platform and client (the client's name apart, it may be 'All'). */
const PLATFORM_PATH = [...PRACTICE_IDS, 'platformId', 'clientId', ...PRACTICE_NAMES, 'platformName'] as const;

function pick<R, K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<R, K>;
}

/** These text fields of a row, '' where it has none (a person the row does not name). */
function orBlank<R extends Record<K, string | null>, K extends keyof R>(row: R, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? ''])) as Record<K, string>;
}

/** The ids and names of a row's path down to the platform and client, as the answers show them. */
export const platformPathOf = <R extends Record<(typeof PLATFORM_PATH)[number], unknown>>(row: R) =>
  pick(row, PLATFORM_PATH);

/** The row's state: isDeleted as a boolean and its status word. */
const stateOf = (row: { isDeleted: number }) => ({
  isDeleted: row.isDeleted === 1,
  status: statusOf(row.isDeleted),
});

/** An approver/provisioner assignment; a row naming no client covers them all ('All'). */
export function presentApproverAssignment(row: ApproverAssignmentDbRow): ApproverAssignmentRow {
  return {
    approverId: row.approverId,
    ...stateOf(row),
    userId: row.userId,
    secondaryApproverId: row.secondaryApproverId,
    provisionerId: row.provisionerId,
    provisionerBackupId: row.provisionerBackupId,
    ...platformPathOf(row),
    clientName: row.clientName ?? 'All',
    approverEmail: row.approverEmail,
    ...orBlank(row, [
      'approverName',
      'secondaryApproverName',
      'secondaryApproverEmail',
      'provisionerName',
      'provisionerEmail',
      'provisionerBackupName',
      'provisionerBackupEmail',
    ]),
  };
}

/** A master approver assignment. */
export function presentMasterApprover(row: MasterApproverDbRow): MasterApproverRow {
  return {
    masterApproverId: row.masterApproverId,
    ...stateOf(row),
    userId: row.userId,
    ...pick(row, PRACTICE_PATH),
    ...orBlank(row, ['masterApproverName']),
    masterApproverEmail: row.masterApproverEmail,
  };
}
