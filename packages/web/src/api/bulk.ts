import {
  bulkResultsPage,
  bulkUploadAnswer,
  bulkUploadStatus,
  type BulkResultsPage,
  type BulkUploadStatus,
  type BulkUploadType,
  type TableQuery,
} from '@uap/domain';
import { apiDownload, apiRequest, apiUpload } from './client.ts';

const uploadPaths: Record<BulkUploadType, string> = {
  UserRecords: '/api/BulkData/UploadFile',
  Approvers: '/api/BulkData/UploadApprover',
  MasterApprovers: '/api/BulkData/UploadMasterApprover',
};
const resultPaths: Record<BulkUploadType, string> = {
  UserRecords: '/api/Request/BulkDataRecords',
  Approvers: '/api/Request/BulkDataApprover',
  MasterApprovers: '/api/Request/BulkDataMasterApprover',
};

/** Uploads a .csv; answers its upload code at once (the rows are processed in the background). */
export async function uploadBulkFile(type: BulkUploadType, file: File): Promise<string> {
  return (await apiUpload(uploadPaths[type], file, bulkUploadAnswer)).codeFile;
}

export function fetchUploadStatus(code: string): Promise<BulkUploadStatus> {
  return apiRequest(`/api/BulkData/Status/${encodeURIComponent(code)}`, { schema: bulkUploadStatus });
}

/** A page of an upload's row results; the table's bulk_Success filter and search go along. */
export function fetchBulkResults(
  type: BulkUploadType,
  code: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<BulkResultsPage> {
  const params = new URLSearchParams({ code, page: String(query.page), pageSize: String(query.pageSize) });
  for (const value of query.filters.find((f) => f.column === 'bulk_Success')?.values ?? []) {
    params.append('Filters', `bulk_Success=${value === 'Success' ? 'true' : 'false'}`);
  }
  if (query.searchCriteria.trim() !== '') {
    params.set('searchCriteria', query.searchCriteria.trim());
  }
  return apiRequest(`${resultPaths[type]}?${params.toString()}`, { schema: bulkResultsPage, signal });
}

export function downloadBulkTemplate(type: BulkUploadType): Promise<void> {
  return apiDownload(`/api/BulkData/Template/${type}`, undefined, `${type}-template.csv`, 'GET');
}

export function downloadRefusedRows(code: string): Promise<void> {
  return apiDownload(
    `/api/BulkData/Refused/${encodeURIComponent(code)}`,
    undefined,
    `${code}-refused.csv`,
    'GET',
  );
}
