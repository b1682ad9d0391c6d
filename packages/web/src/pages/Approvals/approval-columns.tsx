import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { daysSince, formatDateTime, limits, type ApprovalRow } from '@uap/domain';
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
      header: 'Request ID',
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
    text('requestUserName', 'User Name', (r) => r.requestUser.fullName),
    text('platformName', 'Platform', (r) => r.platformName),
    text('clientName', 'Client', (r) => r.clientName),
    text('clientAccountName', 'Asset Name', (r) => r.clientAccountName),
    {
      ...text('platformUserTypeName', 'Platform User Type', (r) => r.platformUserTypeName),
      cell: (row) =>
        inRowColour(
          row,
          <PlatformUserType name={row.platformUserTypeName} basicName={row.platformUserType.basicName} />,
        ),
    },
    { id: 'accessDate', header: 'Access Date', cell: (row) => inRowColour(row, row.accessDate) },
    { id: 'age', header: 'Age (days)', cell: (row) => inRowColour(row, daysSince(row.createdDate)) },
    {
      id: 'isUrgent',
      header: 'Urgent',
      sortable: true,
      filterable: true,
      cell: (row) => (row.isUrgent ? <Chip label="Urgent" color="error" size="small" /> : null),
    },
    ...(isArchive
      ? [{ ...text('status', 'Request Status', (r) => r.status.description), cell: statusCell }]
      : []),
    {
      ...text('requestTypeName', 'Request Type', (r) => r.requestTypeName),
      cell: (row: ApprovalRow) => <StatusChip label={row.requestTypeName} />,
    },
    text('requestUserEmail', 'User Primary Email', (r) => r.requestUser.email),
    text('email', 'Platform Email', (r) => r.email),
    text('agencyName', 'Agency', (r) => r.agencyName),
    text('practiceName', 'Practice', (r) => r.practiceName),
    text('assetName', 'Asset Type', (r) => r.assetName),
    text('comments', 'Requestor Comments', (r) => r.comments, {
      filterable: false,
      truncate: limits.requestorCommentInTable,
    }),
    text('createdByName', 'Created By', (r) => r.createdByUser.fullName),
    text('createdDate', 'Created Date', (r) => formatDateTime(r.createdDate, timeZone), {
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
