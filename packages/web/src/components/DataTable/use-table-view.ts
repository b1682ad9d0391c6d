import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  hasTableParams,
  tableViewFromParams,
  tableViewToParams,
  type TableView,
  type TableViewRules,
} from '@uap/domain';

export type ViewUpdate = (view: TableView) => TableView;

/**
 * The table's view state, kept in the address when `inUrl` (a screen's main table) or in React
 * state (a table inside a dialog). Address changes replace the history entry, so Back leaves the
 * screen instead of undoing each click, and coming Back restores the whole view.
 * `initial` (a screen's pre-filter such as ?Id=) applies when the address says nothing about the
 * table; it is then written into the address.
 */
export function useTableView(inUrl: boolean, rules: TableViewRules, initial: TableView) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [localView, setLocalView] = useState(initial);
  // Written into the address once, on mount, when the address says nothing about the table and
  // the initial view is not the default one (an untouched address is left alone: no navigation,
  // no second render of the screen).
  const [isSeeding, setIsSeeding] = useState(
    () =>
      inUrl &&
      !hasTableParams(searchParams) &&
      tableViewToParams(initial, searchParams, rules.defaultPageSize).toString() !== searchParams.toString(),
  );

  const urlView = isSeeding ? initial : tableViewFromParams(searchParams, rules);
  useEffect(() => {
    if (isSeeding) {
      setSearchParams((params) => tableViewToParams(initial, params, rules.defaultPageSize), {
        replace: true,
      });
      setIsSeeding(false);
    }
    // Runs once, on mount.
  }, []);

  const setUrlView = useCallback(
    (update: ViewUpdate, dropParams: readonly string[] = []) => {
      // The address as it is now: a render's params may lag behind a navigation still under way
      // (the search box settling while a page button is clicked).
      const current = new URLSearchParams(window.location.search);
      const next = tableViewToParams(
        update(tableViewFromParams(current, rules)),
        current,
        rules.defaultPageSize,
      );
      for (const param of dropParams) {
        next.delete(param);
      }
      if (next.toString() !== current.toString()) {
        setSearchParams(next, { replace: true });
      }
    },
    [setSearchParams, rules],
  );
  /** Changes the view; `dropParams` (the screen's own filters in the address) go in the same step. */
  const setView = useCallback(
    (update: ViewUpdate, dropParams?: readonly string[]) =>
      inUrl ? setUrlView(update, dropParams) : setLocalView(update),
    [inUrl, setUrlView],
  );
  return [inUrl ? urlView : localView, setView] as const;
}

/** The view a table opens with: the address's when it names one, else the screen's initial view. */
export function openingView(
  inUrl: boolean,
  rules: TableViewRules,
  initial: TableView,
  searchParams: URLSearchParams,
): TableView {
  return inUrl && hasTableParams(searchParams) ? tableViewFromParams(searchParams, rules) : initial;
}
