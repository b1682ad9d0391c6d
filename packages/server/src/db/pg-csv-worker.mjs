// The PostgreSQL CSV worker (pg-csv-thread.ts starts it): the export batches the main thread
// posts, each answered with its CSV lines as UTF-8 bytes whose memory moves to the main thread.
// Plain JavaScript, like read-worker.mjs, so that it starts the same under `node --import tsx`,
// vitest and any loader; the work itself (pg-csv-job.ts) is loaded through tsx's scoped import.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const job = tsImport('./pg-csv-job.ts', import.meta.url);
// A module that fails to load fails each job (awaited there), not the thread.
job.catch(() => undefined);

parentPort.on('message', async (message) => {
  const { id } = message;
  try {
    if (message.close) {
      await (await job).closePools();
      parentPort.postMessage({ id });
      return;
    }
    const bytes = await (await job).csvLinesOf(workerData.url, message);
    parentPort.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
