import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { limits, messages } from '@uap/domain';
import { StatusChip } from '../../components/StatusChip.tsx';
import { AddItemField } from './AddItemField.tsx';
import type { CodeDraft } from './master-data-form.ts';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * A client's codes (spec 3 §5): at most 6, the add option hidden at 6; an empty add says 'Missing:
 * Client code', a repeated one 'Client code already exists'. Existing codes toggle
 * Activate/Deactivate and can be marked removed; new ones are dropped.
 */
export function ClientCodesEditor(props: {
  codes: CodeDraft[];
  onChange: (codes: CodeDraft[]) => void;
  onError: (message: string | null) => void;
}) {
  const { codes, onChange, onError } = props;
  const [input, setInput] = useState('');
  const kept = codes.filter((c) => !c.isRemoved);
  const isFull = kept.length >= limits.clientCodesPerClient;

  const handleAdd = () => {
    if (input.trim() === '') {
      onError(messages.missingClientCode);
      return;
    }
    if (kept.some((c) => same(c.code, input))) {
      onError(messages.clientCodeExists);
      return;
    }
    onError(null);
    onChange([...codes, { clientCodeId: null, code: input.trim(), isDeleted: false, isRemoved: false }]);
    setInput('');
  };
  const update = (index: number, change: Partial<CodeDraft> | null) => {
    onChange(
      change === null
        ? codes.filter((_, i) => i !== index)
        : codes.map((c, i) => (i === index ? { ...c, ...change } : c)),
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Client codes ({kept.length} of {limits.clientCodesPerClient})
      </Typography>
      <List dense aria-label="Client codes">
        {codes.map((c, index) => (
          <ListItem
            key={`${c.clientCodeId ?? 'new'}-${c.code}`}
            secondaryAction={
              <Box sx={{ display: 'flex', gap: 1 }}>
                {c.clientCodeId !== null && !c.isRemoved && (
                  <Button size="small" onClick={() => update(index, { isDeleted: !c.isDeleted })}>
                    {c.isDeleted ? `Activate ${c.code}` : `Deactivate ${c.code}`}
                  </Button>
                )}
                {c.clientCodeId === null ? (
                  <Button size="small" color="error" onClick={() => update(index, null)}>
                    {`Remove ${c.code}`}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    color={c.isRemoved ? 'primary' : 'error'}
                    onClick={() => update(index, { isRemoved: !c.isRemoved })}
                  >
                    {c.isRemoved ? `Keep ${c.code}` : `Remove ${c.code}`}
                  </Button>
                )}
              </Box>
            }
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  <Box component="span" sx={c.isRemoved ? { textDecoration: 'line-through' } : undefined}>
                    {c.code}
                  </Box>
                  {c.isRemoved ? (
                    <StatusChip label="Removed" />
                  ) : (
                    <StatusChip label={c.isDeleted ? 'Inactive' : 'Active'} />
                  )}
                  {c.clientCodeId === null && <StatusChip label="New" />}
                </Box>
              }
            />
          </ListItem>
        ))}
      </List>
      {!isFull && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <AddItemField
            label="Client code"
            value={input}
            maxLength={limits.clientCode}
            onValue={setInput}
            onAdd={handleAdd}
          />
          <Button variant="outlined" onClick={handleAdd}>
            Add client code
          </Button>
        </Box>
      )}
    </Box>
  );
}
