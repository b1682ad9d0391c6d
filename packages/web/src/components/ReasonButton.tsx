import Button, { type ButtonProps } from '@mui/material/Button';
import { DisabledReason } from './DisabledReason.tsx';

/**
 * A toolbar button that is disabled while there is a reason, and says it (`DisabledReason`);
 * `isBusy` (a call under way) disables it too, without a reason.
 */
export function ReasonButton({
  reason,
  isBusy = false,
  ...button
}: Omit<ButtonProps, 'disabled'> & { reason: string | null; isBusy?: boolean }) {
  return (
    <DisabledReason reason={reason}>
      <Button {...button} disabled={reason !== null || isBusy} />
    </DisabledReason>
  );
}
