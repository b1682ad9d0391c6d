import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Tooltip from '@mui/material/Tooltip';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A row's selection box; a greyed one says why on hover and to screen readers. */
export function RowCheckbox(props: {
  id: number;
  checked: boolean;
  disabledReason: string | null;
  onToggle: () => void;
}) {
  const { id, checked, disabledReason, onToggle } = props;
  const reasonId = `row-${id}-not-selectable`;
  const box = (
    <Checkbox
      slotProps={{
        input: {
          'aria-label': `Select row ${id}`,
          ...(disabledReason ? { 'aria-describedby': reasonId } : {}),
        },
      }}
      checked={checked}
      disabled={disabledReason !== null}
      onChange={onToggle}
    />
  );
  if (!disabledReason) {
    return box;
  }
  // A disabled input gets no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip title={disabledReason}>
      <span>
        {box}
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {disabledReason}
        </Box>
      </span>
    </Tooltip>
  );
}
