// The master data upload's worker (upload-read-thread.ts starts it): reads each workbook the main
// thread posts into its rows, or answers why it was refused. Plain JavaScript, like
// db/read-worker.mjs, so that it starts the same under `node --import tsx`, vitest and any
// loader; the reading itself (upload-read.ts) is loaded through tsx's scoped import.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const reader = tsImport('./upload-read.ts', import.meta.url);
// A module that fails to load fails each read (awaited there), not the thread.
reader.catch(() => undefined);

parentPort.on('message', async ({ id, file }) => {
  try {
    const { readWorkbook } = await reader;
    const rows = await readWorkbook(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    parentPort.postMessage({ id, rows });
  } catch (error) {
    const status = error.name === 'HttpError' ? error.statusCode : null;
    parentPort.postMessage({ id, error: { message: error.message, status, data: error.data ?? null } });
  }
});
