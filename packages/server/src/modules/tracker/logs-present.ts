import {
  fullName,
  formatAccessDate,
  historyComment,
  messages,
  type ActivityLog,
  type RequestHistoryEntry,
} from '@uap/domain';
import { presentLineNames, presentLinePeople, presentLineStatus } from '../request-lines/present.ts';
import type { HistoryRow, LogHeaderRow } from './logs-queries.ts';

/** The request part of the activity log: header, creator, user and platform access information. */
export function presentLogHeader(
  row: LogHeaderRow,
): Omit<ActivityLog, 'requestHistoryLogsDTOs' | 'historyVerifiedAt'> {
  return Object.assign(
    presentLineStatus(row),
    presentLinePeople(row, (value) => value ?? ''),
    presentLineNames(row),
    {
      submissionId: row.submissionId,
      recordId: row.recordId,
      createdDate: row.createdDate,
      isUrgent: row.isUrgent === 1,
      comments: row.comments ?? '',
      isInternal: row.isInternal === 1,
      email: row.email,
      requestedPlatformEmail: row.requestedPlatformEmail ?? '',
      reassignedPrimaryEmail: row.reassignedPrimaryEmail ?? '',
      regionName: row.regionName,
      marketName: row.marketName,
      assetReference: row.assetReference ?? '',
      platformUserTypeBasicName: row.platformUserTypeBasicName ?? '',
      accessDate: formatAccessDate(row.beginningDate, row.expirationDate, 'UTC'),
      beginningDate: row.beginningDate,
      expirationDate: row.expirationDate,
      isUnlimited: row.expirationDate === null,
      isDeleted: row.isDeleted === 1,
      approverComment: row.approverComment ?? '',
      provisionerComment: row.provisionerComment ?? '',
    },
  );
}

/** A step keeps its author; one merged into another profile since shows that profile beside. */
function authorName(row: HistoryRow): string {
  const name = fullName(row.creatorName, row.creatorLastName);
  return row.creatorMergedIntoName === null
    ? name
    : messages.historyAuthorMerged(name, fullName(row.creatorMergedIntoName, row.creatorMergedIntoLastName));
}

/**
 * One history step. The approver and provisioner are the request's (a line is decided once
 * by each), shown on every step as the original log does.
 */
export function presentHistoryEntry(row: HistoryRow, header: LogHeaderRow): RequestHistoryEntry {
  return {
    id: row.id,
    stepDescription: row.stepDescription,
    requestTypeId: row.requestTypeId,
    requestTypeName: row.requestTypeName,
    changeDesc: row.changeDesc,
    statusId: row.statusId,
    status: row.statusName,
    comments: row.comments,
    approverComment: row.approverComment,
    provisionerComment: row.provisionerComment,
    comment: historyComment(row),
    createdByUser: { fullName: authorName(row), email: row.creatorEmail },
    onBehalfOf: row.onBehalfOfEmail
      ? { fullName: fullName(row.onBehalfOfName, row.onBehalfOfLastName), email: row.onBehalfOfEmail }
      : null,
    createdDate: row.createdDate,
    approverName: fullName(header.approverName, header.approverLastName),
    approverEmail: header.approverEmail ?? '',
    approvedDate: header.approvedDate,
    provisionerName: fullName(header.provisionerName, header.provisionerLastName),
    provisionerEmail: header.provisionerEmail ?? '',
    provisionedDate: header.provisionedDate,
    before: row.before,
    after: row.after,
  };
}
