import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  messages,
  sameAccessInput,
  sameAccessPreviewInput,
  type ColleagueAccessRow,
  type UserSearchItem,
} from '@uap/domain';
import { colleagueAccessKey } from '../../api/same-access.ts';
import { requestIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { DialogError } from '../../components/DialogError.tsx';
import { CommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { UserSearchField } from '../../components/UserSearchDialog/UserSearchField.tsx';
import { SameAccessLines } from './SameAccessLines.tsx';
import { SameAccessRecords } from './SameAccessRecords.tsx';
import type { CompletedUser } from './steps/UserStep.tsx';
import { useCopyRequest } from './use-copy-request.ts';
import { CopyDialogActions } from './CopyDialogActions.tsx';

interface Colleague {
  userId: number;
  displayName: string;
  mail: string;
}

/**
 * "Same access as a colleague": instead of a path and accounts chosen by hand, the requestor
 * searches a colleague, ticks records of theirs (paged on the server), sees what each becomes for
 * the user (Next: the preview), then submits with the wizard's comment and urgency. As the
 * wizard's Create does, a success goes Home with the new request numbers in a message that
 * closes by itself; a refusal stays at the top of the dialog.
 */
export function SameAccessDialog({ user, onClose }: { user: CompletedUser; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [colleague, setColleague] = useState<Colleague | null>(null);
  const [hasNoProfile, setHasNoProfile] = useState(false);
  const records = useRowSelection<ColleagueAccessRow>(requestIdOf);
  const copy = useCopyRequest({
    kind: 'SameAccessAs',
    user,
    choice: () => ({ ColleagueId: colleague?.userId ?? 0, RecordIds: records.selectedIds }),
    previewSchema: sameAccessPreviewInput,
    requestSchema: sameAccessInput,
    onGone: () => {
      // Records ended since they were listed: back to the list, fetched again, to tick again.
      records.clear();
      void queryClient.invalidateQueries({ queryKey: colleagueAccessKey });
    },
  });
  const { lines, note, fields, error } = copy;

  const handlePick = (item: UserSearchItem) => {
    records.clear();
    copy.handleBack();
    // A directory entry without a UAP profile holds no access.
    setHasNoProfile(item.userId === null);
    setColleague(
      item.userId === null
        ? null
        : { userId: item.userId, displayName: item.displayName, mail: item.mail ?? '' },
    );
  };

  return (
    <Dialog
      open
      onClose={copy.isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="lg"
    >
      <DialogTitle id={titleId}>{messages.sameAccessTitle}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        {lines === null ? (
          <>
            <Typography sx={{ mb: 2 }}>{messages.sameAccessIntro}</Typography>
            <Box sx={{ maxWidth: 560, mb: 1 }}>
              <UserSearchField
                label="Colleague email or full name"
                buttonLabel="Search colleague"
                isInternal
                dialogTitle="Select User"
                onPick={handlePick}
              />
            </Box>
            <Typography variant="body2" sx={{ mb: 2 }} aria-live="polite">
              Colleague: {colleague ? `${colleague.displayName} (${colleague.mail})` : 'none selected'}
            </Typography>
            {hasNoProfile && <Alert severity="info">{messages.sameAccessNoRecords}</Alert>}
            {colleague && <SameAccessRecords colleagueId={colleague.userId} selection={records.selection} />}
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{`${colleague?.displayName ?? ''} → ${user.email}`}</Typography>
            <SameAccessLines lines={lines} />
            <CommentAndUrgent state={note} fields={fields} name="comments" />
          </>
        )}
      </DialogContent>
      <CopyDialogActions
        copy={copy}
        nextReason={records.selectedIds.length === 0 ? messages.sameAccessChooseRecords : null}
        onClose={onClose}
      />
    </Dialog>
  );
}
