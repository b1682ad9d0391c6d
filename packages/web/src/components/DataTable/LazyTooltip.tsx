import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import Tooltip from '@mui/material/Tooltip';

type Child = ReactElement<{
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  onMouseOver?: () => void;
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
  useEffect(() => {
    // Mounting the Tooltip replaces the element: keep the keyboard focus that opened it.
    if (wasFocused) {
      ref.current?.focus();
    }
  }, [wasFocused]);

  if (open === null) {
    return cloneElement(children, {
      'aria-label': title,
      onMouseOver: () => {
        setOpen(true);
      },
      onFocus: () => {
        setWasFocused(true);
        setOpen(true);
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
