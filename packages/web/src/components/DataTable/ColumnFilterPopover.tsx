import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import type { ColumnFilterMenuProps } from './ColumnFilterMenu.tsx';

function OptionList(props: ColumnFilterMenuProps & { onClose: () => void }) {
  const { column, header, selected, query, queryKey, fetchOptions, onApply, onClose } = props;
  const {
    data: options,
    isPending,
    isError,
  } = useQuery({
    queryKey: [...queryKey, 'filter-options', column, { ...query, page: 1 }],
    queryFn: ({ signal }) => fetchOptions(column, query, signal),
    meta: { errorDialog: false },
  });
  const [picked, setPicked] = useState<string[] | null>(selected);
  const [search, setSearch] = useState('');
  if (isPending) {
    return <CircularProgress aria-label="Loading" size={24} sx={{ m: 2 }} />;
  }
  if (isError) {
    return <Typography sx={{ p: 2 }}>{messages.errorGettingRecords}</Typography>;
  }
  const chosen = new Set(picked ?? options);
  const isAllChosen = options.every((o) => chosen.has(o));
  const visible = options.filter((o) => o.toLowerCase().includes(search.trim().toLowerCase()));
  const toggle = (value: string) => {
    const next = new Set(chosen);
    if (next.has(value)) {
      next.delete(value);
    } else {
      next.add(value);
    }
    setPicked(options.filter((o) => next.has(o)));
  };
  const handleApply = () => {
    onApply(isAllChosen ? null : options.filter((o) => chosen.has(o)));
    onClose();
  };
  return (
    <Box sx={{ p: 2, width: 300 }}>
      <TextField
        label={`Search ${header}`}
        size="small"
        fullWidth
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
        }}
      />
      <FormControlLabel
        sx={{ display: 'block', mt: 1 }}
        label="Select All"
        control={
          <Checkbox
            checked={isAllChosen}
            indeterminate={!isAllChosen && chosen.size > 0}
            onChange={() => {
              setPicked(isAllChosen ? [] : options);
            }}
          />
        }
      />
      <Box role="group" aria-label={`${header} values`} sx={{ maxHeight: 280, overflowY: 'auto' }}>
        {visible.map((value) => (
          <FormControlLabel
            key={value}
            sx={{ display: 'block' }}
            label={value === '' ? '(Blank)' : value}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(value)}
                onChange={() => {
                  toggle(value);
                }}
              />
            }
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleApply} disabled={chosen.size === 0}>
          Apply
        </Button>
      </Box>
    </Box>
  );
}

/** A column's filter menu: loaded when a filter button is first pressed. */
export default function ColumnFilterPopover(
  props: ColumnFilterMenuProps & { anchor: HTMLElement; onClose: () => void },
) {
  const { anchor, onClose, ...menu } = props;
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { 'aria-label': `Filter ${props.header}`, role: 'dialog' } }}
    >
      <OptionList {...menu} onClose={onClose} />
    </Popover>
  );
}
