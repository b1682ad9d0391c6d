import fs from 'node:fs';
import { messages, type BulkUploadType, type RoleId } from '@uap/domain';
import { nowIso, refreshPlannerStatistics, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { prepare, writeBatch } from './batch.ts';
import * as q from './queries.ts';
import { Resolver } from './rows.ts';
import { FIRST_ROW, countRows, fileOf, rowsOf, type BulkOptions, type ReadRow } from './upload-file.ts';

/** An upload processed in the background, batch after batch, resumed after a restart. */

/** Rows per transaction: a crash keeps whole batches; a restart resumes after the last one. */
export const BULK_BATCH = 500;

/** The uploader as the actor the screens' services check (their role today, not at upload time). */
async function actorOf(db: Db, userId: number): Promise<Actor | null> {
  const user = await q.findUploader(db, userId);
  return user && user.isDeleted === 0
    ? { userId: user.userId, roleId: user.roleId as RoleId, email: user.email }
    : null;
}

/** Uploads being processed by this process (a second call for the same code is a no-op). */
const running = new Set<string>();

/**
 * Processes an upload from the row after the last committed batch: reads the file as a
 * stream, prepares BULK_BATCH rows (lookups and checks), writes them with their results in one
 * transaction, and so on to the end. Rows an earlier upload of the same file created are
 * reported, not created again. An unexpected error stops the upload as 'Failed' with the row
 * it stopped at; the committed batches stay.
 */
export async function processUpload(db: Db, o: BulkOptions, code: string): Promise<void> {
  if (running.has(code)) {
    return;
  }
  running.add(code);
  const upload = await q.findUpload(db, code);
  try {
    if (!upload || upload.status !== 'Processing') {
      return;
    }
    const file = fileOf(o, code);
    if (!fs.existsSync(file)) {
      throw new Error('The uploaded file is no longer on the server.');
    }
    const actor = await actorOf(db, upload.createdBy);
    if (!actor) {
      throw new Error(messages.userNotFound);
    }
    const type = upload.uploadType as BulkUploadType;
    await q.setTotalRows(db, upload.id, await countRows(file));
    const doneBefore = await q.findRowsDoneBefore(db, {
      uploadId: upload.id,
      uploadType: type,
      fileHash: upload.fileHash ?? '',
    });
    const resolver = new Resolver(db);
    const resumeAfter = FIRST_ROW - 1 + upload.processedRows;
    let batch: ReadRow[] = [];
    const flush = async () => {
      await writeBatch(
        db,
        upload.id,
        await prepare(db, actor, type, resolver, batch, doneBefore),
        actor.userId,
      );
      batch = [];
    };
    for await (const row of rowsOf(file)) {
      if (row.rowNumber <= resumeAfter) {
        continue;
      }
      batch.push(row);
      if (batch.length === BULK_BATCH) {
        await flush();
      }
    }
    if (batch.length > 0) {
      await flush();
    }
    await q.finishUpload(db, upload.id, { status: 'Completed', error: null, finishedDate: nowIso() });
    fs.rmSync(file, { force: true });
    // A large upload can change a table's size a lot: every connection plans with its new size.
    await refreshPlannerStatistics(db);
  } catch (error) {
    if (upload) {
      const done = await q.findUpload(db, code);
      const message = error instanceof Error ? error.message : String(error);
      await q
        .finishUpload(db, upload.id, {
          status: 'Failed',
          error: `Stopped after row ${FIRST_ROW - 1 + (done?.processedRows ?? 0)}: ${message}`,
          finishedDate: nowIso(),
        })
        .catch(() => undefined);
    }
  } finally {
    running.delete(code);
    o.onFinished?.(code);
  }
}

/** Resumes the uploads a stopped server left in 'Processing' (at start-up). */
export async function resumeUploads(db: Db, o: BulkOptions): Promise<void> {
  for (const { code } of await q.findUnfinishedCodes(db)) {
    void processUpload(db, o, code);
  }
}
