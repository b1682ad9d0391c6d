import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { limits, messages } from '@uap/domain';
import { useConfig } from '../../../app/config-context.ts';

export interface WhoFor {
  isForMe: boolean | null;
  isInternal: boolean | null;
}

/** 'Who is this access request for?' and, for someone else, 'Is the user Internal or External?'. */
export function WhoForChoice({ value, onChange }: { value: WhoFor; onChange: (next: WhoFor) => void }) {
  const config = useConfig();
  const [isAskingTpa, setIsAskingTpa] = useState(false);
  const { width, height } = limits.externalPopup;

  const handleAgreement = () => {
    window.open(config.thirdPartyAgreementUrl, 'tpa', `width=${width},height=${height}`);
  };

  return (
    <>
      <FormControl sx={{ display: 'block', mb: 2 }}>
        <FormLabel id="who-for">Who is this access request for?</FormLabel>
        <RadioGroup
          row
          aria-labelledby="who-for"
          value={value.isForMe === null ? '' : value.isForMe ? 'me' : 'else'}
          onChange={(e) => {
            const isForMe = e.target.value === 'me';
            onChange({ isForMe, isInternal: isForMe ? true : null });
          }}
        >
          <FormControlLabel value="me" control={<Radio />} label="Myself" />
          <FormControlLabel value="else" control={<Radio />} label="Someone Else" />
        </RadioGroup>
      </FormControl>
      {value.isForMe === false && (
        <FormControl sx={{ display: 'block', mb: 2 }}>
          <FormLabel id="internal-external">Is the user Internal or External?</FormLabel>
          <RadioGroup
            row
            aria-labelledby="internal-external"
            value={value.isInternal === null ? '' : value.isInternal ? 'internal' : 'external'}
            onChange={(e) => {
              if (e.target.value === 'external') {
                setIsAskingTpa(true);
                return;
              }
              onChange({ isForMe: false, isInternal: true });
            }}
          >
            <FormControlLabel value="internal" control={<Radio />} label="Internal" />
            <FormControlLabel value="external" control={<Radio />} label="External" />
          </RadioGroup>
        </FormControl>
      )}
      <Dialog open={isAskingTpa} aria-labelledby="tpa-title" aria-describedby="tpa-text">
        <DialogTitle id="tpa-title">Third Party Access Agreement</DialogTitle>
        <DialogContent>
          <DialogContentText id="tpa-text">{messages.tpaRequired}</DialogContentText>
          <Link component="button" type="button" onClick={handleAgreement} sx={{ mt: 1 }}>
            View the Third Party Access Agreement
          </Link>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setIsAskingTpa(false);
            }}
          >
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setIsAskingTpa(false);
              onChange({ isForMe: false, isInternal: false });
            }}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
