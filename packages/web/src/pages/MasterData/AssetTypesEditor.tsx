import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { limits, messages } from '@uap/domain';
import { StatusChip } from '../../components/StatusChip.tsx';
import { AddItemField } from './AddItemField.tsx';
import type { AssetDraft } from './master-data-form.ts';

/**
 * A platform's asset types ('Ad Account', 'Client Center (MCC)'…): an empty add says 'Missing:
 * Asset name'; existing ones toggle Activate/Deactivate, new ones are dropped.
 */
export function AssetTypesEditor(props: {
  assets: AssetDraft[];
  onChange: (assets: AssetDraft[]) => void;
  onError: (message: string | null) => void;
}) {
  const { assets, onChange, onError } = props;
  const [input, setInput] = useState('');
  const [isSystemRecord, setIsSystemRecord] = useState(false);

  const handleAdd = () => {
    if (input.trim() === '') {
      onError(messages.missingAssetName);
      return;
    }
    if (assets.some((a) => a.description.trim().toUpperCase() === input.trim().toUpperCase())) {
      onError(messages.masterDataExists('asset type', input.trim()));
      return;
    }
    onError(null);
    onChange([
      ...assets,
      { assetId: null, description: input.trim(), assetName: null, isSystemRecord, isDeleted: false },
    ]);
    setInput('');
    setIsSystemRecord(false);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Asset types
      </Typography>
      <List dense aria-label="Asset types">
        {assets.map((a, index) => (
          <ListItem
            key={`${a.assetId ?? 'new'}-${a.description}`}
            secondaryAction={
              a.assetId === null ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => onChange(assets.filter((_, i) => i !== index))}
                >
                  {`Remove ${a.description}`}
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() =>
                    onChange(assets.map((x, i) => (i === index ? { ...x, isDeleted: !x.isDeleted } : x)))
                  }
                >
                  {a.isDeleted ? `Activate ${a.description}` : `Deactivate ${a.description}`}
                </Button>
              )
            }
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {a.description}
                  <StatusChip label={a.isDeleted ? 'Inactive' : 'Active'} />
                  {a.isSystemRecord && <StatusChip label="System" />}
                  {a.assetId === null && <StatusChip label="New" />}
                </Box>
              }
            />
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <AddItemField
          label="Asset name"
          value={input}
          maxLength={limits.assetName}
          onValue={setInput}
          onAdd={handleAdd}
        />
        <FormControlLabel
          control={
            <Checkbox checked={isSystemRecord} onChange={(e) => setIsSystemRecord(e.target.checked)} />
          }
          label="System asset (no client assets)"
        />
        <Button variant="outlined" onClick={handleAdd}>
          Add asset type
        </Button>
      </Box>
    </Box>
  );
}
