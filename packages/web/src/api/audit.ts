import { z } from 'zod';
import { auditSigningKey } from '@uap/domain';
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

/** Saves the public key that verifies signed exports (GET api/Audit/Key) as a .pem file. */
export async function downloadExportKey(): Promise<void> {
  const key = await apiRequest('/api/Audit/Key', { schema: auditSigningKey });
  const url = URL.createObjectURL(new Blob([key.pem], { type: 'application/x-pem-file' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'uap-export-key.pem' });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
