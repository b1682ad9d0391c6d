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

/** A question with two answers as a row of radio buttons: true is the first; null, not answered yet. */
function TwoWayChoice(props: {
  id: string;
  question: string;
  value: boolean | null;
  /** Each answer's radio value and label. */
  answers: [[string, string], [string, string]];
  onChange: (isFirst: boolean) => void;
}) {
  const [first, second] = props.answers;
  return (
    <FormControl sx={{ display: 'block', mb: 2 }}>
      <FormLabel id={props.id}>{props.question}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={props.id}
        value={props.value === null ? '' : props.value ? first[0] : second[0]}
        onChange={(e) => {
          props.onChange(e.target.value === first[0]);
        }}
      >
        {props.answers.map(([answer, label]) => (
          <FormControlLabel key={answer} value={answer} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
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
      <TwoWayChoice
        id="who-for"
        question="Who is this access request for?"
        value={value.isForMe}
        answers={[
          ['me', 'Myself'],
          ['else', 'Someone Else'],
        ]}
        onChange={(isForMe) => {
          onChange({ isForMe, isInternal: isForMe ? true : null });
        }}
      />
      {value.isForMe === false && (
        <TwoWayChoice
          id="internal-external"
          question="Is the user Internal or External?"
          value={value.isInternal}
          answers={[
            ['internal', 'Internal'],
            ['external', 'External'],
          ]}
          onChange={(isInternal) => {
            if (!isInternal) {
              setIsAskingTpa(true);
              return;
            }
            onChange({ isForMe: false, isInternal: true });
          }}
        />
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
