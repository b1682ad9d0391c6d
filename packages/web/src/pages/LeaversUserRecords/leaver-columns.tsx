import Link from '@mui/material/Link';
import { formatDate, limits, truncate, type LeaverRecordRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<LeaverRecordRow>;

const timeZone = localTimeZone();

const text = (
  id: string,
  header: string,
  value: (row: LeaverRecordRow) => string,
  extra: Partial<Column> = {},
): Column => ({ id, header, text: value, sortable: true, filterable: true, ...extra });
const date = (id: string, header: string, value: (row: LeaverRecordRow) => string | null): Column =>
  text(id, header, (r) => formatDate(value(r), timeZone), { filterable: false });
const person = (name: string, lastName: string, email: string) =>
  email ? `${name} ${lastName} (${email})` : '';

const leaverCommentText = (r: LeaverRecordRow) =>
  r.leaverUserComment ? truncate(r.leaverUserComment, limits.requestorCommentInTable) : 'Add comment';

/**
 * The leaver columns of spec 2 §3; the comment opens the record's comment history. A record
 * without comments offers 'Add comment' only to those who may comment (not the auditor).
 */
export function leaverColumns(onOpenComments: (row: LeaverRecordRow) => void, canComment: boolean): Column[] {
  return [
    text('requestId', 'Record ID', (r) => String(r.requestId)),
    {
      id: 'leaverUserComment',
      header: 'Leaver Comment',
      text: (r) => r.leaverUserComment,
      cell: (r) =>
        !r.leaverUserComment && !canComment ? null : (
          <Link
            component="button"
            // Its words first, then which record (a name holds the visible words, WCAG 2.5.3).
            aria-label={`${leaverCommentText(r)}, comments of record ${r.requestId}`}
            onClick={() => {
              onOpenComments(r);
            }}
          >
            {leaverCommentText(r)}
          </Link>
        ),
    },
    text('requestUserName', 'Name', (r) => r.requestUserName),
    text('requestUserLastName', 'Last Name', (r) => r.requestUserLastName),
    text('requestUserEmail', 'User Email', (r) => r.requestUserEmail),
    text('email', 'Platform Email', (r) => r.email),
    text('roleName', 'Role', (r) => r.roleName),
    text('userLocation', 'Location', (r) => r.userLocation),
    text('agencyDescription', 'Agency', (r) => r.agencyDescription),
    text('practiceDescription', 'Practice', (r) => r.practiceDescription),
    text('platformDescription', 'Platform', (r) => r.platformDescription),
    text('clientDescription', 'Client', (r) => r.clientDescription),
    text('assetName', 'Asset Type', (r) => r.assetName),
    text('clientAccountDescription', 'Client Account', (r) =>
      r.clientAccountAssetReference
        ? `${r.clientAccountDescription} (${r.clientAccountAssetReference})`
        : r.clientAccountDescription,
    ),
    text('platformUserTypeDescription', 'Platform User Type', (r) => r.platformUserTypeDescription),
    date('createdDate', 'Created Date', (r) => r.createdDate),
    {
      id: 'createdBy',
      header: 'Created By',
      text: (r) => person(r.createdByUserName, r.createdByUserLastName, r.createdByUserEmail),
    },
    {
      id: 'approver',
      header: 'Approver/Rejecter',
      text: (r) => person(r.approverName, r.approverLastName, r.approverEmail),
    },
    date('approvedDate', 'Approved Date', (r) => r.approvedDate),
    date('leftDate', 'Account Disabled', (r) => r.leftDate),
  ];
}
