import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { limits } from '@uap/domain';
import { Controller, type Control } from 'react-hook-form';
import { detailFields, type UserDetails } from '../wizard-state.ts';

/** The user-details form beside the search: six required text fields and the phone. */
export function UserDetailsForm({
  control,
  isPhoneRequired,
  isDisabled,
}: {
  control: Control<UserDetails>;
  isPhoneRequired: boolean;
  isDisabled: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {detailFields.map(({ name, label }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              label={label}
              size="small"
              required={name !== 'OfficeNumber' || isPhoneRequired}
              disabled={isDisabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { maxLength: limits.text } }}
            />
          )}
        />
      ))}
    </Box>
  );
}
