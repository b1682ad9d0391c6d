import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  activeDeactiveInput,
  isExpired,
  messages,
  type ActiveDeactiveInput,
  type UserRecordRow,
} from '@uap/domain';
import { checkMergedProfile, useActiveDeactiveMutation } from '../../api/modify.ts';
import { CommentAndUrgent, useCommentAndUrgent } from '../forms/CommentsField.tsx';
import { FormDialog, useFormDialog } from '../FormDialog.tsx';
import { DateRange, dateIssueFields, todayIso, type Dates } from '../forms/DateRange.tsx';
import type { ModifyOutcome } from './ModifyRequestDialog.tsx';
import { useFieldErrors } from '../FieldErrors.tsx';

interface Props {
  rows: UserRecordRow[];
  isActive: boolean;
  onClose: () => void;
  onDone: (outcome: ModifyOutcome) => void;
}

/** Why a selection cannot be activated together (spec 2 §5), or null. */
function mixIssue(rows: UserRecordRow[]): string | null {
  const unlimited = rows.filter((r) => r.isUnlimited).length;
  if (unlimited > 0 && unlimited < rows.length) {
    return messages.activateMixedLength;
  }
  const expired = rows.filter((r) => isExpired(r.expirationDate)).length;
  return expired > 0 && expired < rows.length ? messages.activateMixedExpiry : null;
}

/** Spec 2 §5: activating an agency-level access with no client assets needs asset records too. */
function agencyWarnings(rows: UserRecordRow[]): string[] {
  const agencies = rows.filter((r) => r.isAgencyAccessWithoutAssets).map((r) => r.agencyName);
  return [...new Set(agencies)].map(messages.activateAgencyWithoutAssets);
}

/** Deactivate or activate one or several records: comment, dates (expired records), urgency. */
export function ActivationDialog({ rows, isActive, onClose, onDone }: Props) {
  const needsRange = isActive && rows.some((r) => isExpired(r.expirationDate));
  const blocked = isActive ? mixIssue(rows) : null;
  const warnings = isActive ? agencyWarnings(rows) : [];
  const [dates, setDates] = useState<Dates>([todayIso(), null]);
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'beginning' | 'expiration' | 'comment'>();
  const [mergedWarning, setMergedWarning] = useState<string | null>(null);
  const mutation = useActiveDeactiveMutation();
  const { frame, setError, showFailure } = useFormDialog(blocked !== null || mutation.isPending, onClose);
  const verb = isActive ? 'Activate' : 'Deactivate';

  const handleSubmit = async () => {
    const body: ActiveDeactiveInput = {
      isActive,
      requests: rows.map((r) => r.requestId),
      comment: note.comments,
      BeginningDate: needsRange ? dates[0] : null,
      ExpirationDate: needsRange ? dates[1] : null,
      IsUrgent: note.isUrgent,
    };
    const { ok, unplaced } = fields.showIssues(activeDeactiveInput.safeParse(body), {
      ...dateIssueFields,
      comment: 'comment',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    if (needsRange && !dates[1]) {
      fields.show({ expiration: messages.activateExpiredFirst });
      return;
    }
    try {
      if (!isActive && mergedWarning === null) {
        // Deactivating first checks the selected records' users for a second (merged) profile and asks to confirm.
        const { errorMessage } = await checkMergedProfile([...new Set(rows.map((r) => r.userId))]);
        if (errorMessage) {
          setMergedWarning(errorMessage);
          return;
        }
      }
      const { requestIds } = await mutation.mutateAsync(body);
      onDone({
        message: `${messages.requestsSentForApproval} ${messages.changeRequestsCreated(requestIds)}`,
        recordId: null,
      });
    } catch (failure) {
      showFailure(failure);
    }
  };

  return (
    <FormDialog
      title={`${verb} Access`}
      {...frame}
      submitLabel={mergedWarning ? 'Continue' : verb}
      onSubmit={handleSubmit}
    >
      <Stack spacing={2}>
        <Typography>
          {rows.length === 1 ? `Record ID ${rows[0]?.requestId}` : `${rows.length} records`}:{' '}
          {[...new Set(rows.map((r) => r.platformName))].join(', ')}
        </Typography>
        {blocked && (
          <Alert severity="error" role="alert">
            {blocked}
          </Alert>
        )}
        {!blocked &&
          warnings.map((warning) => (
            <Alert key={warning} severity="warning">
              {warning}
            </Alert>
          ))}
        {mergedWarning && <Alert severity="warning">{mergedWarning}</Alert>}
        {needsRange && !blocked && (
          <>
            <Alert severity="info">{messages.activateExpiredFirst}</Alert>
            <DateRange value={dates} onChange={setDates} fields={fields} />
          </>
        )}
        <CommentAndUrgent state={note} fields={fields} name="comment" />
      </Stack>
    </FormDialog>
  );
}
