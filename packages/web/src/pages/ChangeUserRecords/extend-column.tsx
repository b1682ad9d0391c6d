import Button from '@mui/material/Button';
import { isAccessRecord, isExpired, messages, startOfTodayUtc, type UserRecordRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';

const DAY_MS = 86_400_000;

/**
 * An active record that ends within the largest notice window (EXPIRY_NOTICE_DAYS): the window
 * in which its subject and requester are asked to extend it.
 */
export function isExtendable(row: UserRecordRow, noticeDays: readonly number[], now = new Date()): boolean {
  if (
    !isAccessRecord(row) ||
    row.isDeleted ||
    row.expirationDate === null ||
    isExpired(row.expirationDate, now)
  ) {
    return false;
  }
  const windowEnd = startOfTodayUtc(now).getTime() + (Math.max(0, ...noticeDays) + 1) * DAY_MS;
  return Date.parse(row.expirationDate) < windowEnd;
}

/** The Extend action of a record that ends soon: a Length Of Access change of that record. */
export function extendColumn(
  noticeDays: readonly number[],
  onExtend: (recordId: number) => void,
): DataTableColumn<UserRecordRow> {
  return {
    id: 'extend',
    header: messages.notificationExtend,
    text: (r) => (isExtendable(r, noticeDays) ? messages.notificationExtend : ''),
    cell: (r) =>
      isExtendable(r, noticeDays) ? (
        <Button
          size="small"
          variant="outlined"
          aria-label={`${messages.notificationExtend} record ${r.requestId}`}
          onClick={(event) => {
            // The button acts on its own row; it does not select it.
            event.stopPropagation();
            onExtend(r.requestId);
          }}
        >
          {messages.notificationExtend}
        </Button>
      ) : (
        ''
      ),
  };
}
