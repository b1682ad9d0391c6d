import { useState } from 'react';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { ExistingAccessStep } from './steps/ExistingAccessStep.tsx';
import { PlatformStep } from './steps/PlatformStep.tsx';
import { UserStep, type CompletedUser } from './steps/UserStep.tsx';

const steps = ['User Information', 'Check Existing Access Information', 'Platform Access Information'];

/**
 * New Platform Access Request (spec 1 §2.3): three steps. A step can be clicked once the user
 * step is complete (the current step is then valid); Back on step 0 starts again.
 */
export function NewRequestPage() {
  const [step, setStep] = useState(0);
  const [user, setUser] = useState<CompletedUser | null>(null);
  const [attempt, setAttempt] = useState(0);

  const handleReset = () => {
    setUser(null);
    setStep(0);
    setAttempt(attempt + 1);
  };

  return (
    <Box>
      <Stepper nonLinear activeStep={step} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        {steps.map((label, i) => (
          <Step key={label} completed={i < step}>
            <StepButton
              disabled={user === null || i === step}
              onClick={() => {
                setStep(i);
              }}
            >
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {/* Step 0 stays mounted so going back keeps what was entered. */}
      <Box hidden={step !== 0}>
        <UserStep
          key={attempt}
          onReset={handleReset}
          onComplete={(completed) => {
            setUser(completed);
            setStep(1);
          }}
        />
      </Box>
      {user && step === 1 && (
        <ExistingAccessStep
          userId={user.userId}
          onBack={() => {
            setStep(0);
          }}
          onNext={() => {
            setStep(2);
          }}
        />
      )}
      {user && (
        <Box hidden={step !== 2}>
          <PlatformStep
            key={`${user.userId}-${user.email}`}
            user={user}
            onBack={() => {
              setStep(1);
            }}
          />
        </Box>
      )}
    </Box>
  );
}
