import { keyframes, type Theme } from '@mui/material/styles';
import { tableCellClasses } from '@mui/material/TableCell';
import { tableRowClasses } from '@mui/material/TableRow';
import { statusChipClass, statusChipStyles } from '../StatusChip.tsx';

/** Class names of the table body's plain elements, drawn by `tableBodyStyles`. */
export const bodyClasses = {
  /** The selection box and the first column: they stay in place while the table scrolls sideways. */
  sticky: 'uap-sticky',
  checkboxCell: 'uap-checkbox-cell',
  /** The span around a native checkbox (the size of MUI's Checkbox). */
  checkbox: 'uap-checkbox',
  /** The list of row cards on a phone. */
  cards: 'uap-row-cards',
  /** A card's fields and, under them, its row actions. */
  cardBody: 'uap-card-body',
  cardActions: 'uap-card-actions',
  /** A grey line where text will be while the first page loads (MUI's text Skeleton). */
  skeleton: 'uap-skeleton',
  /** A link in a cell (MUI's Link: primary colour, underlined). */
  link: 'uap-link',
} as const;

/**
 * Class names of the table's own toolbar, pager and frame: plain elements drawn as MUI draws its
 * Button, ToggleButton, outlined small TextField, TablePagination, LinearProgress, outlined Paper
 * and h2 Typography (as MUI components they were dozens of styled components, each serialising
 * and inserting its styles at a table's first render).
 */
export const toolClasses = {
  /** The section around a table: every rule here is scoped to it. */
  root: 'uap-table',
  title: 'uap-table-title',
  toolbar: 'uap-table-toolbar',
  spacer: 'uap-table-spacer',
  /** A text button (MUI's Button, variant text, primary). */
  button: 'uap-button',
  /** With `button`: the outlined variant. */
  outlined: 'uap-button-outlined',
  startIcon: 'uap-button-start-icon',
  icon: 'uap-icon',
  /** MUI's ToggleButtonGroup of small ToggleButtons. */
  toggleGroup: 'uap-toggle-group',
  toggle: 'uap-toggle',
  /** MUI's small outlined TextField: its form control, label, input box, input and outline. */
  field: 'uap-field',
  fieldLabel: 'uap-field-label',
  fieldBox: 'uap-field-box',
  fieldInput: 'uap-field-input',
  fieldOutline: 'uap-field-outline',
  /** On the field: it has the focus; it holds text (the label moves up, the outline is notched). */
  focused: 'uap-focused',
  filled: 'uap-filled',
  paper: 'uap-table-paper',
  /** MUI's body1 Typography with padding 2: the table's error line. */
  alert: 'uap-table-alert',
  progressTrack: 'uap-progress-track',
  progress: 'uap-progress',
  pager: 'uap-pager',
  pagerText: 'uap-pager-text',
  pagerSelect: 'uap-pager-select',
  pagerActions: 'uap-pager-actions',
  /** MUI's IconButton in the colour of its text (the pager's); with `small`: size small, default colour. */
  iconButton: 'uap-icon-button',
  small: 'uap-icon-button-small',
  /** With `iconButton`: the primary colour. */
  primary: 'uap-icon-button-primary',
  /** On `icon`: the size of the text around it (`fontSize="inherit"`). */
  inheritSize: 'uap-icon-inherit',
} as const;

const indeterminate1 = keyframes`
  0% { left: -35%; right: 100%; }
  60% { left: 100%; right: -90%; }
  100% { left: 100%; right: -90%; }
`;
const indeterminate2 = keyframes`
  0% { left: -200%; right: 100%; }
  60% { left: 107%; right: -8%; }
  100% { left: 107%; right: -8%; }
`;

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/** The width of the selection column: where the sticky first column starts. */
export const checkboxWidth = 48;

const stylesOf = new WeakMap<Theme, object>();

