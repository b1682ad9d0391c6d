import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import {
  bulkColumnHeader,
  bulkTemplateColumns,
  messages,
  type BulkResultsPage,
  type BulkResultsQuery,
  type BulkUploadStatus,
  type BulkUploadType,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { neutraliseCell } from '../../db/csv-text.ts';
import type { Actor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { processUpload } from './process.ts';
import * as q from './queries.ts';
import { cellsInOrder, missingColumns, type Cells } from './rows.ts';
import { fileOf, headerOf, type BulkOptions } from './upload-file.ts';

const CODE_PREFIX: Record<BulkUploadType, string> = {
  UserRecords: 'UR',
  Approvers: 'AP',
  MasterApprovers: 'MA',
};

/**
 * POST api/BulkData/UploadFile | UploadApprover | UploadMasterApprover: saves the .csv while
 * hashing it, checks its header, records the upload and answers its code at once; the rows are
 * processed in the background (`processUpload`).
 */
export async function startUpload(
  db: Db,
  actor: Actor,
  o: BulkOptions,
  uploadType: BulkUploadType,
  file: { filename: string; stream: Readable; isTruncated: () => boolean; maxMegabytes: number },
): Promise<{ codeFile: string }> {
  if (!/\.csv$/i.test(file.filename)) {
    file.stream.resume();
    throw invalid(messages.bulkCsvOnly);
  }
  const code = `${CODE_PREFIX[uploadType]}-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${crypto.randomBytes(5).toString('hex')}`;
  fs.mkdirSync(o.uploadDir, { recursive: true });
  const target = fileOf(o, code);
  const hash = crypto.createHash('sha256');
  await pipeline(
    file.stream,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    fs.createWriteStream(target),
  );
  const refuse = (message: string) => {
    fs.rmSync(target, { force: true });
    return invalid(message);
  };
  if (file.isTruncated()) {
    throw refuse(messages.bulkFileTooLarge(file.maxMegabytes));
  }
  const header = await headerOf(target).catch(() => []);
  if (header.length === 0) {
    throw refuse(messages.bulkEmptyFile);
  }
  const missing = missingColumns(uploadType, header);
  if (missing.length > 0) {
    throw refuse(messages.bulkMissingColumns(missing));
  }
  await q.insertUpload(db, {
    code,
    uploadType,
    fileName: file.filename.slice(0, 255),
    fileHash: hash.digest('hex'),
    createdBy: actor.userId,
  });
  setImmediate(() => void processUpload(db, o, code));
  return { codeFile: code };
}

/** Where an upload stands (the progress bar). */
export async function getUploadStatus(db: Db, code: string): Promise<BulkUploadStatus> {
  const upload = await q.findUpload(db, code);
  if (!upload) {
    throw notFound(messages.bulkUploadNotFound);
  }
  return {
    codeFile: upload.code,
    uploadType: upload.uploadType as BulkUploadType,
    fileName: upload.fileName,
    status: upload.status as BulkUploadStatus['status'],
    totalRows: upload.status === 'Processing' && upload.totalRows === 0 ? null : upload.totalRows,
    processedRows: upload.processedRows,
    successRows: upload.successRows,
    error: upload.error,
  };
}

/** A page of row results of one type (one upload when `code` is given). */
export async function findResults(
  db: Db,
  type: BulkUploadType,
  query: BulkResultsQuery,
): Promise<BulkResultsPage> {
  const { rows, totalCount } = await q.findResults(db, type, query);
  return {
    records: rows.map((r) => ({
      row: r.rowNumber,
      fileName: r.code,
      bulk_Success: r.success === 1,
      bulk_Status: r.statusText ?? '',
    })),
    page: query.page,
    totalCount,
  };
}

/** The type's template: its header ('*' marks a required column, dates state their format) and one example row. */
export function templateOf(type: BulkUploadType): string {
  const columns = bulkTemplateColumns[type];
  return `\uFEFF${stringify([columns.map(bulkColumnHeader), columns.map((c) => c.example)])}`;
}

/**
 * The refused rows of an upload as a CSV file in the template's columns, plus Row and Error:
 * fix them and upload the file again. Read in batches; every cell neutralised.
 */
export async function exportRefused(db: Db, code: string): Promise<{ csv: Readable; type: BulkUploadType }> {
  const upload = await q.findUpload(db, code);
  if (!upload) {
    throw notFound(messages.bulkUploadNotFound);
  }
  const type = upload.uploadType as BulkUploadType;
  async function* chunks() {
    yield `\uFEFF${stringify([[...bulkTemplateColumns[type].map((c) => c.name), 'Row', 'Error']])}`;
    let after = 0;
    for (;;) {
      const rows = await q.findRefusedRows(db, upload!.id, after, 1000);
      if (rows.length === 0) {
        return;
      }
      yield stringify(
        rows.map((r) =>
          [
            ...cellsInOrder(type, JSON.parse(r.payload ?? '{}') as Cells),
            String(r.rowNumber),
            r.statusText ?? '',
          ].map(neutraliseCell),
        ),
      );
      after = rows.at(-1)!.rowNumber;
    }
  }
  return { csv: Readable.from(chunks(), { objectMode: false }), type };
}
