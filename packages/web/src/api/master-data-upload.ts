import { masterDataUploadResult, type MasterDataUploadResult } from '@uap/domain';
import { ApiError, apiDownload, apiUploadWithProgress } from './client.ts';

const UPLOAD_PATH = '/api/MasterDataRequest/UploadMasterData';

/**
 * POST UploadMasterData: the workbook's per-row result. A file with a refused row answers 422
 * with every row's result in its data: that result is answered too (`applied` false); any other
 * failure throws its ApiError.
 */
export async function uploadMasterData(
  file: File,
  onProgress: (sent: number) => void,
): Promise<MasterDataUploadResult> {
  try {
    return await apiUploadWithProgress(UPLOAD_PATH, file, masterDataUploadResult, onProgress);
  } catch (error) {
    const refused = error instanceof ApiError ? masterDataUploadResult.safeParse(error.data) : null;
    if (refused?.success) {
      return refused.data;
    }
    throw error;
  }
}

export function downloadMasterDataTemplate(): Promise<void> {
  return apiDownload(`${UPLOAD_PATH}/Template`, undefined, 'master-data-template.xlsx', 'GET');
}
