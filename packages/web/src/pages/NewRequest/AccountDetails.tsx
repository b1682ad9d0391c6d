import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { limits, type Client, type Platform } from '@uap/domain';

export interface AccountChoice {
  platformId: number | null;
  clientId: number | null;
  clientCodeId: number | null;
  productCode: string;
}

export const emptyAccount: AccountChoice = {
  platformId: null,
  clientId: null,
  clientCodeId: null,
  productCode: '',
};

function IdSelect(props: {
  label: string;
  value: number | null;
  options: { id: number; label: string }[];
  isDisabled: boolean;
  onChange: (id: number) => void;
}) {
  const id = `account-${props.label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <FormControl size="small" fullWidth disabled={props.isDisabled}>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select
        labelId={id}
        label={props.label}
        value={props.value ?? ''}
        onChange={(e) => {
          props.onChange(Number(e.target.value));
        }}
      >
        {props.options.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Step 2 Account Details: Platform Name, Client Name, Client Code, Product Code (max 20). */
export function AccountDetails(props: {
  value: AccountChoice;
  platforms: Platform[];
  clients: Client[];
  isLocked: boolean;
  onPlatform: (platformId: number) => void;
  onChange: (next: AccountChoice) => void;
}) {
  const { value, onChange, isLocked } = props;
  const client = props.clients.find((c) => c.clientId === value.clientId);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
      <IdSelect
        label="Platform Name"
        value={value.platformId}
        isDisabled={isLocked || props.platforms.length === 0}
        options={props.platforms.map((p) => ({ id: p.platformId, label: p.description }))}
        onChange={props.onPlatform}
      />
      <IdSelect
        label="Client Name"
        value={value.clientId}
        isDisabled={isLocked || props.clients.length === 0}
        options={props.clients.map((c) => ({ id: c.clientId, label: c.description }))}
        onChange={(clientId) => {
          onChange({ ...value, clientId, clientCodeId: null });
        }}
      />
      <IdSelect
        label="Client Code"
        value={value.clientCodeId}
        isDisabled={isLocked || !client}
        options={(client?.clientCode ?? []).map((c) => ({ id: c.clientCodeId, label: c.code }))}
        onChange={(clientCodeId) => {
          onChange({ ...value, clientCodeId });
        }}
      />
      <TextField
        label="Product Code"
        size="small"
        value={value.productCode}
        disabled={isLocked}
        onChange={(e) => {
          onChange({ ...value, productCode: e.target.value });
        }}
        slotProps={{ htmlInput: { maxLength: limits.productCode } }}
      />
    </Box>
  );
}
