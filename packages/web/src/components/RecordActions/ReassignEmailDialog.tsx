import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, reassignRequestInput, type ReassignRequestInput, type UserSearchItem } from '@uap/domain';
import { useReassignMutation } from '../../api/modify.ts';
import { UserSearchField } from '../UserSearchDialog/UserSearchField.tsx';
import { CommentAndUrgent, useCommentAndUrgent } from '../forms/CommentsField.tsx';
import { FormDialog, useFormDialog } from '../FormDialog.tsx';
import type { ModifyOutcome } from './ModifyRequestDialog.tsx';
import { useFieldErrors } from '../FieldErrors.tsx';

interface Props {
  requestId: number;
  isRecord: boolean;
  currentUserEmail: string;
  onClose: () => void;
  onDone: (outcome: ModifyOutcome) => void;
}

const isSameUser = (mail: string | null, currentUserEmail: string) =>
  mail?.toLowerCase() === currentUserEmail.toLowerCase();

/**
 * Reassign Non-Personal User Email (spec 1 §2.6): the new user is picked through the directory
 * search and its 'Select User' modal, then a comment and urgency.
 */
export function ReassignEmailDialog({ requestId, isRecord, currentUserEmail, onClose, onDone }: Props) {
  const [newUser, setNewUser] = useState<UserSearchItem | null>(null);
  const note = useCommentAndUrgent();
  // A missing or wrong new user, or a short comment, is shown and focused at its field.
  const fields = useFieldErrors<'email' | 'comments'>();
  const reassign = useReassignMutation();
  const { frame, setError, showFailure } = useFormDialog(reassign.isPending, onClose);

  const handlePick = (item: UserSearchItem) => {
    if (isSameUser(item.mail, currentUserEmail)) {
      setNewUser(null);
      setError(messages.sameUserReassign);
      return;
    }
    setNewUser(item);
    setError(null);
    fields.clear('email');
  };

  const handleSubmit = async () => {
    const body: ReassignRequestInput = {
      requestId,
      IsRequest: !isRecord,
      ReassignedPrimaryEmail: newUser?.mail?.toLowerCase() ?? '',
      IsReassignedRequest: true,
      IsInternal: newUser?.isInternal ?? null,
      comments: note.comments,
      IsUrgent: note.isUrgent,
    };
    const { ok, unplaced } = fields.showIssues(reassignRequestInput.safeParse(body), {
      ReassignedPrimaryEmail: 'email',
      comments: 'comments',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    if (isSameUser(body.ReassignedPrimaryEmail ?? null, currentUserEmail)) {
      fields.show({ email: messages.sameUserReassign });
      return;
    }
    try {
      const { changeRequestId } = await reassign.mutateAsync(body);
      onDone({
        message: isRecord
          ? `${messages.requestsSentForApproval} ${messages.changeRequestsCreated([changeRequestId])}`
          : messages.requestsModified,
        recordId: isRecord ? requestId : null,
      });
    } catch (failure) {
      showFailure(failure);
    }
  };

  return (
    <FormDialog {...frame} title="Reassign Non-Personal User Email" onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <Typography>
          Record ID {requestId} · current user {currentUserEmail}
        </Typography>
        <UserSearchField
          label="New user: corporate email or full name"
          buttonLabel="Search"
          isInternal
          dialogTitle="Select User"
          invalidEmailMessage={messages.enterValidNewUserEmail}
          field={fields.textField('email')}
          onPick={handlePick}
        />
        <Typography variant="body2" aria-live="polite">
          New User Email: {newUser ? `${newUser.displayName} (${newUser.mail ?? ''})` : 'none selected'}
        </Typography>
        <CommentAndUrgent state={note} fields={fields} name="comments" />
      </Stack>
    </FormDialog>
  );
}
