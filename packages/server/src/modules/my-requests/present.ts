import { fullName, type MyRequestRow } from '@uap/domain';
import type { LineRow } from '../request-lines/lists.ts';
import { presentListItem } from '../request-lines/present.ts';

/** A row of My Requests. */
export function presentMyRequest(row: LineRow, timeZone: string): MyRequestRow {
  return Object.assign(presentListItem(row, timeZone), {
    recordId: row.recordId,
    submissionId: row.submissionId,
    comments: row.comments ?? '',
    decisionComment: row.decisionComment,
    secondaryEmail: row.email === row.userEmail ? '' : row.email,
    isUrgent: row.isUrgent === 1,
    createdBy: { fullName: fullName(row.creatorName, row.creatorLastName), email: row.creatorEmail },
  });
}
