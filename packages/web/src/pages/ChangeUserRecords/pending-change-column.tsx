import type { UserRecordRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';

/** The record's pending change request (a modification waiting for approval or provisioning), linked. */
export const pendingChangeColumn: DataTableColumn<UserRecordRow> = {
  id: 'pendingChangeRequestId',
  header: 'Pending Change',
  text: (r) => (r.pendingChangeRequestId === null ? '' : `#${r.pendingChangeRequestId}`),
  cell: (r) =>
    r.pendingChangeRequestId === null ? (
      ''
    ) : (
      <RouterLink to={`/MyRequests?requestId=${r.pendingChangeRequestId}`}>
        {`Change request #${r.pendingChangeRequestId}`}
      </RouterLink>
    ),
};
