import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { RequestStatus, limits, truncate, type ProvisioningRow } from '@uap/domain';
import { TruncatedText } from '../../components/DataTable/TruncatedText.tsx';
import type { ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { OnBehalfOf } from '../../components/OnBehalfOf.tsx';
import { PlatformUserType } from '../../components/PlatformUserType.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';

interface Handlers {
  /** Opens the Provisioning Request modal of an Approved row; absent in the archive. */
  onOpenRequest?: (row: ProvisioningRow) => void;
  onOpenComments: (row: ProvisioningRow) => void;
}

/** The provisioning lists' cells that are more than text (provisioningTable). */
export function provisioningCells({
  onOpenRequest,
  onOpenComments,
}: Handlers): Readonly<Record<string, ColumnExtras<ProvisioningRow>>> {
  return {
    requestId: {
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
    platformUserTypeName: {
      cell: (r) => (
        <PlatformUserType name={r.platformUserTypeName} basicName={r.platformUserType.basicName} />
      ),
    },
    isUrgent: { cell: (r) => (r.isUrgent ? <Chip label="Urgent" color="error" size="small" /> : '') },
    status: { cell: (r) => <StatusChip label={r.status.description} /> },
    requestTypeName: { cell: (r) => <StatusChip label={r.requestTypeName} /> },
    comments: { truncate: limits.requestorCommentInTable },
    approverComment: { truncate: limits.requestorCommentInTable },
    provisionerComment: {
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
  };
}
