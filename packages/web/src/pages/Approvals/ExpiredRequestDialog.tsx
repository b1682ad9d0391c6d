import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, updateExpiredRequestInput, type ApprovalDetail } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useUpdateExpiredRequestMutation } from '../../api/modify.ts';
import { DateRange, dateIssueFields, todayIso, type Dates } from '../../components/forms/DateRange.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentsField } from '../../components/forms/CommentsField.tsx';

interface Props {
  detail: ApprovalDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The expired-request edit view: a future length of access for an expired deactivation request. */
export function ExpiredRequestDialog({ detail, onClose, onDone }: Props) {
  const [dates, setDates] = useState<Dates>([todayIso(), null]);
  const [comments, setComments] = useState('');
  const fields = useFieldErrors<'beginning' | 'expiration' | 'comments'>();
  const update = useUpdateExpiredRequestMutation();
  const { frame, setError } = useFormDialog(update.isPending, onClose);

  const handleSubmit = () => {
    const body = {
      requestId: detail.requestId,
      BeginningDate: dates[0] ?? '',
      ExpirationDate: dates[1] ?? '',
      comments: comments.trim() === '' ? null : comments,
    };
    const { ok, unplaced } = fields.showIssues(updateExpiredRequestInput.safeParse(body), {
      ...dateIssueFields,
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
    <FormDialog {...frame} title={`Modify Length Of Access #${detail.requestId}`} onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <Typography>
          {`${detail.requestTypeName} · ${detail.platformName} · ${detail.email} · current access: ${detail.accessDate}`}
        </Typography>
        <DateRange value={dates} onChange={setDates} fields={fields} />
        <CommentsField value={comments} onValue={setComments} fields={fields} name="comments" />
      </Stack>
    </FormDialog>
  );
}
