import type { Theme } from '@mui/material/styles';
import { RecordStatus, requestStatusNames, requestTypeNames } from '@uap/domain';

type Tone = 'info' | 'primary' | 'success' | 'error' | 'warning' | 'grey';

/**
 * The one mapping of status and request type words to colours, so every table draws them alike.
 * The colour is a dot and the border; the text stays the body colour (readable on any chip).
 */
const toneOf: Record<string, Tone> = {
  [requestStatusNames[1]]: 'info',
  [requestStatusNames[2]]: 'primary',
  [requestStatusNames[3]]: 'success',
  [requestStatusNames[4]]: 'error',
  [requestStatusNames[5]]: 'grey',
  [requestStatusNames[6]]: 'grey',
  [RecordStatus.ACTIVE]: 'success',
  [RecordStatus.INACTIVE]: 'grey',
  [RecordStatus.EXPIRED]: 'warning',
  [RecordStatus.EXPIRED_REMOVAL_PENDING]: 'error',
  [requestTypeNames[1]]: 'success',
  [requestTypeNames[2]]: 'error',
  [requestTypeNames[3]]: 'info',
  [requestTypeNames[4]]: 'primary',
  Yes: 'error',
};

const tones: Tone[] = ['info', 'primary', 'success', 'error', 'warning', 'grey'];
const colourOf = (theme: Theme, tone: Tone) =>
  tone === 'grey' ? theme.palette.grey[500] : theme.palette[tone].main;

/** The chip's class name; its look is given once to the whole table (`statusChipStyles`). */
export const statusChipClass = 'uap-status-chip';

/**
 * MUI's small outlined Chip with a dot icon, drawn by one rule set for the whole table: tables
 * show three chips per row, and a styled component per chip is style work per chip.
 */
export function statusChipStyles(theme: Theme): object {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: '24px',
    maxWidth: '100%',
    padding: '0 7px 0 3.5px',
    border: '1px solid',
    borderRadius: '16px',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    '&::before': {
      content: '""',
      flexShrink: 0,
      width: '15px',
      height: '15px',
      marginRight: '4.5px',
      borderRadius: '50%',
      backgroundColor: 'currentColor',
    },
    ...Object.fromEntries(
      tones.map((tone) => [
        `&[data-tone="${tone}"]`,
        { borderColor: colourOf(theme, tone), '&::before': { color: colourOf(theme, tone) } },
      ]),
    ),
  };
}

/**
 * A request status, record status or request type as a chip (in a table's cell or card); an
 * empty value draws nothing.
 */
export function StatusChip({ label }: { label: string }) {
  if (label === '') {
    return null;
  }
  return (
    <span className={statusChipClass} data-tone={toneOf[label] ?? 'grey'}>
      {label}
    </span>
  );
}
