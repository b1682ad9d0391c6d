import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { ColumnChooserProps } from './ColumnChooser.tsx';

/** The column chooser's popover: loaded when the chooser is first opened. */
export default function ColumnChooserPopover({
  columns,
  layout,
  onChange,
  onReset,
  anchor,
  onClose,
}: ColumnChooserProps & { anchor: HTMLElement | null; onClose: () => void }) {
  const hidden = new Set(layout.hidden);
  const shownCount = columns.filter((c) => !hidden.has(c.id)).length;
  const ids = columns.map((c) => c.id);
  const move = (index: number, by: -1 | 1) => {
    const order = [...ids];
    const [id] = order.splice(index, 1);
    if (id !== undefined) {
      order.splice(index + by, 0, id);
    }
    onChange({ order });
  };
  const toggle = (id: string) =>
    onChange({ hidden: hidden.has(id) ? layout.hidden.filter((h) => h !== id) : [...layout.hidden, id] });

  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Choose columns' } }}
    >
      <Box sx={{ p: 1, maxHeight: 420, overflowY: 'auto', minWidth: 280 }}>
        {columns.map((column, index) => (
          <Box key={column.id} sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel
              sx={{ flexGrow: 1, mr: 0 }}
              label={column.header}
              control={
                <Checkbox
                  size="small"
                  checked={!hidden.has(column.id)}
                  disabled={!hidden.has(column.id) && shownCount === 1}
                  onChange={() => toggle(column.id)}
                />
              }
            />
            <IconButton
              size="small"
              aria-label={`Move ${column.header} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUpwardIcon fontSize="inherit" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${column.header} down`}
              disabled={index === columns.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDownwardIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button onClick={onReset}>Reset columns</Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
