import Chip from '@mui/material/Chip';
import CircleIcon from '@mui/icons-material/Circle';
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
  [requestTypeNames[1]]: 'success',
  [requestTypeNames[2]]: 'error',
  [requestTypeNames[3]]: 'info',
  [requestTypeNames[4]]: 'primary',
  Yes: 'error',
};

const colourOf = (tone: Tone) => (tone === 'grey' ? 'grey.500' : `${tone}.main`);

/** A request status, record status or request type as a chip; an empty value draws nothing. */
export function StatusChip({ label }: { label: string }) {
  if (label === '') {
    return null;
  }
  const tone = toneOf[label] ?? 'grey';
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      icon={<CircleIcon sx={{ fontSize: 10, '&&': { color: colourOf(tone) } }} />}
      sx={{ borderColor: colourOf(tone), color: 'text.primary', bgcolor: 'background.paper' }}
    />
  );
}
