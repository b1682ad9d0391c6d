import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  messages,
  modificationTypeLabels,
  modificationTypes,
  updateRequestInput,
  type ModificationType,
  type RequestDetail,
  type UpdateRequestInput,
} from '@uap/domain';
import {
  useAccountAccessQuery,
  useRequestDetailQuery,
  useUpdateMultipleMutation,
  useUpdateRequestMutation,
} from '../../api/modify.ts';
import { CommentAndUrgent, useCommentAndUrgent } from '../forms/CommentsField.tsx';
import { DialogButtons } from '../FormDialog.tsx';
import { DateRange, dateIssueFields, todayIso, type Dates } from '../forms/DateRange.tsx';
import { FieldTextField } from '../forms/FieldTextField.tsx';
import { failureText } from '../forms/failure-text.ts';
import { DialogError, useDialogError } from '../DialogError.tsx';
import { useFieldErrors } from '../FieldErrors.tsx';

export interface ModifyOutcome {
  message: string;
  /** A record was modified: offer to open it (spec 1 §4, status Completed or Archived). */
  recordId: number | null;
}

interface Props {
  /** One line, or several records whose role changes together. */
  requestIds: number[];
  isRecord: boolean;
  onClose: () => void;
  onDone: (outcome: ModifyOutcome) => void;
}

/** The Modify Request modal: User Role, Platform Email or Length Of Access, comment and urgency. */
export function ModifyRequestDialog({ requestIds, isRecord, onClose, onDone }: Props) {
  const firstId = requestIds[0] ?? null;
  const detail = useRequestDetailQuery(firstId, isRecord);
  return (
    <Dialog open onClose={onClose} aria-labelledby="modify-title" fullWidth maxWidth="sm">
      <DialogTitle id="modify-title">Modify Request</DialogTitle>
      {detail.data ? (
        <ModifyForm
          // One form per request: a background refetch of the detail must not wipe what the user typed.
          key={firstId}
          detail={detail.data}
          requestIds={requestIds}
          onClose={onClose}
          onDone={onDone}
          onFailure={() => void detail.refetch()}
        />
      ) : (
        <DialogContent>
          <Typography>{detail.isError ? failureText(detail.error) : 'Loading…'}</Typography>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ModifyForm(props: {
  detail: RequestDetail;
  requestIds: number[];
  onClose: () => void;
  onDone: (outcome: ModifyOutcome) => void;
  onFailure: () => void;
}) {
  const { detail, requestIds } = props;
  const isMultiple = requestIds.length > 1;
  const [kind, setKind] = useState<ModificationType>(isMultiple ? 'UserRole' : 'LengthOfAccess');
  const [roleId, setRoleId] = useState<number | null>(detail.platformUserTypeId);
  const [email, setEmail] = useState('');
  const [isUnlimited, setIsUnlimited] = useState(detail.isUnlimited);
  const [dates, setDates] = useState<Dates>([todayIso(), detail.expirationDate?.slice(0, 10) ?? null]);
  const note = useCommentAndUrgent();
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'role' | 'email' | 'beginning' | 'expiration' | 'comments'>();
  const roles = useAccountAccessQuery(detail.assetId, detail.platformId);
  const single = useUpdateRequestMutation();
  const multiple = useUpdateMultipleMutation();

  const handleSubmit = async () => {
    // BeginningDate is sent null when ExpirationDate is null (spec 1 §5).
    const [beginning, expiration] = isUnlimited ? [null, null] : dates;
    const body: UpdateRequestInput = {
      requestId: detail.requestId,
      ModificationType: kind,
      IsRequest: !detail.isRecord,
      platformUserTypeId: kind === 'UserRole' ? roleId : null,
      UserPlatformEmail: kind === 'PlatformEmail' ? email : null,
      BeginningDate: kind === 'LengthOfAccess' && expiration ? beginning : null,
      ExpirationDate: kind === 'LengthOfAccess' ? expiration : null,
      PlatformId: detail.platformId,
      AgencyId: detail.agencyId,
      businessAccess: detail.businessAccess,
      comments: note.comments,
      IsUrgent: note.isUrgent,
    };
    const { ok, unplaced } = fields.showIssues(updateRequestInput.safeParse(body), {
      platformUserTypeId: 'role',
      UserPlatformEmail: 'email',
      ...dateIssueFields,
      comments: 'comments',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    try {
      let changeRequestId: number | null = null;
      if (isMultiple) {
        await multiple.mutateAsync({
          Requests: requestIds,
          platformUserTypeId: roleId,
          comments: note.comments,
          IsUrgent: note.isUrgent,
        });
      } else {
        ({ changeRequestId } = await single.mutateAsync(body));
      }
      const sent =
        changeRequestId === null
          ? messages.requestsSentForApproval
          : `${messages.requestsSentForApproval} ${messages.changeRequestsCreated([changeRequestId])}`;
      props.onDone({
        message: detail.isRecord ? sent : messages.requestsModified,
        recordId: detail.isRecord ? detail.requestId : null,
      });
    } catch (failure) {
      setError(failureText(failure));
      props.onFailure();
    }
  };

  return (
    <>
      <DialogContent dividers>
        <DialogError error={error} />
        <Stack spacing={2}>
          <Typography>
            {isMultiple ? `${requestIds.length} records` : `Record ID ${detail.requestId}`} ·{' '}
            {detail.platformName} · {detail.platformUserTypeName ?? ''} · {detail.email}
          </Typography>
          <Alert severity={detail.pendingChange ? 'warning' : 'info'}>
            {messages.modifyOneChangeAtATime}
            {detail.pendingChange
              ? ` Pending: request #${detail.pendingChange.requestId} (${detail.pendingChange.status.description}).`
              : ''}
          </Alert>
          <FormLabel id="modification-type">Modification type</FormLabel>
          <RadioGroup
            row
            aria-labelledby="modification-type"
            value={kind}
            onChange={(e) => setKind(e.target.value as ModificationType)}
          >
            {modificationTypes.map((t) => (
              <FormControlLabel
                key={t}
                value={t}
                control={<Radio />}
                label={modificationTypeLabels[t]}
                disabled={isMultiple && t !== 'UserRole'}
              />
            ))}
          </RadioGroup>
          {kind === 'UserRole' && (
            <FieldTextField
              select
              label="Platform User Type"
              value={roleId ?? ''}
              fields={fields}
              name="role"
              onValue={(value) => setRoleId(Number(value))}
              fullWidth
            >
              {(roles.data ?? []).map((r) => (
                <MenuItem key={r.platformUserTypeId} value={r.platformUserTypeId}>
                  {r.description}
                </MenuItem>
              ))}
            </FieldTextField>
          )}
          {kind === 'PlatformEmail' && (
            <FieldTextField
              label="New Platform Email"
              value={email}
              fields={fields}
              name="email"
              onValue={setEmail}
              fullWidth
            />
          )}
          {kind === 'LengthOfAccess' && (
            <>
              <FormControlLabel
                control={<Switch checked={isUnlimited} onChange={(e) => setIsUnlimited(e.target.checked)} />}
                label="Unlimited"
              />
              {!isUnlimited && <DateRange value={dates} onChange={setDates} fields={fields} />}
            </>
          )}
          <CommentAndUrgent state={note} fields={fields} name="comments" />
        </Stack>
      </DialogContent>
      <DialogButtons
        isDisabled={single.isPending || multiple.isPending}
        onCancel={props.onClose}
        onSubmit={handleSubmit}
      />
    </>
  );
}
