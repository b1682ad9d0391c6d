import { useId } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { RowsPerPageOption } from './TableTools.tsx';

/** A disabled choice: its label greyed, its reason under it at full contrast. */
const disabledSx: SxProps<Theme> = {
  flexDirection: 'column',
  alignItems: 'flex-start',
  '&.Mui-disabled': { opacity: 1 },
  '& > :first-of-type': { color: 'text.disabled' },
};

/**
 * The pager's rows-per-page list (as MUI's Select draws it), loaded when first opened. A choice
 * with a reason ('All' over too many rows) is shown disabled with the reason under its label, in
 * view on a phone too (no hover needed); the keyboard still reaches it, and the reason is its
 * accessible description.
 */
export default function RowsPerPageMenu(props: {
  id: string;
  labelId: string;
  anchor: HTMLElement | null;
  options: RowsPerPageOption[];
  value: number;
  onClose: () => void;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <Menu
      anchorEl={props.anchor}
      open={props.anchor !== null}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{
        list: {
          'aria-labelledby': props.labelId,
          role: 'listbox',
          id: props.id,
          disableListWrap: true,
          disabledItemsFocusable: true,
        },
        paper: { style: { minWidth: props.anchor?.clientWidth, maxWidth: 320 } },
      }}
    >
      {props.options.map((option) => {
        const reason = option.disabledReason ?? null;
        const labelId = `${id}-${option.value}-label`;
        const reasonId = `${id}-${option.value}-reason`;
        return (
          <MenuItem
            key={option.value}
            role="option"
            aria-selected={option.value === props.value}
            selected={option.value === props.value}
            disabled={reason !== null}
            {...(reason === null ? {} : { 'aria-labelledby': labelId, 'aria-describedby': reasonId })}
            sx={reason === null ? undefined : disabledSx}
            onClick={() => {
              props.onChange(option.value);
            }}
          >
            <span id={labelId}>{option.label}</span>
            {reason !== null && (
              <Typography
                id={reasonId}
                variant="caption"
                color="text.secondary"
                sx={{ whiteSpace: 'normal' }}
              >
                {reason}
              </Typography>
            )}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
