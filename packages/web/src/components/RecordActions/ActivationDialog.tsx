import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { CommentAndUrgent, DialogButtons } from './form-parts.tsx';
import { DateRange, todayIso } from '../forms/DateRange.tsx';
import { failureText } from '../forms/failure-text.ts';
import type { ModifyOutcome } from './ModifyRequestDialog.tsx';
import { DialogError, useDialogError } from '../DialogError.tsx';
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
  const [dates, setDates] = useState<[string | null, string | null]>([todayIso(), null]);
  const [comment, setComment] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'beginning' | 'expiration' | 'comment'>();
  const [mergedWarning, setMergedWarning] = useState<string | null>(null);
  const mutation = useActiveDeactiveMutation();
  const verb = isActive ? 'Activate' : 'Deactivate';

  const handleSubmit = async () => {
    const body: ActiveDeactiveInput = {
      isActive,
      requests: rows.map((r) => r.requestId),
      comment,
      BeginningDate: needsRange ? dates[0] : null,
      ExpirationDate: needsRange ? dates[1] : null,
      IsUrgent: isUrgent,
    };
    const { ok, unplaced } = fields.showIssues(activeDeactiveInput.safeParse(body), {
      BeginningDate: 'beginning',
      ExpirationDate: 'expiration',
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
      setError(failureText(failure));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="activation-title" fullWidth maxWidth="sm">
      <DialogTitle id="activation-title">{`${verb} Access`}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
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
              <DateRange
                beginning={dates[0]}
                expiration={dates[1]}
                onChange={(b, e) => setDates([b, e])}
                fields={fields}
              />
            </>
          )}
          <CommentAndUrgent
            comments={comment}
            isUrgent={isUrgent}
            onComments={(value) => {
              fields.clear('comment');
              setComment(value);
            }}
            onUrgent={setIsUrgent}
            commentsField={fields.textField('comment')}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        submitLabel={mergedWarning ? 'Continue' : verb}
        isDisabled={blocked !== null || mutation.isPending}
        onCancel={onClose}
        onSubmit={handleSubmit}
      />
    </Dialog>
  );
}
