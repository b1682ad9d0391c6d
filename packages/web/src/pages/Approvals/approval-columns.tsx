import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { daysSince, formatDateTime, lineHeader as h, limits, type ApprovalRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { TruncatedText } from '../../components/DataTable/TruncatedText.tsx';
import { PlatformUserType } from '../../components/PlatformUserType.tsx';
import { OnBehalfOf } from '../../components/OnBehalfOf.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<ApprovalRow>;

const timeZone = localTimeZone();

/** Urgent requests are highlighted in red: every cell of the row. */
function inRowColour(row: ApprovalRow, content: ReactNode, isRed = false) {
  return (
    <Box component="span" sx={{ color: row.isUrgent || isRed ? 'error.main' : undefined }}>
      {content}
    </Box>
  );
}

const statusCell = (row: ApprovalRow) => <StatusChip label={row.status.description} />;

const text = (
  id: string,
  header: string,
  value: (row: ApprovalRow) => string,
  extra: Partial<Column> = {},
): Column => ({
  id,
  header,
  sortable: true,
  filterable: true,
  cell: (row) =>
    inRowColour(row, extra.truncate ? <TruncatedText text={value(row)} max={extra.truncate} /> : value(row)),
  ...extra,
});

/**
 * The columns of My Approval Tasks (or, with isArchive, My Archive Approvals); ids are the server's.
 * Without `onOpen` (a read-only user) the request id is plain text.
 */
export function approvalColumns(isArchive: boolean, onOpen?: (row: ApprovalRow) => void): Column[] {
  return [
    {
      id: 'requestId',
      header: h.requestId,
      sortable: true,
      filterable: true,
      cell: (row) => (
        <>
          {onOpen === undefined ? (
            inRowColour(row, row.requestId)
          ) : (
            <Link
              component="button"
              type="button"
              color={row.isUrgent ? 'error' : 'primary'}
              onClick={() => {
                onOpen(row);
              }}
            >
              {row.requestId}
            </Link>
          )}
          <OnBehalfOf name={row.onBehalfOf} />
        </>
      ),
    },
    // What the decision needs first: who, where, what level, how long, how old.
    text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    text('platformName', h.platform, (r) => r.platformName),
    text('clientName', h.client, (r) => r.clientName),
    text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
    {
      ...text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
      cell: (row) =>
        inRowColour(
          row,
          <PlatformUserType name={row.platformUserTypeName} basicName={row.platformUserType.basicName} />,
        ),
    },
    { id: 'accessDate', header: h.accessDate, cell: (row) => inRowColour(row, row.accessDate) },
    { id: 'age', header: 'Age (days)', cell: (row) => inRowColour(row, daysSince(row.createdDate)) },
    {
      id: 'isUrgent',
      header: 'Urgent',
      sortable: true,
      filterable: true,
      cell: (row) => (row.isUrgent ? <Chip label="Urgent" color="error" size="small" /> : null),
    },
    ...(isArchive
      ? [{ ...text('status', h.requestStatus, (r) => r.status.description), cell: statusCell }]
      : []),
    {
      ...text('requestTypeName', h.requestType, (r) => r.requestTypeName),
      cell: (row: ApprovalRow) => <StatusChip label={row.requestTypeName} />,
    },
    text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
    text('email', h.platformEmail, (r) => r.email),
    text('agencyName', h.agency, (r) => r.agencyName),
    text('practiceName', h.practice, (r) => r.practiceName),
    text('assetName', h.assetType, (r) => r.assetName),
    text('comments', 'Requestor Comments', (r) => r.comments, {
      filterable: false,
      truncate: limits.requestorCommentInTable,
    }),
    text('createdByName', h.createdBy, (r) => r.createdByUser.fullName),
    text('createdDate', h.createdDate, (r) => formatDateTime(r.createdDate, timeZone), {
      filterable: false,
    }),
    ...(isArchive
      ? [
          text('approverComment', 'Approver Comment', (r) => r.approverComment, {
            filterable: false,
            truncate: limits.requestorCommentInTable,
          }),
          text('approvedDate', 'Decision Date', (r) => formatDateTime(r.approvedDate, timeZone), {
            filterable: false,
          }),
        ]
      : []),
  ];
}
