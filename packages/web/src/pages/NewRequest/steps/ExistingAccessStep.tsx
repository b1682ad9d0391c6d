import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ExistingAccessTable } from './ExistingAccessTable.tsx';

/** Step 1, Check Existing Access Information: the subject's pending and active access,
 * whoever requested it. */
export function ExistingAccessStep(props: { userId: number; onBack: () => void; onNext: () => void }) {
  return (
    <Box>
      <ExistingAccessTable userId={props.userId} />
      <Box sx={{ display: 'flex', gap: 2, mt: 3 }}>
        <Button variant="outlined" onClick={props.onBack}>
          Back
        </Button>
        <Button variant="contained" onClick={props.onNext}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
