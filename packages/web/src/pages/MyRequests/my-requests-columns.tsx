import { formatDateTime, lineHeader as h, limits, type MyRequestRow } from '@uap/domain';
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
  text('requestId', h.requestId, (r) => String(r.requestId)),
  {
    ...text('status', h.requestStatus, (r) => r.status.description),
    cell: (r) => <StatusChip label={r.status.description} />,
  },
  {
    ...text('requestTypeName', h.requestType, (r) => r.requestTypeName),
    cell: (r) => <StatusChip label={r.requestTypeName} />,
  },
  text('requestUserName', h.userName, (r) => r.requestUser.fullName),
  text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
  text('secondaryEmail', 'Secondary Email', (r) => r.secondaryEmail, {
    sortable: false,
    filterable: false,
    truncate: limits.secondaryEmailInTable,
  }),
  text('agencyName', h.agency, (r) => r.agencyName),
  text('platformName', h.platform, (r) => r.platformName),
  text('clientName', h.client, (r) => r.clientName),
  text('assetName', h.assetType, (r) => r.assetName),
  text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
  text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
  { id: 'accessDate', header: h.accessDate, text: (r) => r.accessDate },
  text('comments', 'Requestor Comments', (r) => r.comments, {
    filterable: false,
    truncate: limits.requestorCommentInTable,
  }),
  // Why a Rejected line was rejected (the approver's or provisioner's comment); empty otherwise.
  text('decisionComment', 'Decision Comment', (r) => r.decisionComment, {
    filterable: false,
    truncate: limits.requestorCommentInTable,
  }),
  text('createdDate', h.createdDate, (r) => formatDateTime(r.createdDate, localTimeZone()), {
    filterable: false,
  }),
];
