import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@uap/domain';
import { apiRequest } from './client.ts';

const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest<PublicConfig>('/api/config', { isAnonymous: true, signal }),
  staleTime: Infinity,
  meta: { errorDialog: false },
});

/**
 * The configuration the server put in index.html (a JSON data block), read once: the SPA then
 * starts without asking for it. Absent (e.g. the development server's page): null.
 */
function inlinePublicConfig(): PublicConfig | null {
  const block = document.getElementById('uap-config');
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as PublicConfig) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the configuration index.html carries in the cache, or else starts GET /api/config as the
 * page's scripts start, before the first render asks for it.
 */
export function startPublicConfig(client: QueryClient): void {
  const inline = inlinePublicConfig();
  if (inline) {
    client.setQueryData(publicConfigQuery.queryKey, inline);
  } else {
    void client.prefetchQuery(publicConfigQuery);
  }
}

/**
 * GET /api/config: what the SPA needs before sign-in. Loaded once per page load. Read without
 * a schema: it is on the first screen's path, parsing it would put zod in the first download,
 * and the server already checks it against the domain's schema before sending it.
 */
export function usePublicConfigQuery() {
  return useQuery(publicConfigQuery);
}
