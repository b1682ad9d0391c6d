import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { messages, todayDay, type ClientAccount, type Platform } from '@uap/domain';
import { useClientAccountsQuery, useUserTypesQuery } from '../../api/catalog.ts';
import { FieldErrorText, type FieldErrors, type TextFieldErrorProps } from '../../components/FieldErrors.tsx';
import { bulkSuggestion, rowFieldKey, type AccountRowDraft } from './account-rows.ts';
import { MissingMasterData } from './MissingMasterData.tsx';

const SELECT_ALL = -1;
const selectAllOption = {
  clientAccountId: SELECT_ALL,
  description: 'Select All Assets',
  assetReference: null,
};
type Option = Pick<ClientAccount, 'clientAccountId' | 'description' | 'assetReference'>;

/** Start and end dates of limited access; changing the start clears the end (spec 1 §4). */
export function AccessDates(props: {
  start: string;
  end: string;
  onChange: (dates: { start: string; end: string }) => void;
  startField?: TextFieldErrorProps;
  endField?: TextFieldErrorProps;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <TextField
        type="date"
        label="Start Date"
        size="small"
        value={props.start}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayDay() } }}
        {...props.startField}
        onChange={(e) => {
          props.onChange({ start: e.target.value, end: '' });
        }}
      />
      <TextField
        type="date"
        label="End Date"
        size="small"
        value={props.end}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: props.start || todayDay() } }}
        {...props.endField}
        onChange={(e) => {
          props.onChange({ start: props.start, end: e.target.value });
        }}
      />
    </Box>
  );
}

