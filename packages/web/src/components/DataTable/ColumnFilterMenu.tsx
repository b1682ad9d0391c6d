import { lazy, Suspense, useState } from 'react';
import type { TableQuery } from '@uap/domain';
import { toolClasses } from './table-styles.ts';
import { Icon, iconPaths } from './TableTools.tsx';

// The menu itself (MUI's Popover, TextField, Checkbox…) loads when a filter is first opened.
const ColumnFilterPopover = lazy(() => import('./ColumnFilterPopover.tsx'));

export interface ColumnFilterMenuProps {
  column: string;
  header: string;
  /** The values the column is filtered to; null = not filtered (every value). */
  selected: string[] | null;
  /** The table body the menu's values are computed under (the column's own filter is ignored). */
  query: TableQuery;
  queryKey: readonly unknown[];
  fetchOptions: (column: string, query: TableQuery, signal: AbortSignal) => Promise<string[]>;
  /** null clears the column's filter. */
  onApply: (values: string[] | null) => void;
}

/** The filter button of a column header: a multi-select of the server's distinct values. */
export function ColumnFilterMenu(props: ColumnFilterMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => {
    setAnchor(null);
  };
  const { iconButton, small, primary } = toolClasses;
  return (
    <>
      {/* MUI's small IconButton, primary while the column is filtered. */}
      <button
        type="button"
        className={`${iconButton} ${small}${props.selected ? ` ${primary}` : ''}`}
        aria-label={`Filter ${props.header}`}
        onClick={(e) => {
          setAnchor(e.currentTarget);
        }}
      >
        <Icon path={iconPaths.filterList} inheritSize />
      </button>
      {/* Mounted only while open: a header of many columns renders no closed menus. */}
      {anchor && (
        <Suspense fallback={null}>
          <ColumnFilterPopover {...props} anchor={anchor} onClose={handleClose} />
        </Suspense>
      )}
    </>
  );
}
