import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { messages } from '@uap/domain';
import { useAccessBundleDetailQuery, useSaveAccessBundle } from '../../api/access-bundles.ts';
import { useAdminScopePairs } from '../../api/admin-scope.ts';
import { useAgenciesQuery, useMarketsQuery, useRegionsQuery } from '../../api/catalog.ts';
import { reportError } from '../../api/error-store.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { FieldTextField } from '../../components/forms/FieldTextField.tsx';
import { OptionSelect } from '../../components/forms/OptionSelect.tsx';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { AddAccessDialog } from './AddAccessDialog.tsx';
import {
  checkBundle,
  emptyBundle,
  fieldOfKey,
  formOf,
  refusalIssues,
  type BundleField,
  type BundleForm,
} from './bundle-form.ts';

/**
 * New bundle, or the edit of one (`bundleId` and its `initial` values): a name, the place (the
 * region and market of the caller's admin rows, every one for a super admin, and an agency), and
 * its accesses, each added through "Add access" and removed by its own button. The place is kept
 * while accesses are listed: they are picked on it. A refusal is shown at its field, or first in
 * the dialog.
 */
export function BundleFormDialog(props: {
  bundleId?: number;
  initial?: BundleForm;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form, setForm] = useState<BundleForm>(props.initial ?? emptyBundle);
  const [isAdding, setIsAdding] = useState(false);
  const fields = useFieldErrors<BundleField>();
  const save = useSaveAccessBundle();
  const { frame, setError, showFailure } = useFormDialog(save.isPending, props.onClose);
  const scope = useAdminScopePairs();
  const regions = useRegionsQuery();
  const markets = useMarketsQuery(form.regionId);
  const agencies = useAgenciesQuery(form.marketId);
  const change = (part: Partial<BundleForm>) => setForm((current) => ({ ...current, ...part }));
  const inScope = (pick: (pair: { regionId: number; marketId: number }) => boolean) =>
    scope === null ? true : (scope?.some(pick) ?? false);
  const isPlaceLocked = form.items.length > 0;

  const handleSave = () => {
    const parsed = checkBundle(form);
    const { ok, unplaced } = fields.showIssues(parsed, fieldOfKey);
    setError(unplaced);
    if (!ok || !parsed.success) {
      return;
    }
    save.mutate(
      { bundleId: props.bundleId, input: parsed.data },
      {
        onSuccess: props.onDone,
        onError: (failure) => {
          const issues = refusalIssues(failure);
          if (!issues) {
            showFailure(failure);
            return;
          }
          setError(fields.showIssues({ success: false, error: { issues } }, fieldOfKey).unplaced);
        },
      },
    );
  };

  return (
    <FormDialog
      {...frame}
      title={props.bundleId === undefined ? 'New Bundle' : 'Edit Bundle'}
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
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <OptionSelect
            idPrefix="bundle"
            label="Region"
            value={form.regionId}
            fields={fields}
            name="regionId"
            isDisabled={isPlaceLocked}
            options={
              scope === undefined
                ? undefined
                : regions.data
                    ?.filter((r) => inScope((p) => p.regionId === r.regionId))
                    .map((r) => ({ id: r.regionId, label: r.description }))
            }
            onChange={(regionId) => change({ regionId, marketId: null, agencyId: null })}
          />
          <OptionSelect
            idPrefix="bundle"
            label="Market"
            value={form.marketId}
            fields={fields}
            name="marketId"
            isDisabled={isPlaceLocked || form.regionId === null}
            options={markets.data
              ?.filter((m) => inScope((p) => p.regionId === form.regionId && p.marketId === m.marketId))
              .map((m) => ({ id: m.marketId, label: m.description }))}
            onChange={(marketId) => change({ marketId, agencyId: null })}
          />
          <OptionSelect
            idPrefix="bundle"
            label="Agency"
            value={form.agencyId}
            fields={fields}
            name="agencyId"
            isDisabled={isPlaceLocked || form.marketId === null}
            options={agencies.data?.map((a) => ({ id: a.agencyId, label: a.description }))}
            onChange={(agencyId) => change({ agencyId })}
          />
        </Box>
        <Box ref={fields.ref('items')}>
          <Typography component="h3" variant="subtitle1">
            Accesses
          </Typography>
          {form.items.length > 0 && (
            <List dense aria-label="Accesses of the bundle">
              {form.items.map((d, i) => (
                <ListItem
                  key={d.key}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove access ${i + 1}`}
                      onClick={() => {
                        fields.clear('items');
                        change({ items: form.items.filter((x) => x.key !== d.key) });
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={`${i + 1}. ${d.names.join(' · ')}`}
                    secondary={d.unavailable === null ? null : messages.bundleItemUnavailable(d.unavailable)}
                    slotProps={{ secondary: { color: 'error' } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {fields.error('items') && (
            <Typography id={fields.messageId('items')} color="error" variant="body2" role="alert">
              {fields.error('items')}
            </Typography>
          )}
          <ReasonButton
            sx={{ mt: 1 }}
            variant="outlined"
            startIcon={<AddIcon />}
            reason={form.agencyId === null ? messages.bundleNeedsPlace : null}
            onClick={() => setIsAdding(true)}
          >
            Add access
          </ReasonButton>
        </Box>
      </Box>
      {isAdding && form.agencyId !== null && (
        <AddAccessDialog
          agencyId={form.agencyId}
          onClose={() => setIsAdding(false)}
          onAdd={(items) => {
            fields.clear('items');
            change({ items: [...form.items, ...items] });
            setIsAdding(false);
          }}
        />
      )}
    </FormDialog>
  );
}

/** Edit a bundle: its detail is read first, then the form opens holding it. */
export function EditBundleDialog(props: {
  bundleId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const detail = useAccessBundleDetailQuery(props.bundleId);
  useEffect(() => {
    if (detail.error) {
      reportError(detail.error);
      props.onClose();
    }
  }, [detail.error, props]);
  return detail.data ? (
    <BundleFormDialog
      bundleId={props.bundleId}
      initial={formOf(detail.data)}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  ) : null;
}
