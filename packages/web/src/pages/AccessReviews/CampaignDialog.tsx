import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  accessReviewInput,
  accessReviewScopeLists,
  messages,
  type AccessReviewDetail,
  type WhenUndecided,
} from '@uap/domain';
import { useAccessReviewDetailQuery, useSaveAccessReview } from '../../api/access-reviews.ts';
import { reportError } from '../../api/error-store.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { FieldTextField } from '../../components/forms/FieldTextField.tsx';
import { todayIso } from '../../components/forms/DateRange.tsx';
import { PersonField, type Person } from '../../components/UserSearchDialog/PersonField.tsx';
import { emptyScopeLists, ScopeFields, type ScopeLists } from './ScopeFields.tsx';

type Field = 'name' | 'scope' | 'reviewer' | 'dueDate' | 'activeForDays';
type ReviewerKind = 'approver' | 'manager' | 'user';

/** What the form holds of a campaign (a draft being edited gives its own). */
export interface CampaignForm {
  name: string;
  scope: ScopeLists;
  internal: 'both' | 'internal' | 'external';
  activeForDays: string;
  reviewer: ReviewerKind;
  person: Person | null;
  dueDate: string;
  whenUndecided: WhenUndecided;
  recurrence: '' | '3' | '6' | '12';
}

const newCampaign = (): CampaignForm => ({
  name: '',
  scope: emptyScopeLists,
  internal: 'both',
  activeForDays: '',
  reviewer: 'approver',
  person: null,
  dueDate: '',
  whenUndecided: 'keep',
  recurrence: '',
});

/** What the form holds of a draft, from its detail (GET api/AccessReviews/{id}). */
function formOf(detail: AccessReviewDetail): CampaignForm {
  const scope = { ...emptyScopeLists };
  for (const list of accessReviewScopeLists) {
    scope[list] = [...(detail.scope[list] ?? [])];
  }
  const internal = detail.scope.internal;
  return {
    name: detail.name,
    scope,
    internal: internal === true ? 'internal' : internal === false ? 'external' : 'both',
    activeForDays: detail.scope.activeForDays ? String(detail.scope.activeForDays) : '',
    reviewer: typeof detail.reviewer === 'string' ? detail.reviewer : 'user',
    person:
      typeof detail.reviewer === 'string'
        ? null
        : { userId: detail.reviewer.userId, label: detail.reviewerText },
    dueDate: detail.dueDate.slice(0, 10),
    whenUndecided: detail.whenUndecided,
    recurrence: detail.recurrenceMonths
      ? (String(detail.recurrenceMonths) as CampaignForm['recurrence'])
      : '',
  };
}

/** The call's body of what the form holds; the schema checks it (and the server again). */
function inputOf(form: CampaignForm): unknown {
  const named = Object.fromEntries(
    accessReviewScopeLists
      .filter((list) => form.scope[list].length > 0)
      .map((list) => [list, form.scope[list]]),
  );
  return {
    name: form.name.trim(),
    scope: {
      ...named,
      ...(form.internal === 'both' ? {} : { internal: form.internal === 'internal' }),
      ...(form.activeForDays.trim() === '' ? {} : { activeForDays: Number(form.activeForDays) }),
    },
    reviewer: form.reviewer === 'user' ? { userId: form.person?.userId ?? 0 } : form.reviewer,
    dueDate: form.dueDate,
    whenUndecided: form.whenUndecided,
    ...(form.recurrence === '' ? {} : { recurrenceMonths: Number(form.recurrence) }),
  };
}

/**
 * New campaign, or the edit of a draft (`reviewId` and its `initial` values): a name, the scope
 * (any mix of the catalog's kinds, internal or external users, records active for more than N
 * days), who reviews, the due date, what happens to undecided items and the recurrence.
 */
