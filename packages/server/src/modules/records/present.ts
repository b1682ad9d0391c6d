import type { UserRecordRow } from '@uap/domain';
import type { LineRow } from '../request-lines/lists.ts';
import { presentListItem } from '../request-lines/present.ts';

/** A row of the User Access Overview. */
export function presentUserRecord(row: LineRow, timeZone: string): UserRecordRow {
  return Object.assign(presentListItem(row, timeZone), {
    userId: row.userId,
    isAgencyAccessWithoutAssets: row.assetIsSystemRecord === 1 && row.clientAccountId === null,
    statusDescription: row.recordStatus,
    recordId: row.requestId,
    isDeleted: row.isDeleted === 1,
    hasPendingChange: row.pendingChangeRequestId !== null,
    pendingChangeRequestId: row.pendingChangeRequestId,
  });
}
