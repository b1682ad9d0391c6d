import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { messages, type ApproverAssignmentInput, type ApproverAssignmentRow } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useClientsQuery, usePlatformsQuery } from '../../api/catalog.ts';
import { useAdminScopePairs } from '../../api/admin-scope.ts';
import { CascadingSelects, type PathValue } from '../../components/CascadingSelects/CascadingSelects.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { FieldErrorText, useFieldErrors } from '../../components/FieldErrors.tsx';
import { PersonPicker, type PickedPerson } from '../../components/UserSearchDialog/PersonPicker.tsx';

const personOf = (userId: number | null, name: string, email: string): PickedPerson | null =>
  userId === null ? null : { userId, label: `${name} (${email})` };

interface Form {
  path: PathValue;
  platformId: number | null;
  /** Null: every client of the platform ('All'). */
  clientId: number | null;
  approver: PickedPerson | null;
  secondary: PickedPerson | null;
  provisioner: PickedPerson | null;
  backup: PickedPerson | null;
}

function formOf(row: ApproverAssignmentRow | null): Form {
  if (!row) {
    return {
      path: { regionId: null, marketId: null, agencyId: null, practiceId: null },
      platformId: null,
      clientId: null,
      approver: null,
      secondary: null,
      provisioner: null,
      backup: null,
    };
  }
  return {
    path: {
      regionId: row.regionId,
      marketId: row.marketId,
      agencyId: row.agencyId,
      practiceId: row.practiceId,
    },
    platformId: row.platformId,
    clientId: row.clientId,
    approver: personOf(row.userId, row.approverName, row.approverEmail),
    secondary: personOf(row.secondaryApproverId, row.secondaryApproverName, row.secondaryApproverEmail),
    provisioner: personOf(row.provisionerId, row.provisionerName, row.provisionerEmail),
    backup: personOf(row.provisionerBackupId, row.provisionerBackupName, row.provisionerBackupEmail),
  };
}

/**
 * New Approver/Provisioner and modify (spec 2 §2): the path by cascading selects (changing a
 * level clears those below it) down to platform and client ('All' = every client), and a user
 * search for each role. The primary approver is required ('Please search for an approver').
 */
export function AssignmentDialog(props: {
  row: ApproverAssignmentRow | null;
  isPending: boolean;
  onSave: (input: ApproverAssignmentInput, onError: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(props.row));
  const { frame, setError } = useFormDialog(props.isPending, props.onClose);
  // A missing level, platform or primary approver is marked at its field, the first focused.
  const fields = useFieldErrors<keyof PathValue | 'platform' | 'approver'>();
  const scope = useAdminScopePairs();
  const platforms = usePlatformsQuery(form.path.agencyId, form.path.practiceId);
  const clients = useClientsQuery(form.platformId, form.path.agencyId);
  const title = props.row ? 'Modify Approver/Provisioner' : 'New Approver/Provisioner';

  const handleSave = () => {
    const { regionId, marketId, agencyId, practiceId } = form.path;
    const required = (isSet: boolean) => (isSet ? undefined : messages.completeRequiredFields);
    setError(null);
    const isIncomplete = fields.show({
      regionId: required(Boolean(regionId)),
      marketId: required(Boolean(marketId)),
      agencyId: required(Boolean(agencyId)),
      practiceId: required(Boolean(practiceId)),
      platform: required(Boolean(form.platformId)),
    });
    if (isIncomplete || !regionId || !marketId || !agencyId || !practiceId || !form.platformId) {
      return;
    }
    if (!form.approver) {
      fields.show({ approver: messages.searchForApprover });
      return;
    }
    props.onSave(
      {
        regionId,
        marketId,
        agencyId,
        practiceId,
        platformId: form.platformId,
        clientId: form.clientId,
        userId: form.approver.userId,
        secondaryApproverId: form.secondary?.userId ?? null,
        provisionerId: form.provisioner?.userId ?? null,
        provisionerBackupId: form.backup?.userId ?? null,
      },
      (failure) => {
        setError(failure instanceof ApiError ? failure.message : messages.serverError);
      },
    );
  };
  const person = (key: 'approver' | 'secondary' | 'provisioner' | 'backup', role: string) => (
    <PersonPicker
      role={role}
      value={form[key]}
      onChange={(picked) => {
        if (key === 'approver') {
          fields.clear('approver');
        }
        setForm((f) => ({ ...f, [key]: picked }));
      }}
      onError={setError}
      {...(key === 'approver' ? { field: fields.textField('approver') } : {})}
    />
  );

  return (
    <FormDialog {...frame} title={title} maxWidth="md" submitLabel="Save" onSubmit={handleSave}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CascadingSelects
          scope={scope}
          fields={fields}
          value={form.path}
          onChange={(path) => {
            setForm((f) => ({ ...f, path, platformId: null, clientId: null }));
          }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormControl
            fullWidth
            size="small"
            disabled={!form.path.practiceId || !platforms.data}
            ref={fields.ref('platform')}
            error={fields.error('platform') !== undefined}
          >
            <InputLabel id="assignment-platform-label">Platform</InputLabel>
            <Select
              labelId="assignment-platform-label"
              id="assignment-platform"
              label="Platform"
              value={platforms.data ? (form.platformId ?? '') : ''}
              aria-describedby={fields.describedBy('platform')}
              onChange={(e) => {
                fields.clear('platform');
                setForm((f) => ({ ...f, platformId: Number(e.target.value), clientId: null }));
              }}
            >
              {platforms.data?.map((p) => (
                <MenuItem key={p.platformId} value={p.platformId}>
                  {p.description}
                </MenuItem>
              ))}
            </Select>
            <FieldErrorText fields={fields} name="platform" />
          </FormControl>
          <FormControl fullWidth size="small" disabled={!form.platformId || !clients.data}>
            <InputLabel id="assignment-client-label">Client</InputLabel>
            <Select
              labelId="assignment-client-label"
              id="assignment-client"
              label="Client"
              value={clients.data ? (form.clientId ?? 0) : ''}
              onChange={(e) => {
                const clientId = Number(e.target.value);
                setForm((f) => ({ ...f, clientId: clientId === 0 ? null : clientId }));
              }}
            >
              <MenuItem value={0}>All</MenuItem>
              {clients.data?.map((c) => (
                <MenuItem key={c.clientId} value={c.clientId}>
                  {c.description}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {person('approver', 'Primary Approver')}
          {person('secondary', 'Secondary Approver')}
          {person('provisioner', 'Provisioner')}
          {person('backup', 'Provisioner Backup')}
        </Box>
      </Box>
    </FormDialog>
  );
}
