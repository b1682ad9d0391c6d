import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  limits,
  masterDataTypes,
  type MasterDataItemRef,
  type MasterDataRequestHistoryRow,
  type MasterDataType,
} from '@uap/domain';
import { useMarkMasterDataRequestDone, useMasterDataItemOptions } from '../../api/master-data-requests.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { useDebouncedValue } from '../../components/DataTable/use-debounced-value.ts';

const isMasterDataType = (value: string): value is MasterDataType =>
  (masterDataTypes as readonly string[]).includes(value);

/**
 * Marks a master data request done, optionally naming the item of its type that was created
 * (looked up by name), so the requester sees what came of it.
 */
export function MarkDoneDialog(props: {
  row: MasterDataRequestHistoryRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const type = isMasterDataType(row.masterDataType) ? row.masterDataType : 'Region';
  const [item, setItem] = useState<MasterDataItemRef | null>(row.doneItem);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, limits.filterDebounceMs).trim();
  const options = useMasterDataItemOptions(type, search);
  const markDone = useMarkMasterDataRequestDone();
  const { frame, setError, showFailure } = useFormDialog(markDone.isPending, props.onClose);

  const handleSave = () => {
    setError(null);
    markDone.mutate(
      { id: row.id, itemId: item?.id ?? null },
      { onSuccess: props.onDone, onError: showFailure },
    );
  };

  return (
    <FormDialog {...frame} title="Mark request done" submitLabel="Mark done" onSubmit={handleSave}>
      <Typography sx={{ mb: 1 }}>
        {row.masterDataType} requested by {row.createdByUser.name} {row.createdByUser.lastName}:
      </Typography>
      <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>{row.comments}</Typography>
      <Autocomplete
        options={options.data ?? []}
        value={item}
        loading={options.isFetching}
        filterOptions={(x) => x}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(o) => `${o.description} (#${o.id})`}
        onChange={(_event, value) => {
          setItem(value);
        }}
        onInputChange={(_event, value) => {
          setInput(value);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={`${row.masterDataType} created (optional)`}
            helperText="Links the request to the item it created or changed."
          />
        )}
      />
    </FormDialog>
  );
}
