import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { messages, type AdminRegionTableRow } from '@uap/domain';
import { useSaveAdministrator } from '../../api/admins.ts';
import { useAdminScopePairs } from '../../api/admin-scope.ts';
import { useMarketsQuery, useRegionsQuery } from '../../api/new-request.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { PersonField, type Person } from './PersonField.tsx';

function PickOne(props: {
  label: string;
  value: number | null;
  options: { id: number; label: string }[] | undefined;
  onChange: (id: number) => void;
}) {
  const id = `admin-${props.label.toLowerCase()}`;
  return (
    <FormControl fullWidth size="small" disabled={!props.options}>
      <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={props.label}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {props.options?.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * Add or edit an administrator (spec 3 §2.3, §5): a user, a region and a market; Save is enabled
 * once all three are chosen and, on edit, one of them changed. An admin is offered only the
 * (region, market) pairs of its own scope.
 */
export function AdministratorDialog(props: {
  row: AdminRegionTableRow | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const scope = useAdminScopePairs();
  const [regionId, setRegionId] = useState<number | null>(row?.regionId ?? null);
  const [marketId, setMarketId] = useState<number | null>(row?.marketId ?? null);
  const [person, setPerson] = useState<Person | null>(
    row ? { userId: row.userId, label: `${row.name} (${row.email})` } : null,
  );
  const [error, setError] = useDialogError();
  const save = useSaveAdministrator();
  const regions = useRegionsQuery();
  const markets = useMarketsQuery(regionId);
  const inScope = (pick: (pair: { regionId: number; marketId: number }) => boolean) =>
    scope ? scope.some(pick) : true;

  const isComplete = person !== null && regionId !== null && marketId !== null;
  const isChanged =
    !row || row.userId !== person?.userId || row.regionId !== regionId || row.marketId !== marketId;
  const saveBlocker = !isComplete
    ? messages.adminNeedsUserRegionMarket
    : isChanged
      ? null
      : messages.adminNothingChanged;

  const handleSave = () => {
    setError(null);
    save.mutate(
      {
        ...(row ? { adminRegionId: row.adminRegionId } : {}),
        userId: person?.userId ?? null,
        regionId,
        marketId,
      },
      {
        onSuccess: (answer) => props.onDone(answer.message),
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="administrator-title" fullWidth maxWidth="sm">
      <DialogTitle id="administrator-title">
        {row ? 'Edit Administrator' : 'Add New Administrator'}
      </DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <PickOne
            label="Region"
            value={regionId}
            options={regions.data
              ?.filter((r) => inScope((p) => p.regionId === r.regionId))
              .map((r) => ({ id: r.regionId, label: r.description }))}
            onChange={(id) => {
              setRegionId(id);
              setMarketId(null);
            }}
          />
          <PickOne
            label="Market"
            value={marketId}
            options={
              regionId === null
                ? undefined
                : markets.data
                    ?.filter((m) => inScope((p) => p.regionId === regionId && p.marketId === m.marketId))
                    .map((m) => ({ id: m.marketId, label: m.description }))
            }
            onChange={setMarketId}
          />
          <PersonField role="Administrator" person={person} onPick={setPerson} onError={setError} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <DisabledReason reason={saveBlocker}>
          <Button variant="contained" onClick={handleSave} disabled={saveBlocker !== null || save.isPending}>
            Save
          </Button>
        </DisabledReason>
      </DialogActions>
    </Dialog>
  );
}
