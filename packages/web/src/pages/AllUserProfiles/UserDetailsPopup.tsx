import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Role, formatDate, limits, messages, popupPaging, type PopupUser } from '@uap/domain';
import { useUsersForPopup } from '../../api/user-popup.ts';
import { localTimeZone } from '../../session/time-zone.ts';
import { Pager } from '../../components/DataTable/TableTools.tsx';
import { useDebouncedValue } from '../../components/DataTable/use-debounced-value.ts';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { UserPopupDetails } from './UserPopupDetails.tsx';

const timeZone = localTimeZone();

/** Why `user` cannot be picked as the profile to merge `mergingUserId` into; null when it can. */
function pickRefusal(user: PopupUser, mergingUserId: number): string | null {
  if (user.userId === mergingUserId) {
    return messages.mergeIntoSelf;
  }
  if (user.isDeleted) {
    return messages.userPopupDeleted;
  }
  if (user.isChild) {
    return messages.mergeParentIsChild;
  }
  if (!user.isInScope) {
    return user.roleId >= Role.ADMIN
      ? messages.mergeSuperAdminOnly(user.userId)
      : messages.mergeOutsideScope(user.userId);
  }
  return null;
}

/**
 * The user-details popup (spec 3 §2.15, GET api/User/GetAllUsersforpopup): every profile, searched
 * and paged on the server, and the chosen person's details. Opened from the Merge dialog, it
 * offers the chosen UAP Id as the profile to merge into, or says why it cannot be.
 */
export function UserDetailsPopup(props: {
  /** The profile being merged (it cannot be merged into itself). */
  mergingUserId: number;
  onPick: (user: PopupUser) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(popupPaging.defaultPageSize);
  const [chosen, setChosen] = useState<PopupUser | null>(null);
  const typed = useDebouncedValue(search.trim(), limits.filterDebounceMs);
  // One letter would match a large share of every profile; a UAP Id may be one digit.
  const isTooShort = typed.length === 1 && !/^\d$/.test(typed);
  const term = isTooShort ? '' : typed;
  const users = useUsersForPopup({ page, pageSize, search: term });
  const rows = users.data?.users ?? [];
  const refusal = chosen ? pickRefusal(chosen, props.mergingUserId) : null;

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="user-details-popup-title" maxWidth="md" fullWidth>
      <DialogTitle id="user-details-popup-title">User Details</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Search by name, email or UAP Id"
          size="small"
          fullWidth
          value={search}
          helperText={isTooShort ? messages.userPopupTypeMore : undefined}
          slotProps={{ htmlInput: { maxLength: limits.primaryEmail } }}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          sx={{ mb: 1 }}
        />
        <Box sx={{ height: 4 }}>{users.isFetching && <LinearProgress aria-label="Loading users" />}</Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            {users.isSuccess && rows.length === 0 ? (
              <Typography sx={{ py: 2 }}>{messages.userPopupNoMatch}</Typography>
            ) : (
              <List aria-label="Users" dense sx={{ maxHeight: 400, overflowY: 'auto' }}>
                {rows.map((user) => (
                  <ListItem key={user.userId} disablePadding>
                    <ListItemButton
                      selected={chosen?.userId === user.userId}
                      aria-current={chosen?.userId === user.userId ? 'true' : undefined}
                      onClick={() => setChosen(user)}
                    >
                      <ListItemText
                        primary={`${user.name} ${user.lastName}`}
                        secondary={`UAP Id ${user.userId} · ${user.email}`}
                        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
            <Pager
              count={users.data?.totalCount ?? 0}
              page={page - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[10, 20, 50, popupPaging.maxPageSize]}
              labelDisplayedRows={({ from, to }) => `${from}–${to} of ${users.data?.totalCount ?? 0}`}
              onPageChange={(next) => setPage(next + 1)}
              onRowsPerPageChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {chosen ? (
              <UserPopupDetails user={chosen} createdDate={formatDate(chosen.createdDate, timeZone)} />
            ) : (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {messages.userPopupChoose}
              </Typography>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        {chosen && (
          <DisabledReason reason={refusal}>
            <Button variant="contained" disabled={refusal !== null} onClick={() => props.onPick(chosen)}>
              {`Use UAP Id ${chosen.userId}`}
            </Button>
          </DisabledReason>
        )}
      </DialogActions>
    </Dialog>
  );
}
