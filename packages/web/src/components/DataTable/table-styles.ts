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
  /** A grey line where text will be while the first page loads (MUI's text Skeleton). */
  skeleton: 'uap-skeleton',
  /** A link in a cell (MUI's Link: primary colour, underlined). */
  link: 'uap-link',
} as const;

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
      gap: theme.spacing(1),
      '& > li': {
        display: 'flex',
        gap: theme.spacing(1),
        padding: theme.spacing(1.5),
        border: `1px solid ${palette.divider}`,
        borderRadius: `${theme.shape.borderRadius}px`,
        backgroundColor: palette.background.paper,
        color: palette.text.primary,
        // A card out of view is not laid out until it nears the viewport (its size is estimated,
        // then remembered): the first layout of a page of 50 cards was one long task.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 180px',
      },
      '& dl': {
        margin: '0',
        minWidth: '0',
        flexGrow: 1,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: theme.spacing(1.5),
        rowGap: theme.spacing(0.5),
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
  stylesOf.set(theme, styles);
  return styles;
}