/**
 * The look of MUI's TableRow, TableCell, Checkbox and outlined Card, given once to the whole table. The body's
 * rows are plain `tr`/`td`/`input` elements with MUI's class names (a page of 50 rows by 20
 * columns as MUI components is a thousand styled components to render on every first load);
 * these rules draw them as MUI draws its own. Given through `sx`, so lengths are strings
 * (a number there is a theme spacing unit).
 */
export function tableBodyStyles(theme: Theme): object {
  const cached = stylesOf.get(theme);
  if (cached) {
    return cached;
  }
  const { palette } = theme;
  const cell = `& td.${tableCellClasses.body}`;
  const styles = {
    [`& tr.${tableRowClasses.root}`]: {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
    },
    [`& tr.${tableRowClasses.hover}:hover`]: { backgroundColor: palette.action.hover },
    [`& tr.${tableRowClasses.selected}`]: {
      backgroundColor: theme.alpha(palette.primary.main, palette.action.selectedOpacity),
      '&:hover': {
        backgroundColor: theme.alpha(
          palette.primary.main,
          palette.action.selectedOpacity + palette.action.hoverOpacity,
        ),
      },
    },
    [cell]: {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${theme.lighten(theme.alpha(palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      padding: '16px',
      color: palette.text.primary,
    },
    [`${cell}.${tableCellClasses.sizeSmall}`]: { padding: '6px 16px' },
    [`${cell}.${tableCellClasses.paddingCheckbox}`]: { width: checkboxWidth, padding: '0 0 0 4px' },
    [`${cell}.${tableCellClasses.sizeSmall}.${tableCellClasses.paddingCheckbox}`]: {
      width: 24,
      padding: '0 12px 0 16px',
      '& > *': { padding: '0' },
    },
    // The header's box too (its cell is MUI's).
    [`& .${tableCellClasses.sizeSmall}.${tableCellClasses.paddingCheckbox} > .${bodyClasses.checkbox}`]: {
      padding: '0',
    },
    [`${cell}.${bodyClasses.sticky}`]: {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: palette.background.paper,
    },
    [`& td.${bodyClasses.checkboxCell} + td.${bodyClasses.sticky}`]: { left: checkboxWidth },
    [`& .${bodyClasses.checkbox}`]: {
      display: 'inline-flex',
      padding: '9px',
      verticalAlign: 'middle',
      '& > input': {
        width: 18,
        height: 18,
        margin: '3px',
        accentColor: palette.primary.main,
        cursor: 'pointer',
      },
      '& > input:disabled': { cursor: 'default' },
    },
    [`& .${bodyClasses.cards}`]: {
      listStyle: 'none',
      padding: theme.spacing(1),
      margin: '0',
      display: 'grid',
      '&[hidden]': { display: 'none' },
      gap: theme.spacing(1),
      '& > li': {
        display: 'flex',
        gap: theme.spacing(1),
        padding: theme.spacing(1.5),
        border: `1px solid ${palette.divider}`,
        borderRadius: `${theme.shape.borderRadius}px`,
        backgroundColor: palette.background.paper,
        color: palette.text.primary,
      },
      // A card out of view is not laid out until it nears the viewport (its size is estimated,
      // then remembered): the first layout of a page of 50 cards was one long task. Not the few
      // grey cards of the loading table (`aria-hidden`): finding which of them are in view took
      // the page's first layout a second pass.
      '&:not([aria-hidden]) > li': { contentVisibility: 'auto', containIntrinsicSize: 'auto 180px' },
      '& dl': {
        margin: '0',
        minWidth: '0',
        flexGrow: 1,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: theme.spacing(1.5),
        rowGap: theme.spacing(0.5),
      },
      [`& .${bodyClasses.cardBody}`]: {
        minWidth: '0',
        flexGrow: 1,
        display: 'grid',
        gap: theme.spacing(1),
      },
      // The actions are one row in a table (nowrap); on a card they wrap inside it.
      [`& .${bodyClasses.cardActions}`]: {
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: theme.spacing(0.5),
        '& > *': { flexWrap: 'wrap', minWidth: '0' },
      },
      '& dl > div': { display: 'contents' },
      '& dt, & dd': { ...theme.typography.body2, margin: '0' },
      '& dt': { color: palette.text.secondary },
      '& dd': { minWidth: '0', overflowWrap: 'anywhere' },
    },
    [`& .${bodyClasses.skeleton}`]: {
      display: 'block',
      height: '1.2em',
      minWidth: '3em',
      borderRadius: '4px',
      transform: 'scale(1, 0.6)',
      backgroundColor: theme.alpha(palette.text.primary, palette.mode === 'light' ? 0.11 : 0.13),
      animation: `${pulse} 2s ease-in-out 0.5s infinite`,
    },
    [`& .${statusChipClass}`]: statusChipStyles(theme),
    [`& a.${bodyClasses.link}`]: {
      color: palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
    },
  };
  stylesOf.set(theme, { ...styles, ...toolStyles(theme) });
  return stylesOf.get(theme)!;
}

/** The rules of `toolClasses`: MUI's own values for the components they stand for. */
function toolStyles(theme: Theme): object {
  const { palette, typography, shape } = theme;
  const c = toolClasses;
  const easeOut = theme.transitions.easing.easeOut;
  const buttonBase = {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    WebkitTapHighlightColor: 'transparent',
    backgroundColor: 'transparent',
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: 0,
    padding: 0,
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    appearance: 'none',
    textDecoration: 'none',
    color: 'inherit',
    '&:disabled': { pointerEvents: 'none', cursor: 'default' },
  };
  const primaryHover = theme.alpha(palette.primary.main, palette.action.hoverOpacity);
  const primaryFocus = theme.alpha(palette.primary.main, palette.action.focusOpacity);
  return {
    [`& .${c.title}`]: { ...typography.h2, margin: '0 0 8px' },
    [`& .${c.toolbar}`]: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: theme.spacing(1),
      alignItems: 'center',
      margin: `${theme.spacing(1)} 0`,
    },
    [`& .${c.spacer}`]: { flexGrow: 1 },
    [`& .${c.icon}`]: {
      userSelect: 'none',
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: typography.pxToRem(24),
    },
    [`& .${c.button}`]: {
      ...buttonBase,
      ...typography.button,
      minWidth: '64px',
      padding: '6px 8px',
      borderRadius: `${shape.borderRadius}px`,
      color: palette.primary.main,
      transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
        duration: theme.transitions.duration.short,
      }),
      '@media (hover: hover)': { '&:hover': { backgroundColor: primaryHover } },
      '&:focus-visible': { backgroundColor: primaryFocus },
      '&:active': { backgroundColor: theme.alpha(palette.primary.main, 0.3) },
      '&:disabled': { color: palette.action.disabled },
    },
    [`& .${c.button}.${c.outlined}`]: {
      padding: '5px 15px',
      border: `1px solid ${theme.alpha(palette.primary.main, 0.5)}`,
      '@media (hover: hover)': { '&:hover': { borderColor: palette.primary.main } },
      '&:disabled': { border: `1px solid ${palette.action.disabledBackground}` },
    },
    [`& .${c.startIcon}`]: {
      display: 'inherit',
      marginRight: '8px',
      marginLeft: '-4px',
      '& > *:nth-of-type(1)': { fontSize: '20px' },
    },
    [`& .${c.toggleGroup}`]: { display: 'inline-flex', borderRadius: `${shape.borderRadius}px` },
    [`& .${c.toggle}`]: {
      ...buttonBase,
      ...typography.button,
      fontSize: typography.pxToRem(13),
      borderRadius: `${shape.borderRadius}px`,
      padding: '7px',
      border: `1px solid ${palette.divider}`,
      color: palette.action.active,
      transition: theme.transitions.create(['background-color'], {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': {
        backgroundColor: theme.alpha(palette.text.primary, palette.action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible': { backgroundColor: theme.alpha(palette.text.primary, palette.action.focusOpacity) },
      '&[aria-pressed="true"]': {
        color: palette.text.primary,
        backgroundColor: theme.alpha(palette.text.primary, palette.action.selectedOpacity),
        '&:hover': {
          backgroundColor: theme.alpha(
            palette.text.primary,
            palette.action.selectedOpacity + palette.action.hoverOpacity,
          ),
        },
      },
      '&:not(:first-of-type)': {
        marginLeft: '-1px',
        borderLeft: '1px solid transparent',
        borderTopLeftRadius: 0,
        borderBottomLeftRadius: 0,
      },
      '&:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
    },
    [`& .${c.field}`]: {
      display: 'inline-flex',
      flexDirection: 'column',
      position: 'relative',
      minWidth: 0,
      padding: 0,
      margin: 0,
      border: 0,
      verticalAlign: 'top',
    },
    [`& .${c.fieldLabel}`]: {
      ...typography.body1,
      color: palette.text.secondary,
      lineHeight: '1.4375em',
      padding: 0,
      position: 'absolute',
      left: 0,
      top: 0,
      display: 'block',
      transformOrigin: 'top left',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      maxWidth: 'calc(100% - 24px)',
      zIndex: 1,
      pointerEvents: 'none',
      transform: 'translate(14px, 9px) scale(1)',
      transition: theme.transitions.create(['color', 'transform', 'max-width'], {
        duration: theme.transitions.duration.shorter,
        easing: easeOut,
      }),
    },
    [`& .${c.field}.${c.focused} .${c.fieldLabel}`]: { color: palette.primary.main },
    [`& .${c.field}.${c.focused} .${c.fieldLabel}, & .${c.field}.${c.filled} .${c.fieldLabel}`]: {
      userSelect: 'none',
      pointerEvents: 'auto',
      maxWidth: 'calc(133% - 32px)',
      transform: 'translate(14px, -9px) scale(0.75)',
    },
    [`& .${c.fieldBox}`]: {
      ...typography.body1,
      color: palette.text.primary,
      lineHeight: '1.4375em',
      boxSizing: 'border-box',
      position: 'relative',
      cursor: 'text',
      display: 'inline-flex',
      alignItems: 'center',
      borderRadius: `${shape.borderRadius}px`,
      [`&:hover .${c.fieldOutline}`]: { borderColor: palette.text.primary },
      '@media (hover: none)': {
        [`&:hover .${c.fieldOutline}`]: { borderColor: 'rgba(0, 0, 0, 0.23)' },
      },
    },
    [`& .${c.focused} .${c.fieldBox} .${c.fieldOutline}`]: {
      borderWidth: '2px',
      borderColor: palette.primary.main,
    },
    [`& .${c.fieldInput}`]: {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '8.5px 14px',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      WebkitTapHighlightColor: 'transparent',
      display: 'block',
      minWidth: 0,
      width: '100%',
      '&:focus': { outline: 0 },
    },
    [`& .${c.fieldOutline}`]: {
      textAlign: 'left',
      position: 'absolute',
      bottom: 0,
      right: 0,
      top: '-5px',
      left: 0,
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: '1px',
      overflow: 'hidden',
      minWidth: '0%',
      borderColor: 'rgba(0, 0, 0, 0.23)',
      '& > legend': {
        float: 'unset',
        width: 'auto',
        overflow: 'hidden',
        display: 'block',
        padding: 0,
        height: '11px',
        fontSize: '0.75em',
        visibility: 'hidden',
        maxWidth: '0.01px',
        transition: theme.transitions.create('max-width', { duration: 50, easing: easeOut }),
        whiteSpace: 'nowrap',
        '& > span': {
          paddingLeft: '5px',
          paddingRight: '5px',
          display: 'inline-block',
          opacity: 0,
          visibility: 'visible',
        },
      },
    },
    [`& .${c.focused} .${c.fieldOutline} > legend, & .${c.filled} .${c.fieldOutline} > legend`]: {
      maxWidth: '100%',
      transition: theme.transitions.create('max-width', { duration: 100, easing: easeOut, delay: 50 }),
    },
    [`& .${c.paper}`]: {
      backgroundColor: palette.background.paper,
      color: palette.text.primary,
      borderRadius: `${shape.borderRadius}px`,
      border: `1px solid ${palette.divider}`,
    },
    [`& .${c.progressTrack}`]: { height: '4px' },
    [`& .${c.alert}`]: { ...typography.body1, margin: 0, padding: theme.spacing(2) },
    [`& .${c.progress}`]: {
      position: 'relative',
      overflow: 'hidden',
      display: 'block',
      height: '4px',
      zIndex: 0,
      backgroundColor: theme.lighten(palette.primary.main, 0.62),
      '& > span': {
        width: 'auto',
        position: 'absolute',
        left: 0,
        bottom: 0,
        top: 0,
        transition: 'transform 0.2s linear',
        transformOrigin: 'left',
        backgroundColor: palette.primary.main,
      },
      '& > span:first-of-type': {
        animation: `${indeterminate1} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
      },
      '& > span:last-of-type': {
        animation: `${indeterminate2} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`,
      },
    },
    [`& .${c.pager}`]: {
      overflow: 'auto',
      color: palette.text.primary,
      fontSize: typography.pxToRem(14),
      '& > div': {
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        minHeight: '52px',
        paddingLeft: theme.spacing(2),
        paddingRight: '2px',
        [theme.breakpoints.up('sm')]: { paddingLeft: theme.spacing(3) },
      },
    },
    [`& .${c.pagerText}`]: { ...typography.body2, flexShrink: 0 },
    [`& .${c.pagerSelect}`]: {
      ...typography.body1,
      color: 'inherit',
      fontSize: 'inherit',
      lineHeight: '1.4375em',
      boxSizing: 'border-box',
      position: 'relative',
      cursor: 'pointer',
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      marginRight: '32px',
      marginLeft: '8px',
      '& > [role="combobox"]': {
        userSelect: 'none',
        borderRadius: 0,
        cursor: 'pointer',
        minWidth: '16px',
        minHeight: '1.4375em',
        height: 'auto',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        padding: '4px 24px 5px 8px',
        textAlign: 'right',
        boxSizing: 'content-box',
        '&:focus': { outline: 0, borderRadius: 0, backgroundColor: palette.action.focus },
      },
      '& > svg': {
        position: 'absolute',
        right: 0,
        top: 'calc(50% - .5em)',
        pointerEvents: 'none',
        color: palette.action.active,
      },
    },
    [`& .${c.pagerActions}`]: { flexShrink: 0, marginLeft: '20px' },
    [`& .${c.iconButton}`]: {
      ...buttonBase,
      textAlign: 'center',
      flex: '0 0 auto',
      fontSize: typography.pxToRem(24),
      padding: '8px',
      borderRadius: '50%',
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '@media (hover: hover)': {
        '&:hover': { backgroundColor: theme.alpha(palette.action.active, palette.action.hoverOpacity) },
      },
      '&:focus-visible': { backgroundColor: theme.alpha(palette.action.active, palette.action.focusOpacity) },
      '&:disabled': { color: palette.action.disabled },
    },
    [`& .${c.iconButton}.${c.small}`]: {
      padding: '5px',
      fontSize: typography.pxToRem(18),
      color: palette.action.active,
    },
    [`& .${c.iconButton}.${c.primary}`]: {
      color: palette.primary.main,
      '@media (hover: hover)': { '&:hover': { backgroundColor: primaryHover } },
      '&:focus-visible': { backgroundColor: primaryFocus },
    },
    [`& .${c.icon}.${c.inheritSize}`]: { fontSize: 'inherit' },
  };
}
