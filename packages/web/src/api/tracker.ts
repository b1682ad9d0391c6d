import { useQuery } from '@tanstack/react-query';
import type { HistoryPage, TableQuery, TrackerPage, TrackerQuery } from '@uap/domain';
import { apiDownload, apiRequest } from './client.ts';
import type * as TrackerSchemas from './tracker-schemas.ts';

/** Resolves in a later task: what follows it runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let schemasLoading: Promise<typeof TrackerSchemas> | null = null;

/**
 * The answers' schemas, downloaded and built beside the first request (see tracker-schemas.ts),
 * in four tasks instead of one: zod with the common schemas, the table schemas, the record
 * schemas the tracker's are made of, then the tracker's own; the first answer is parsed in a fifth.
 * Evaluating a module evaluates every module it imports that has not run yet, in the same task:
 * in one task a phone blocked its page for far longer than Lighthouse allows.
 */
const schemas = () =>
  (schemasLoading ??= (async () => {
    // Not zod itself: `import('zod')` would download all of it, not the parts the schemas use.
    await import('./tracker-schema-base.ts');
    await nextTask();
    await import('./tracker-schema-parts.ts');
    await nextTask();
    await import('./tracker-schema-records.ts');
    await nextTask();
    const module = await import('./tracker-schemas.ts');
    await nextTask();
    return module;
  })().catch((error: unknown) => {
    // A failed download is tried again by the next request.
    schemasLoading = null;
    throw error;
  }));

/** TanStack Query keys of the Request Tracker and the activity log (under 'Request': a decision refreshes them). */
export const trackerKeys = {
  tracker: ['Request', 'AllRequests'] as const,
  log: (logId: number) => ['Request', 'Logs', logId] as const,
  history: (logId: number) => ['Request', 'Logs', logId, 'History'] as const,
};

/** PUT api/Request/AllRequests: one page of the Request Tracker. */
export function fetchTrackerPage(query: TrackerQuery, signal: AbortSignal): Promise<TrackerPage> {
  return apiRequest('/api/Request/AllRequests', {
    method: 'PUT',
    body: query,
    loadSchema: async () => (await schemas()).trackerPage,
    signal,
  });
}

/** PUT api/Request/AllRequests/Filters: the distinct values of one tracker column. */
export async function fetchTrackerFilterOptions(
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest('/api/Request/AllRequests/Filters', {
    method: 'PUT',
    body: { ...query, column },
    loadSchema: async () => (await schemas()).filterOptions,
    signal,
  });
  return options.values;
}

/** PUT api/Request/AllRequests/Export: downloads the whole filtered tracker as CSV. */
export function exportTracker(query: TableQuery): Promise<void> {
  return apiDownload('/api/Request/AllRequests/Export', query, 'request-tracker.csv');
}

/** GET /api/Request/Logs/{logId}: the activity log of a request. */
export function useActivityLogQuery(logId: number) {
  return useQuery({
    queryKey: trackerKeys.log(logId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/Request/Logs/${logId}`, {
        loadSchema: async () => (await schemas()).activityLog,
        signal,
      }),
    enabled: logId > 0,
    // The page says why it has no log (e.g. an unknown id): no dialog repeating it.
    meta: { errorDialog: false },
  });
}

/** GET /api/Request/Logs/{logId}/History: one page of the request's history steps. */
export function fetchHistoryPage(
  logId: number,
  query: TableQuery,
  signal: AbortSignal,
): Promise<HistoryPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    orderAsc: String(query.orderAsc),
    searchCriteria: query.searchCriteria,
    ...(query.orderBy ? { orderBy: query.orderBy } : {}),
  });
  return apiRequest(`/api/Request/Logs/${logId}/History?${params.toString()}`, {
    loadSchema: async () => (await schemas()).historyPage,
    signal,
  });
}

/** GET /api/Request/Logs/{logId}/Pdf: downloads the activity log as a PDF. */
export function downloadActivityLogPdf(logId: number): Promise<void> {
  return apiDownload(`/api/Request/Logs/${logId}/Pdf`, undefined, `activity-log-${logId}.pdf`, 'GET');
}
