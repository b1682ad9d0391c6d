import {
  messages,
  nulPath,
  type ApproverAssignmentInput,
  type BulkUploadType,
  type CreateRequestInput,
  type MasterApproverPath,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { HttpError } from '../../http/errors.ts';
import { createAssignmentIn } from '../approval-paths/assignments/write-service.ts';
import { readAhead, type PlanReader } from '../create-request/plan-reader.ts';
import type { NewRequest } from '../create-request/write-queries.ts';
import { planQuestions, planRequest, writeRequests } from '../create-request/service.ts';
import { saveMasterApproverIn } from '../approval-paths/master-approvers/service.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import * as q from './queries.ts';
import type { Resolver } from './rows.ts';
import {
  Refusal,
  approverInput,
  isExampleRow,
  masterApproverInput,
  userRecordInput,
  type Cells,
} from './rows.ts';
import type { ReadRow } from './upload-file.ts';

/** One batch of an upload's rows: checked as the screens check them, then written in one transaction. */

/** Rows checked at once while a batch is prepared. */
const PREPARE_CONCURRENCY = 8;

/** What a row comes to before the batch's transaction: a refusal, a result already known, or work to write. */
export type Prepared =
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
  // Refused as the screens' fields refuse it (names are looked up before any schema runs).
  if (nulPath(cells)) {
    throw new Refusal(messages.textHasNul);
  }
  if (isExampleRow(type, cells)) {
    throw new Refusal(messages.bulkRowIsExample);
  }
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
export async function prepare(
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
export async function writeBatch(
  db: Db,
  uploadId: number,
  prepared: Prepared[],
  actorId: number,
): Promise<void> {
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
