import { z } from 'zod';
import { apiDownload, apiRequest } from './client.ts';

/** How many request lines the audit PDF of the range holds (days as YYYY-MM-DD). */
export function fetchAuditCount(from: string, to: string): Promise<number> {
  return apiRequest(`/api/Request/RequestsCount/${from}/${to}`, { schema: z.number().int() });
}

/** Downloads the audit PDF of the range as one streamed document, reporting the bytes received. */
export function downloadAuditPdf(
  from: string,
  to: string,
  onProgress: (bytesReceived: number) => void,
): Promise<void> {
  return apiDownload(
    `/api/Request/RequestDetailbyDate/${from}/${to}`,
    undefined,
    `audit-${from}-${to}.pdf`,
    'GET',
    onProgress,
  );
}
