import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits, messages, updateExpiredRequestInput, type ApprovalDetail } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useUpdateExpiredRequestMutation } from '../../api/modify.ts';
import { DateRange, todayIso } from '../../components/forms/DateRange.tsx';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';

interface Props {
  detail: ApprovalDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The expired-request edit view: a future length of access for an expired deactivation request. */
export function ExpiredRequestDialog({ detail, onClose, onDone }: Props) {
  const [dates, setDates] = useState<[string | null, string | null]>([todayIso(), null]);
  const [comments, setComments] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'beginning' | 'expiration' | 'comments'>();
  const update = useUpdateExpiredRequestMutation();

  const handleSubmit = () => {
    const body = {
      requestId: detail.requestId,
      BeginningDate: dates[0] ?? '',
      ExpirationDate: dates[1] ?? '',
      comments: comments.trim() === '' ? null : comments,
    };
    const { ok, unplaced } = fields.showIssues(updateExpiredRequestInput.safeParse(body), {
      BeginningDate: 'beginning',
      ExpirationDate: 'expiration',
      comments: 'comments',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        onDone(messages.requestsModified);
      },
      onError: (failure) => {
        setError(failure instanceof ApiError ? failure.message : `Error: ${messages.serverError}`);
      },
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="expired-request-title" fullWidth maxWidth="sm">
      <DialogTitle id="expired-request-title">{`Modify Length Of Access #${detail.requestId}`}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <Stack spacing={2}>
          <Typography>
            {`${detail.requestTypeName} · ${detail.platformName} · ${detail.email} · current access: ${detail.accessDate}`}
          </Typography>
          <DateRange
            beginning={dates[0]}
            expiration={dates[1]}
            onChange={(b, e) => setDates([b, e])}
            fields={fields}
          />
          <TextField
            label="Comments"
            value={comments}
            onChange={(e) => {
              fields.clear('comments');
              setComments(e.target.value);
            }}
            multiline
            rows={3}
            slotProps={{ htmlInput: { maxLength: limits.comment } }}
            fullWidth
            {...fields.textField('comments')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleSubmit} disabled={update.isPending}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
