import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type TooltipComponent from '@mui/material/Tooltip';

// MUI's Tooltip (with Popper and its transitions) is loaded the first time one is wanted, not
// with the table's code.
let Tooltip: typeof TooltipComponent | null = null;
let loading: Promise<void> | null = null;
function loadTooltip(): Promise<void> {
  loading ??= import('@mui/material/Tooltip').then((m) => {
    Tooltip = m.default;
  });
  return loading;
}

type Child = ReactElement<{
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  onMouseOver?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
}>;

/**
 * MUI's Tooltip, mounted the first time its element is pointed at or focused: a page of table
 * rows pays for no tooltip until one is wanted. Until then the element carries the name the
 * Tooltip would give it (its `aria-label`), so screen readers read the same either way.
 */
export function LazyTooltip({ title, children }: { title: string; children: Child }) {
  // null: never shown, so no Tooltip yet.
  const [open, setOpen] = useState<boolean | null>(null);
  const [wasFocused, setWasFocused] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const isPointedAt = useRef(false);
  useEffect(() => {
    // Mounting the Tooltip replaces the element: keep the keyboard focus that opened it.
    if (wasFocused) {
      ref.current?.focus();
    }
  }, [wasFocused]);

  if (open === null || Tooltip === null) {
    return cloneElement(children, {
      'aria-label': title,
      onMouseOver: () => {
        isPointedAt.current = true;
        void loadTooltip().then(() => {
          // Shown if still pointed at once loaded; mounted closed (it opens on the next hover) if not.
          setOpen(isPointedAt.current);
        });
      },
      onMouseLeave: () => {
        isPointedAt.current = false;
      },
      onFocus: () => {
        void loadTooltip().then(() => {
          setWasFocused(true);
          setOpen(true);
        });
      },
    });
  }
  return (
    <Tooltip
      title={title}
      open={open}
      onOpen={() => {
        setOpen(true);
      }}
      onClose={() => {
        setOpen(false);
      }}
    >
      {cloneElement(children, { ref })}
    </Tooltip>
  );
}
