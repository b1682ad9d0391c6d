import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { limits, masterDataTypes, messages, type MasterDataType } from '@uap/domain';
import { useSubmitMasterDataRequest } from '../../api/master-data-requests.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

interface RequestForm {
  type: MasterDataType | '';
  details: string;
}

const empty: RequestForm = { type: '', details: '' };

/** The request form of /MasterDataRequest: Database Type and details, both required (spec 3 §2.2, §5). */
export function MasterDataRequestForm() {
  const { control, handleSubmit, reset, watch } = useForm<RequestForm>({ defaultValues: empty });
  const submit = useSubmitMasterDataRequest();
  const [error, setError] = useDialogError();
  const details = watch('details');

  const handleSend = handleSubmit(({ type, details: comments }) => {
    setError(null);
    submit.mutate(
      { MasterDataType: type as MasterDataType, Comments: comments.trim() },
      {
        onSuccess: (message) => {
          reset(empty);
          notifySuccess(message);
        },
        onError: (failure) => {
          setError(failureText(failure));
        },
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="master-data-request-heading"
      onSubmit={handleSend}
      sx={{ display: 'grid', gap: 2, maxWidth: 640, mb: 4 }}
    >
      <Typography variant="h2" id="master-data-request-heading">
        Request a master data change
      </Typography>
      <Typography>
        Missing a region, market, agency, practice, platform, user type, client, client code or client asset?
        Tell the administrators what to add or change.
      </Typography>
      <DialogError error={error} />
      <Controller
        name="type"
        control={control}
        rules={{ validate: (value) => value !== '' || messages.completeRequiredFields }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Database Type"
            required
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          >
            {masterDataTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="details"
        control={control}
        rules={{ validate: (value) => value.trim() !== '' || messages.completeRequiredFields }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Details"
            required
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: limits.masterDataRequestDetails } }}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ?? `${details.length}/${limits.masterDataRequestDetails} characters`
            }
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={submit.isPending}>
          Submit
        </Button>
      </Box>
    </Box>
  );
}
