import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** The pager's rows-per-page list (as MUI's Select draws it), loaded when first opened. */
export default function RowsPerPageMenu(props: {
  id: string;
  labelId: string;
  anchor: HTMLElement | null;
  options: { label: string; value: number }[];
  value: number;
  onClose: () => void;
  onChange: (value: number) => void;
}) {
  return (
    <Menu
      anchorEl={props.anchor}
      open={props.anchor !== null}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{
        list: { 'aria-labelledby': props.labelId, role: 'listbox', id: props.id, disableListWrap: true },
        paper: { style: { minWidth: props.anchor?.clientWidth } },
      }}
    >
      {props.options.map((option) => (
        <MenuItem
          key={option.value}
          role="option"
          aria-selected={option.value === props.value}
          selected={option.value === props.value}
          onClick={() => {
            props.onChange(option.value);
          }}
        >
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
