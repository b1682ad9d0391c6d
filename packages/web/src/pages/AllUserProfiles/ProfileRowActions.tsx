import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';
import { messages, type ProfileRow } from '@uap/domain';
import { DisabledReason } from '../../components/DisabledReason.tsx';

export type ProfileAction = 'edit' | 'delete' | 'sync' | 'merge';

/**
 * The row actions of All User Profiles (spec 3 §2.4): log; edit (not on a merged child); delete
 * (a Standard User that is not merged); sync (when a directory entry exists); merge (into another
 * UAP Id, not on a merged child: it is unmerged from the User Details List); the merged marker;
 * the ParentGUID log (spec 3 §8: without a ParentGUID it says 'ParentGUID doesn't exist').
 * The auditor only reads: the logs and the merged marker.
 */
export function ProfileRowActions(props: {
  row: ProfileRow;
  isReadOnly: boolean;
  onAction: (action: ProfileAction, row: ProfileRow) => void;
}) {
  const { row, isReadOnly, onAction } = props;
  const who = `${row.name} ${row.lastName}`;
  const button = (action: ProfileAction, label: string) => (
    <Button
      size="small"
      color={action === 'delete' ? 'error' : 'primary'}
      aria-label={`${label} ${who}`}
      onClick={() => onAction(action, row)}
    >
      {label}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 0.5 }}>
      <Button
        size="small"
        component={RouterDomLink}
        to={`/UserLogs/${row.userId}`}
        aria-label={`Log of ${who}`}
      >
        Log
      </Button>
      {row.parentGUID ? (
        <Button
          size="small"
          component={RouterDomLink}
          to={`/ParentGUIDLogs/${encodeURIComponent(row.parentGUID)}`}
          aria-label={`ParentGUID Log of ${who}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          ParentGUID Log
        </Button>
      ) : (
        <DisabledReason reason={messages.parentGuidMissing}>
          <Button size="small" disabled aria-label={`ParentGUID Log of ${who}`} sx={{ whiteSpace: 'nowrap' }}>
            ParentGUID Log
          </Button>
        </DisabledReason>
      )}
      {!isReadOnly && !row.isChild && !row.isDeleted && button('edit', 'Edit')}
      {!isReadOnly && row.canDelete && button('delete', 'Delete')}
      {!isReadOnly && row.isSyncButtonEnabled && button('sync', 'Sync')}
      {!isReadOnly && !row.isChild && !row.isDeleted && button('merge', 'Merge')}
      {row.isChild && row.mergedUserId !== null && (
        <Link
          component={RouterDomLink}
          to={`/UserDetailsList/${row.mergedUserId}`}
          aria-label={`${who} is merged into UAP Id ${row.mergedUserId}`}
        >
          Merged
        </Link>
      )}
      {row.hasMergedChildren && (
        <Link
          component={RouterDomLink}
          to={`/UserDetailsList/${row.userId}`}
          aria-label={`Profiles merged into ${who}`}
        >
          Merged
        </Link>
      )}
    </Box>
  );
}
