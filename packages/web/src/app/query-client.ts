import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { reportError } from '../api/error-store.ts';
import '../api/query-meta.ts';

/** Retry only what may pass on a second try: the network and 5xx, twice at most. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const isTransient = error instanceof ApiError && (error.isNetworkError || error.status >= 500);
  return isTransient && failureCount < 2;
}

/** One QueryClient: every failed call opens the blocking error dialog unless its screen opts out. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorDialog !== false) {
        reportError(error);
      }
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.errorDialog !== false) {
        reportError(error);
      }
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
