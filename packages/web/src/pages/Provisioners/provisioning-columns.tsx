import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import {
  RequestStatus,
  formatDate,
  formatDateTime,
  lineHeader as h,
  daysSince,
  limits,
  truncate,
  type ProvisioningRow,
} from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { TruncatedText } from '../../components/DataTable/TruncatedText.tsx';
import { PlatformUserType } from '../../components/PlatformUserType.tsx';
import { OnBehalfOf } from '../../components/OnBehalfOf.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<ProvisioningRow>;

const timeZone = localTimeZone();

const text = (
  id: string,
  header: string,
  value: (row: ProvisioningRow) => string,
  extra: Partial<Column> = {},
): Column => ({ id, header, text: value, sortable: true, filterable: true, ...extra });

interface Handlers {
  /** Opens the Provisioning Request modal of an Approved row; absent in the archive. */
  onOpenRequest?: (row: ProvisioningRow) => void;
  onOpenComments: (row: ProvisioningRow) => void;
}

/** The My Provisioning Tasks columns of spec 2 §2; ids are the server's column names. */
export function provisioningColumns({ onOpenRequest, onOpenComments }: Handlers): Column[] {
  return [
    {
      ...text('requestId', h.requestId, (r) => String(r.requestId)),
      cell: (r) => (
        <>
          {onOpenRequest && r.statusId === RequestStatus.APPROVED ? (
            <Link
              component="button"
              aria-label={`Open provisioning request ${r.requestId}`}
              onClick={() => {
                onOpenRequest(r);
              }}
            >
              {r.requestId}
            </Link>
          ) : (
            r.requestId
          )}
          <OnBehalfOf name={r.onBehalfOf} />
        </>
      ),
    },
    // What the work needs first: who, where, what level, how long, how old.
    text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    text('platformName', h.platform, (r) => r.platformName),
    text('clientName', h.client, (r) => r.clientName),
    text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
    {
      ...text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
      cell: (r) => (
        <PlatformUserType name={r.platformUserTypeName} basicName={r.platformUserType.basicName} />
      ),
    },
    { id: 'accessDate', header: h.accessDate, text: (r) => r.accessDate },
    { id: 'age', header: 'Age (days)', text: (r) => String(daysSince(r.createdDate)) },
    {
      ...text('isUrgent', 'Urgent', (r) => (r.isUrgent ? 'Yes' : 'No')),
      cell: (r) => (r.isUrgent ? <Chip label="Urgent" color="error" size="small" /> : ''),
    },
    {
      ...text('status', h.requestStatus, (r) => r.status.description),
      cell: (r) => <StatusChip label={r.status.description} />,
    },
    {
      ...text('requestTypeName', h.requestType, (r) => r.requestTypeName),
      cell: (r) => <StatusChip label={r.requestTypeName} />,
    },
    text('agencyName', h.agency, (r) => r.agencyName),
    text('practiceName', h.practice, (r) => r.practiceName),
    text('createdDate', h.createdDate, (r) => formatDateTime(r.createdDate, timeZone), {
      filterable: false,
    }),
    text('approvedDate', h.approvedDate, (r) => formatDate(r.approvedDate, timeZone), {
      filterable: false,
    }),
    text('requestUserEmail', h.userEmail, (r) => r.requestUserEmail),
    text('email', h.platformEmail, (r) => r.email),
    text('createdByName', h.createdBy, (r) => r.createdByUser.fullName),
    text('comments', 'Requestor Comments', (r) => r.comments, {
      filterable: false,
      truncate: limits.requestorCommentInTable,
    }),
    text('approverName', h.approver, (r) => r.approverName),
    text('approverComment', 'Approver Comment', (r) => r.approverComment, {
      filterable: false,
      truncate: limits.requestorCommentInTable,
    }),
    text('assetName', h.assetType, (r) => r.assetName),
    text('assetReference', h.assetReference, (r) => r.assetReference),
    text('platformUserTypeBasicName', 'Basic User Type', (r) => r.platformUserTypeBasicName),
    {
      ...text('provisionerComment', 'Provisioner Comment', (r) => r.provisionerComment, {
        filterable: false,
      }),
      cell: (r) =>
        r.statusId === RequestStatus.APPROVED ? (
          <Link
            component="button"
            aria-label={`Provisioner comments of request ${r.requestId}`}
            onClick={() => {
              onOpenComments(r);
            }}
          >
            {r.provisionerComment
              ? truncate(r.provisionerComment, limits.requestorCommentInTable)
              : 'Comments'}
          </Link>
        ) : (
          <TruncatedText text={r.provisionerComment} max={limits.requestorCommentInTable} />
        ),
    },
  ];
}