/** One row of the Add Account(s) dialog. */
export function AccountRowFields(props: {
  index: number;
  row: AccountRowDraft;
  platform: Platform;
  clientId: number | null;
  /** The dialog's Confirm check: each offending field is marked, says why and can be focused. */
  fields: FieldErrors<string>;
  onChange: (row: AccountRowDraft) => void;
}) {
  const { row, platform, index, fields } = props;
  const key = (field: Parameters<typeof rowFieldKey>[1]) => rowFieldKey(row, field);
  // An edited row is checked again at the next Confirm: its marks go.
  const onChange = (next: AccountRowDraft) => {
    for (const field of ['asset', 'userType', 'accounts', 'start', 'end'] as const) {
      fields.clear(key(field));
    }
    props.onChange(next);
  };
  const userTypes = useUserTypesQuery(platform.platformId, row.assetId);
  const accounts = useClientAccountsQuery(row.isSystemAsset ? null : props.clientId, row.assetId);
  const asset = platform.assets.find((a) => a.assetId === row.assetId);
  const suggestion = asset && row.hasWarned ? bulkSuggestion(platform, asset) : null;
  // Without a client only agency-level asset types can be requested (they need no asset names).
  const assetTypes = platform.assets.filter((a) => props.clientId !== null || a.isSystemRecord);
  const hasNoNames = !row.isSystemAsset && accounts.isSuccess && accounts.data.length === 0;
  const options: Option[] = hasNoNames ? [] : [selectAllOption, ...(accounts.data ?? [])];
  const n = index + 1;

  const handleAccounts = (picked: Option[]) => {
    const all = accounts.data ?? [];
    let chosen = picked.filter((o) => o.clientAccountId !== SELECT_ALL);
    if (picked.some((o) => o.clientAccountId === SELECT_ALL)) {
      // The Select-All entry toggles every option.
      chosen = chosen.length === all.length ? [] : all;
    }
    const warn = asset && !row.hasWarned && chosen.length > 5 && bulkSuggestion(platform, asset) !== null;
    onChange({
      ...row,
      accountIds: warn ? [] : chosen.map((o) => o.clientAccountId),
      accountNames: warn ? [] : chosen.map((o) => o.description),
      hasWarned: row.hasWarned || Boolean(warn),
    });
  };

  return (
    <Box
      role="group"
      aria-label={`Account row ${n}`}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, py: 2 }}
    >
      <FormControl size="small" fullWidth ref={fields.ref(key('asset'))} error={!!fields.error(key('asset'))}>
        <InputLabel id={`asset-type-${row.key}`}>Asset Type</InputLabel>
        <Select
          labelId={`asset-type-${row.key}`}
          label="Asset Type"
          aria-describedby={fields.describedBy(key('asset'))}
          value={row.assetId ?? ''}
          onChange={(e) => {
            const next = platform.assets.find((a) => a.assetId === Number(e.target.value));
            // Changing the asset type clears names, user type and dates (spec 1 §4).
            onChange({
              ...row,
              assetId: next?.assetId ?? null,
              assetDescription: next?.description ?? '',
              isSystemAsset: next?.isSystemRecord ?? false,
              platformUserTypeId: null,
              userTypeDescription: '',
              accountIds: [],
              accountNames: [],
              beginningDate: '',
              expirationDate: '',
              hasWarned: false,
            });
          }}
        >
          {assetTypes.map((a) => (
            <MenuItem key={a.assetId} value={a.assetId}>
              {a.description}
            </MenuItem>
          ))}
        </Select>
        <FieldErrorText fields={fields} name={key('asset')} />
      </FormControl>
      <FormControl
        size="small"
        fullWidth
        disabled={!row.assetId}
        ref={fields.ref(key('userType'))}
        error={!!fields.error(key('userType'))}
      >
        <InputLabel id={`user-type-${row.key}`}>Platform User Type</InputLabel>
        <Select
          labelId={`user-type-${row.key}`}
          label="Platform User Type"
          aria-describedby={fields.describedBy(key('userType'))}
          value={row.platformUserTypeId ?? ''}
          onChange={(e) => {
            const type = userTypes.data?.find((t) => t.platformUserTypeId === Number(e.target.value));
            onChange({
              ...row,
              platformUserTypeId: type?.platformUserTypeId ?? null,
              userTypeDescription: type?.description ?? '',
            });
          }}
        >
          {(row.assetId ? (userTypes.data ?? []) : []).map((t) => (
            <MenuItem key={t.platformUserTypeId} value={t.platformUserTypeId}>
              {t.description}
            </MenuItem>
          ))}
        </Select>
        <FieldErrorText fields={fields} name={key('userType')} />
      </FormControl>
      {!row.isSystemAsset && (
        <Autocomplete<Option, true, false, false>
          multiple
          disableCloseOnSelect
          size="small"
          disabled={!row.assetId}
          options={options}
          value={(accounts.data ?? []).filter((a) => row.accountIds.includes(a.clientAccountId))}
          getOptionLabel={(o) => o.description}
          isOptionEqualToValue={(a, b) => a.clientAccountId === b.clientAccountId}
          filterOptions={(opts, state) => {
            const text = state.inputValue.trim().toLowerCase();
            return opts.filter(
              (o) =>
                o.clientAccountId === SELECT_ALL ||
                o.description.toLowerCase().includes(text) ||
                (o.assetReference ?? '').toLowerCase().includes(text),
            );
          }}
          renderOption={(optionProps, o, { selected }) => {
            const { key, ...rest } = optionProps;
            return (
              <li key={key} {...rest}>
                <Checkbox
                  size="small"
                  checked={
                    o.clientAccountId === SELECT_ALL
                      ? row.accountIds.length === (accounts.data?.length ?? -1)
                      : selected
                  }
                />
                {o.description}
                {o.assetReference ? ` (${o.assetReference})` : ''}
              </li>
            );
          }}
          onChange={(_e, picked) => {
            handleAccounts(picked);
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Select Asset Name"
              placeholder="Search name or ID"
              {...fields.textField(key('accounts'))}
            />
          )}
        />
      )}
      <Box>
        <FormControlLabel
          label="Unlimited"
          control={
            <Switch
              checked={row.isUnlimited}
              onChange={(e) => {
                // Switching to Unlimited clears both dates.
                onChange({ ...row, isUnlimited: e.target.checked, beginningDate: '', expirationDate: '' });
              }}
            />
          }
        />
        {!row.isUnlimited && (
          <AccessDates
            start={row.beginningDate}
            end={row.expirationDate}
            startField={fields.textField(key('start'))}
            endField={fields.textField(key('end'))}
            onChange={({ start, end }) => {
              onChange({ ...row, beginningDate: start, expirationDate: end });
            }}
          />
        )}
      </Box>
      {hasNoNames && asset && (
        <MissingMasterData message={messages.noAssetNamesForClient(asset.description)} />
      )}
      {suggestion && row.accountIds.length === 0 && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {messages.tooManySingleAssets(suggestion)}
        </Alert>
      )}
    </Box>
  );
}
