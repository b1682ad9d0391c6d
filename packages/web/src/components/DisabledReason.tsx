import { cloneElement, useId, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/**
 * Says why a control is disabled: a tooltip on a wrapping span (a disabled button fires no
 * pointer events) and the same words as the control's accessible description. Without a
 * reason the control is rendered as it is.
 */
export function DisabledReason({
  reason,
  children,
}: {
  /** Why the control cannot be used now; null when it can. */
  reason: string | null;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  if (reason === null) {
    return children;
  }
  return (
    <Tooltip title={reason} describeChild>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {cloneElement(children, { 'aria-describedby': id })}
        <span id={id} hidden>
          {reason}
        </span>
      </Box>
    </Tooltip>
  );
}
