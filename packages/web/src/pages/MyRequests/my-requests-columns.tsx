import { formatDateTime, limits, type MyRequestRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<MyRequestRow>;

const text = (
  id: string,
  header: string,
  value: (row: MyRequestRow) => string,
  extra: Partial<Column> = {},
) => ({ id, header, text: value, sortable: true, filterable: true, ...extra }) satisfies Column;

/** The My Requests columns; ids are the server's column names. */
export const myRequestColumns: Column[] = [
  text('requestId', 'Request ID', (r) => String(r.requestId)),
  {
    ...text('status', 'Request Status', (r) => r.status.description),
    cell: (r) => <StatusChip label={r.status.description} />,
  },
  {
    ...text('requestTypeName', 'Request Type', (r) => r.requestTypeName),
    cell: (r) => <StatusChip label={r.requestTypeName} />,
  },
  text('requestUserName', 'User Name', (r) => r.requestUser.fullName),
  text('requestUserEmail', 'User Primary Email', (r) => r.requestUser.email),
  text('secondaryEmail', 'Secondary Email', (r) => r.secondaryEmail, {
    sortable: false,
    filterable: false,
    truncate: limits.secondaryEmailInTable,
  }),
  text('agencyName', 'Agency', (r) => r.agencyName),
  text('platformName', 'Platform', (r) => r.platformName),
  text('clientName', 'Client', (r) => r.clientName),
  text('assetName', 'Asset Type', (r) => r.assetName),
  text('clientAccountName', 'Asset Name', (r) => r.clientAccountName),
  text('platformUserTypeName', 'Platform User Type', (r) => r.platformUserTypeName),
  { id: 'accessDate', header: 'Access Date', text: (r) => r.accessDate },
  text('comments', 'Requestor Comments', (r) => r.comments, {
    filterable: false,
    truncate: limits.requestorCommentInTable,
  }),
  // Why a Rejected line was rejected (the approver's or provisioner's comment); empty otherwise.
  text('decisionComment', 'Decision Comment', (r) => r.decisionComment, {
    filterable: false,
    truncate: limits.requestorCommentInTable,
  }),
  text('createdDate', 'Created Date', (r) => formatDateTime(r.createdDate, localTimeZone()), {
    filterable: false,
  }),
];
