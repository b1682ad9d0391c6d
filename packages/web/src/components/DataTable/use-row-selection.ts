import { useCallback, useMemo, useState } from 'react';
import type { RowSelection } from './types.ts';

/**
 * The selection of a DataTable as rows, not only ids: the table hands over the rows of the page
 * a tick was made on, so a selection that spans pages still knows its rows, and a page served
 * from the query cache (coming back to a screen) is as good as a fresh one. Keeping rows outside
 * React state (a ref filled by fetchPage) broke exactly that: a cached page never refilled it.
 */
export function useRowSelection<Row>(
  getRowId: (row: Row) => number,
  rules: Pick<RowSelection<Row>, 'isRowSelectable' | 'whyNotSelectable'> = {},
) {
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const selectedIds = useMemo(() => selectedRows.map(getRowId), [selectedRows, getRowId]);

  const onChange = useCallback(
    (ids: number[], pageRows: Row[]) => {
      setSelectedRows((current) => {
        const known = new Map([...current, ...pageRows].map((row) => [getRowId(row), row]));
        return ids.flatMap((id) => known.get(id) ?? []);
      });
    },
    [getRowId],
  );
  const clear = useCallback(() => setSelectedRows([]), []);
  /** Drops the rows whose ids are given (e.g. the ones just decided). */
  const remove = useCallback(
    (ids: number[]) => setSelectedRows((current) => current.filter((row) => !ids.includes(getRowId(row)))),
    [getRowId],
  );

  return {
    selectedRows,
    selectedIds,
    clear,
    remove,
    /** The DataTable `selection` prop. */
    selection: { selectedIds, onChange, ...rules } satisfies RowSelection<Row>,
  };
}

/** The row id of every request table, stable for useRowSelection. */
export const requestIdOf = (row: { requestId: number }) => row.requestId;
