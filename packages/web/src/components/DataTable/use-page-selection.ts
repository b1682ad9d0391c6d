import { useCallback, useLayoutEffect, useRef } from 'react';
import type { RowSelection } from './types.ts';

/**
 * A table's selection as the page sees it: which rows can be ticked (and why not), the ticked
 * ones, a row's toggle and the page's. Selecting works on the whole page, drawn or still to be
 * drawn.
 */
export function usePageSelection<Row>(
  selection: RowSelection<Row> | undefined,
  pageRows: Row[],
  getRowId: (row: Row) => number,
) {
  const selectedIds = new Set(selection?.selectedIds ?? []);
  const isSelectable = (row: Row) =>
    selection?.isRowSelectable?.(row) ?? (selection?.whyNotSelectable?.(row) ?? null) === null;
  const selectableRows = selection ? pageRows.filter(isSelectable) : [];
  const selectedOnPage = selectableRows.filter((r) => selectedIds.has(getRowId(r)));
  const toggleRow = (id: number) => {
    if (!selection) {
      return;
    }
    selection.onChange(
      selectedIds.has(id) ? selection.selectedIds.filter((x) => x !== id) : [...selection.selectedIds, id],
      pageRows,
    );
  };
  // The rows are memoized: they get one toggle that never changes and calls the latest one.
  const latestToggleRow = useRef(toggleRow);
  useLayoutEffect(() => {
    latestToggleRow.current = toggleRow;
  });
  const onToggleRow = useCallback((id: number) => {
    latestToggleRow.current(id);
  }, []);
  const togglePage = () => {
    if (!selection) {
      return;
    }
    const pageIds = new Set(selectableRows.map(getRowId));
    const others = selection.selectedIds.filter((id) => !pageIds.has(id));
    selection.onChange(
      selectedOnPage.length === selectableRows.length ? others : [...others, ...pageIds],
      pageRows,
    );
  };
  return {
    selectedIds,
    /** Why a row cannot be ticked ('' without a reason), or null when it can. */
    disabledReasonOf: (row: Row) => (isSelectable(row) ? null : (selection?.whyNotSelectable?.(row) ?? '')),
    /** The page's box: ticked when every selectable row is, mixed when some are. */
    pageBox: {
      checked: selectableRows.length > 0 && selectedOnPage.length === selectableRows.length,
      indeterminate: selectedOnPage.length > 0 && selectedOnPage.length < selectableRows.length,
      disabled: selectableRows.length === 0,
    },
    onToggleRow,
    togglePage,
  };
}