export function CampaignDialog(props: {
  reviewId?: number;
  initial?: CampaignForm;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form, setForm] = useState<CampaignForm>(props.initial ?? newCampaign);
  const fields = useFieldErrors<Field>();
  const save = useSaveAccessReview();
  const { frame, setError, showFailure } = useFormDialog(save.isPending, props.onClose);
  const change = (part: Partial<CampaignForm>) => setForm((current) => ({ ...current, ...part }));

  const handleSave = () => {
    const parsed = accessReviewInput.safeParse(inputOf(form));
    // A named reviewer not chosen yet: said at the search field, before what the schema says.
    const noPerson = form.reviewer === 'user' && form.person === null;
    const days = form.activeForDays.trim();
    const badDays = days !== '' && !(Number.isInteger(Number(days)) && Number(days) >= 1);
    const issues = [
      ...(noPerson ? [{ path: ['reviewer'], message: messages.accessReviewChooseReviewer }] : []),
      ...(badDays ? [{ path: ['activeForDays'], message: messages.accessReviewActiveDays }] : []),
      // The days are checked above, in words of their own, at their field.
      ...(parsed.error?.issues ?? []).filter((issue) => issue.path[1] !== 'activeForDays'),
    ];
    const { ok, unplaced } = fields.showIssues(
      { success: issues.length === 0, error: { issues } },
      {
        name: 'name',
        activeForDays: 'activeForDays',
        scope: 'scope',
        reviewer: 'reviewer',
        dueDate: 'dueDate',
      },
    );
    setError(unplaced);
    if (!ok || !parsed.success) {
      return;
    }
    save.mutate(
      { reviewId: props.reviewId, input: parsed.data },
      { onSuccess: props.onDone, onError: showFailure },
    );
  };

  return (
    <FormDialog
      {...frame}
      title={props.reviewId === undefined ? 'New Campaign' : 'Edit Campaign'}
      maxWidth="md"
      submitLabel="Save"
      onSubmit={handleSave}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FieldTextField
          label="Name"
          value={form.name}
          fields={fields}
          name="name"
          onValue={(name) => change({ name })}
          fullWidth
          required
        />
        <Typography component="h3" variant="subtitle1">
          Scope
        </Typography>
        <Box ref={fields.ref('scope')}>
          <ScopeFields
            value={form.scope}
            onChange={(scope) => {
              fields.clear('scope');
              change({ scope });
            }}
          />
          {fields.error('scope') && (
            <Typography id={fields.messageId('scope')} color="error" variant="body2" role="alert">
              {fields.error('scope')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            size="small"
            label="Users"
            value={form.internal}
            onChange={(e) => change({ internal: e.target.value as CampaignForm['internal'] })}
          >
            <MenuItem value="both">Internal and external</MenuItem>
            <MenuItem value="internal">Internal only</MenuItem>
            <MenuItem value="external">External only</MenuItem>
          </TextField>
          <FieldTextField
            label="Active for more than (days)"
            size="small"
            type="number"
            value={form.activeForDays}
            fields={fields}
            name="activeForDays"
            onValue={(activeForDays) => change({ activeForDays })}
            helperText="Empty: any record, however recent."
            slotProps={{ htmlInput: { min: 0 } }}
          />
        </Box>
        <FormControl>
          <FormLabel id="campaign-reviewer">Reviewer</FormLabel>
          <RadioGroup
            aria-labelledby="campaign-reviewer"
            value={form.reviewer}
            onChange={(e) => {
              fields.clear('reviewer');
              change({ reviewer: e.target.value as ReviewerKind });
            }}
          >
            <FormControlLabel
              value="approver"
              control={<Radio />}
              label="The approver of the record's path"
            />
            <FormControlLabel value="manager" control={<Radio />} label="The user's manager" />
            <FormControlLabel value="user" control={<Radio />} label="A named person" />
          </RadioGroup>
        </FormControl>
        {form.reviewer === 'user' && (
          <PersonField
            role="Reviewer"
            person={form.person}
            onPick={(person) => {
              fields.clear('reviewer');
              change({ person });
            }}
            onError={setError}
            field={fields.textField('reviewer')}
          />
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <FieldTextField
            label="Due date"
            type="date"
            size="small"
            value={form.dueDate}
            fields={fields}
            name="dueDate"
            onValue={(dueDate) => change({ dueDate })}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
          />
          <TextField
            select
            size="small"
            label="When undecided"
            value={form.whenUndecided}
            onChange={(e) => change({ whenUndecided: e.target.value as CampaignForm['whenUndecided'] })}
          >
            <MenuItem value="keep">Keep the access</MenuItem>
            <MenuItem value="revoke">Revoke the access</MenuItem>
            <MenuItem value="administrators">Hand to the administrators</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label="Recurrence"
            value={form.recurrence}
            onChange={(e) => change({ recurrence: e.target.value as CampaignForm['recurrence'] })}
          >
            <MenuItem value="">Once</MenuItem>
            <MenuItem value="3">Every 3 months</MenuItem>
            <MenuItem value="6">Every 6 months</MenuItem>
            <MenuItem value="12">Every 12 months</MenuItem>
          </TextField>
        </Box>
      </Box>
    </FormDialog>
  );
}

/** Edit a draft: its detail is read first, then the form opens holding it. */
export function EditCampaignDialog(props: {
  reviewId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const detail = useAccessReviewDetailQuery(props.reviewId);
  useEffect(() => {
    if (detail.error) {
      reportError(detail.error);
      props.onClose();
    }
  }, [detail.error, props]);
  return detail.data ? (
    <CampaignDialog
      reviewId={props.reviewId}
      initial={formOf(detail.data)}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  ) : null;
}
