import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import {
  bulkTemplateColumns,
  messages,
  type BulkResultsPage,
  type BulkResultsQuery,
  type BulkUploadStatus,
  type ApproverAssignmentInput,
  type BulkUploadType,
  type CreateRequestInput,
  type MasterApproverPath,
  type RoleId,
} from '@uap/domain';
import {
  inTransaction,
  nowIso,
  refreshPlannerStatistics,
  type Db,
  type Executor,
} from '../../db/connection.ts';
import { neutraliseCell } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { createAssignmentIn } from '../assignments/write-service.ts';
import { readAhead, type NewRequest, type PlanReader } from '../create-request/queries.ts';
import { planQuestions, planRequest, writeRequests } from '../create-request/service.ts';
import { saveMasterApproverIn } from '../master-approvers/service.ts';
import * as q from './queries.ts';
import {
  Refusal,
  Resolver,
  approverInput,
  cellsInOrder,
  columnKey,
  masterApproverInput,
  missingColumns,
  userRecordInput,
  type Cells,
} from './rows.ts';

/** Rows per transaction: a crash keeps whole batches; a restart resumes after the last one. */
export const BULK_BATCH = 500;
/** Rows checked at once while a batch is prepared. */
const PREPARE_CONCURRENCY = 8;
/** The first data row's number: row 1 is the header, as a spreadsheet numbers them. */
const FIRST_ROW = 2;
const CODE_PREFIX: Record<BulkUploadType, string> = {
  UserRecords: 'UR',
  Approvers: 'AP',
  MasterApprovers: 'MA',
};

export interface BulkOptions {
  /** Where uploaded files wait for (and during) processing. */
  uploadDir: string;
  /** Called when an upload stops (tests and the bench wait on it). */
  onFinished?: (code: string) => void;
}

const fileOf = (o: BulkOptions, code: string) => path.join(o.uploadDir, `${code}.csv`);

function csvReader(file: string) {
  return fs
    .createReadStream(file)
    .pipe(
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
    ) as AsyncIterable<string[]>;
}

/** The header row of a saved file (empty when the file has none). */
async function headerOf(file: string): Promise<string[]> {
  const reader = fs.createReadStream(file).pipe(parse({ bom: true, skip_empty_lines: true, to_line: 1 }));
  for await (const record of reader as AsyncIterable<string[]>) {
    reader.destroy();
    return record;
  }
  return [];
}

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

/** One data row read from the file: its number and its cells by column key. */
interface ReadRow {
  rowNumber: number;
  cells: Cells;
}

async function* rowsOf(file: string): AsyncGenerator<ReadRow> {
  let keys: string[] | null = null;
  let rowNumber = FIRST_ROW - 1;
  for await (const record of csvReader(file)) {
    if (!keys) {
      keys = record.map(columnKey);
      continue;
    }
    rowNumber++;
    yield { rowNumber, cells: Object.fromEntries(keys.map((k, i) => [k, record[i] ?? ''])) };
  }
}

/** What a row comes to before the batch's transaction: a refusal, a result already known, or work to write. */
type Prepared =
  { row: ReadRow; result: { success: boolean; statusText: string } } | { row: ReadRow; write: Writer };

/**
 * How one row is written inside the batch's transaction. `keys` name what a user-record row
 * grants: a later row of the batch with one of them repeats it. A user-record row's lines are
 * written with the batch's other rows in a few statements (`request`); the other types write
 * row by row (`run`), answering the row's first id and status text.
 */
type Writer =
  | { keys: string[]; request: NewRequest }
  | { keys: string[]; run: (trx: Executor) => Promise<{ firstId: number; statusText: string }> };

const refusalOf = (error: unknown): string | null =>
  error instanceof Refusal || error instanceof HttpError ? error.message : null;

/** A row's cells as the input of the screen that makes the same thing. */
type RowInput =
  | { type: 'UserRecords'; input: CreateRequestInput }
  | { type: 'Approvers'; input: ApproverAssignmentInput }
  | { type: 'MasterApprovers'; input: MasterApproverPath };

async function inputOf(db: Db, type: BulkUploadType, resolver: Resolver, cells: Cells): Promise<RowInput> {
  switch (type) {
    case 'UserRecords':
      return { type, input: await userRecordInput(resolver, db, cells) };
    case 'Approvers':
      return { type, input: await approverInput(resolver, cells) };
    case 'MasterApprovers':
      return { type, input: await masterApproverInput(resolver, cells) };
  }
}

/**
 * The rows of a batch made ready: names resolved and the screen's schema passed (several rows
 * at once: the lookups are cached per upload), then, for user records, the wizard's checks
 * (`planRequest`) answered from what the whole batch needs, read ahead in a few set queries.
 */
