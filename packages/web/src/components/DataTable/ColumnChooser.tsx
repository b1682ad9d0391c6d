import { lazy, Suspense, useState } from 'react';
import { iconPaths, ToolButton } from './TableTools.tsx';
import type { TableLayout } from './use-table-layout.ts';

// The chooser's popover (MUI's Popover, Checkbox, IconButton) loads when it is first opened.
const ColumnChooserPopover = lazy(() => import('./ColumnChooserPopover.tsx'));

export interface ColumnChooserProps {
  /** Every column, in the person's order. */
  columns: { id: string; header: string }[];
  layout: TableLayout;
  onChange: (change: Partial<TableLayout>) => void;
  onReset: () => void;
}

/** Shows, hides and reorders a table's columns; at least one column stays shown. */
export function ColumnChooser(props: ColumnChooserProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <ToolButton
        startIcon={iconPaths.viewColumn}
        onClick={(e) => {
          setWasOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        Columns
      </ToolButton>
      {wasOpened && (
        <Suspense fallback={null}>
          <ColumnChooserPopover
            {...props}
            anchor={anchor}
            onClose={() => {
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
