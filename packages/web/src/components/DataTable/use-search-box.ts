import { useEffect, useState } from 'react';
import { limits } from '@uap/domain';
import { useDebouncedValue } from './use-debounced-value.ts';
import type { ViewUpdate } from './use-table-view.ts';

/**
 * A table's search box: it shows what is typed at once, and the view (and the address) follows
 * once typing stops; a change of the view's search from outside the box (Clear Filters, Back)
 * shows in the box.
 */
export function useSearchBox(viewSearch: string, setView: (update: ViewUpdate) => void) {
  const [search, setSearch] = useState(viewSearch);
  const [shownSearch, setShownSearch] = useState(viewSearch);
  const debouncedSearch = useDebouncedValue(search, limits.filterDebounceMs).trim();
  if (viewSearch !== shownSearch) {
    setShownSearch(viewSearch);
    if (viewSearch !== debouncedSearch) {
      setSearch(viewSearch);
    }
  }
  useEffect(() => {
    if (debouncedSearch !== viewSearch) {
      setView((v) => ({ ...v, search: debouncedSearch, page: 1 }));
    }
    // Only a settled change of the box moves the view; the view's own changes come in above.
  }, [debouncedSearch]);
  return [search, setSearch] as const;
}