async function prepare(
  db: Db,
  actor: Actor,
  type: BulkUploadType,
  resolver: Resolver,
  rows: ReadRow[],
  doneBefore: Map<number, string>,
): Promise<Prepared[]> {
  const refused = (row: ReadRow, error: unknown): Prepared => {
    const refusal = refusalOf(error);
    if (refusal === null) {
      throw error;
    }
    return { row, result: { success: false, statusText: refusal } };
  };
  const staged = new Array<Prepared | { row: ReadRow; input: RowInput }>(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      const row = rows[i]!;
      const earlier = doneBefore.get(row.rowNumber);
      if (earlier) {
        staged[i] = {
          row,
          result: { success: true, statusText: `${messages.bulkRowAlreadyDone} (${earlier})` },
        };
        continue;
      }
      try {
        staged[i] = { row, input: await inputOf(db, type, resolver, row.cells) };
      } catch (error) {
        staged[i] = refused(row, error);
      }
    }
  };
  await Promise.all(Array.from({ length: PREPARE_CONCURRENCY }, worker));
  const requests = staged.flatMap((s) =>
    'input' in s && s.input.type === 'UserRecords' ? [s.input.input] : [],
  );
  const read = requests.length > 0 ? await readAhead(db, planQuestions(requests)) : null;
  // A repeat inside the batch is caught when the batch is written.
  const prepared: Prepared[] = [];
  for (const s of staged) {
    if (!('input' in s)) {
      prepared.push(s);
      continue;
    }
    try {
      prepared.push({ row: s.row, write: await writerOf(actor, s.input, read) });
    } catch (error) {
      prepared.push(refused(s.row, error));
    }
  }
  return prepared;
}

/** How one row will be written, once its checks passed. */
async function writerOf(actor: Actor, row: RowInput, read: PlanReader | null): Promise<Writer> {
  switch (row.type) {
    case 'UserRecords': {
      const input = row.input;
      const { lines } = await planRequest(read!, actor, input);
      return {
        keys: lines.map((l) =>
          // The wizard's duplicate rule: the same subject, path, email and account (or business access).
          [
            l.userId,
            l.regionId,
            l.marketId,
            l.agencyId,
            l.practiceId,
            l.platformId,
            l.email,
            l.isPlatformRequest,
            l.assetId,
            l.clientAccountId,
          ].join('|'),
        ),
        request: { lines, comments: input.Comments },
      };
    }
    case 'Approvers': {
      const input = row.input;
      return {
        keys: [],
        run: async (trx) => {
          const { ids } = await createAssignmentIn(trx, actor, input);
          return { firstId: ids[0]!, statusText: messages.bulkRowCreated(`Assignment #${ids[0]}`) };
        },
      };
    }
    case 'MasterApprovers': {
      const input = row.input;
      return {
        keys: [],
        run: async (trx) => {
          const { masterApproverIds: ids } = await saveMasterApproverIn(trx, actor, input);
          return { firstId: ids[0]!, statusText: messages.bulkRowCreated(`Master approver #${ids[0]}`) };
        },
      };
    }
  }
}

/**
 * Writes a prepared batch and its results in one transaction. The assignment services check
 * before they write, inside this transaction, so a refused row leaves nothing behind; user
 * records were checked before (planRequest), and a repeat inside the batch is refused here;
 * the batch's user-record lines are then written together, in a few multi-row statements
 * (`writeRequests`), not one per row. The batch's submitted lines notify their approvers as the
 * wizard's do, in the same transaction: one email per approver for the whole batch.
 */
async function writeBatch(db: Db, uploadId: number, prepared: Prepared[], actorId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    /** Each row's result, in row order; a user-record row's once its lines are written. */
    const results: (q.RowResult | ((ids: number[][]) => q.RowResult))[] = [];
    /** What an earlier row of the batch granted: its index in `requests` (user records) or its first id. */
    const granted = new Map<string, { request: number } | { id: number }>();
    const requests: NewRequest[] = [];
    for (const p of prepared) {
      const rowNumber = p.row.rowNumber;
      const payload = JSON.stringify(p.row.cells);
      if ('result' in p) {
        results.push({ rowNumber, ...p.result, payload });
        continue;
      }
      const twin = p.write.keys.find((k) => granted.has(k));
      if (twin) {
        const earlier = granted.get(twin)!;
        const refused = (id: number) => ({
          rowNumber,
          success: false,
          statusText: messages.requestAlreadyExists(id),
          payload,
        });
        results.push('id' in earlier ? refused(earlier.id) : (ids) => refused(ids[earlier.request]![0]!));
        continue;
      }
      if ('request' in p.write) {
        const index = requests.push(p.write.request) - 1;
        for (const key of p.write.keys) {
          granted.set(key, { request: index });
        }
        results.push((ids) => ({
          rowNumber,
          success: true,
          statusText: messages.bulkRowCreated(`Request ${ids[index]!.map((id) => `#${id}`).join(', ')}`),
          payload,
        }));
        continue;
      }
      try {
        const { firstId, statusText } = await p.write.run(trx);
        for (const key of p.write.keys) {
          granted.set(key, { id: firstId });
        }
        results.push({ rowNumber, success: true, statusText, payload });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal === null) {
          throw error;
        }
        results.push({ rowNumber, success: false, statusText: refusal, payload });
      }
    }
    const ids = requests.length > 0 ? await writeRequests(trx, requests) : [];
    await queueNotifications(trx, 'submitted', ids.flat(), actorId);
    await q.recordBatch(
      trx,
      uploadId,
      results.map((r) => (typeof r === 'function' ? r(ids) : r)),
    );
  });
}

/** The uploader as the actor the screens' services check (their role today, not at upload time). */
async function actorOf(db: Db, userId: number): Promise<Actor | null> {
  const user = await q.findUploader(db, userId);
  return user && user.isDeleted === 0
    ? { userId: user.userId, roleId: user.roleId as RoleId, email: user.email }
    : null;
}

async function countRows(file: string): Promise<number> {
  let count = -1;
  for await (const _record of csvReader(file)) {
    count++;
  }
  return Math.max(0, count);
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

/** The type's template: its header ('*' marks a required column). */
export function templateOf(type: BulkUploadType): string {
  return `\uFEFF${stringify([bulkTemplateColumns[type].map((c) => (c.isRequired ? `${c.name} *` : c.name))])}`;
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
