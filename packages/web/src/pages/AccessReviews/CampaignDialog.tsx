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
import { useAccessReviewDetailQuery, useSaveAccessReview } from '../../api/access-reviews.ts';
import { reportError } from '../../api/error-store.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { FieldTextField } from '../../components/forms/FieldTextField.tsx';
import { todayIso } from '../../components/forms/DateRange.tsx';
import { PersonField } from '../../components/UserSearchDialog/PersonField.tsx';
import { ScopeFields } from './ScopeFields.tsx';
import {
  checkCampaign,
  formOf,
  newCampaign,
  recurrenceChoices,
  usersChoices,
  whenUndecidedChoices,
  type CampaignForm,
  type Field,
  type ReviewerKind,
} from './campaign-form.ts';

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
    const { parsed, result } = checkCampaign(form);
    const { ok, unplaced } = fields.showIssues(result, {
      name: 'name',
      activeForDays: 'activeForDays',
      scope: 'scope',
      reviewer: 'reviewer',
      dueDate: 'dueDate',
    });
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
          <ChoiceField
            label="Users"
            value={form.internal}
            choices={usersChoices}
            onChange={(internal) => change({ internal })}
          />
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
          <ChoiceField
            label="When undecided"
            value={form.whenUndecided}
            choices={whenUndecidedChoices}
            onChange={(whenUndecided) => change({ whenUndecided })}
          />
          <ChoiceField
            label="Recurrence"
            value={form.recurrence}
            choices={recurrenceChoices}
            onChange={(recurrence) => change({ recurrence })}
          />
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

/** A labelled select of a few words, one per value. */
function ChoiceField<V extends string>(props: {
  label: string;
  value: V;
  choices: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as V)}
    >
      {props.choices.map(([value, words]) => (
        <MenuItem key={value} value={value}>
          {words}
        </MenuItem>
      ))}
    </TextField>
  );
}
