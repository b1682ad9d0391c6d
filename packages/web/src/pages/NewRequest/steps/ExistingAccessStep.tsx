import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { UserAccessOverview } from '../../../components/UserAccessOverview/UserAccessOverview.tsx';

/** Step 1, Check Existing Access Information: the user's pending and completed records. */
export function ExistingAccessStep(props: { userId: number; onBack: () => void; onNext: () => void }) {
  return (
    <Box>
      <UserAccessOverview userId={props.userId} />
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
