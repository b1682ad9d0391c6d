import type { Kysely, Updateable } from 'kysely';
import { messages, requestStatusNames, type RequestStatusId } from '@uap/domain';
import type { Database, RequestsTable } from '../../db/schema.ts';
import { nowIso } from '../../db/connection.ts';
import { chainLater } from '../../db/chain/pending.ts';
import { conflict } from '../../http/errors.ts';

type Executor = Kysely<Database>;

/** One step of a request's life, as the activity log shows it. History is append-only. */
export interface HistoryEntry {
  requestId: number;
  statusId: number;
  requestTypeId: number;
  stepDescription: string;
  comments?: string | null;
  changeDesc?: string | null;
  approverComment?: string | null;
  provisionerComment?: string | null;
  before?: string | null;
  after?: string | null;
  /** The absent person the actor stood in for (out of office), if any. */
  onBehalfOf?: number | null;
  /** Who wrote the row when it is not the actor (lines created for their own requester). */
  createdBy?: number;
}

// Keeps every statement far below SQLite's bound-parameter limit.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    out.push(items.slice(i, i + CHUNK));
  }
  return out;
}

/** Appends history rows written by `actorId` (or each entry's own `createdBy`), in batches, inside the caller's transaction. */
export async function insertHistoryRows(trx: Executor, actorId: number, entries: readonly HistoryEntry[]) {
  const createdDate = nowIso();
  for (const batch of chunks(entries)) {
    const rows = await trx
      .insertInto('requestHistory')
      .values(
        batch.map((e) => ({
          requestId: e.requestId,
          statusId: e.statusId,
          requestTypeId: e.requestTypeId,
          stepDescription: e.stepDescription,
          comments: e.comments ?? null,
          changeDesc: e.changeDesc ?? null,
          approverComment: e.approverComment ?? null,
          provisionerComment: e.provisionerComment ?? null,
          before: e.before ?? null,
          after: e.after ?? null,
          onBehalfOf: e.onBehalfOf ?? null,
          createdBy: e.createdBy ?? actorId,
          createdDate,
        })),
      )
      .returning('id')
      .execute();
    chainLater(
      trx,
      'request_history',
      rows.map((r) => r.id),
    );
  }
}

/**
 * Compare-and-set over many lines: moves every line from `from` to `to` (plus `set`) only while
 * it is still in `from`. When any line had already moved, nothing is kept: it throws 409 with
 * the current status of the first line that moved, so the caller's transaction rolls back.
 */
export async function moveStatus(
  trx: Executor,
  options: {
    requestIds: readonly number[];
    from: RequestStatusId;
    to: RequestStatusId;
    actorId: number;
    set?: Omit<Updateable<RequestsTable>, 'statusId' | 'version' | 'updatedDate' | 'updatedBy'>;
  },
): Promise<void> {
  const { requestIds, from, to, actorId, set = {} } = options;
  const movedHere: number[] = [];
  for (const batch of chunks(requestIds)) {
    const moved = await trx
      .updateTable('requests')
      .set((eb) => ({
        ...set,
        statusId: to,
        updatedDate: nowIso(),
        updatedBy: actorId,
        version: eb('version', '+', 1),
      }))
      .where('requestId', 'in', batch)
      .where('statusId', '=', from)
      .returning('requestId')
      .execute();
    movedHere.push(...moved.map((r) => r.requestId));
  }
  if (movedHere.length !== requestIds.length) {
    throw await staleConflict(trx, requestIds, from, movedHere);
  }
}

type LineStep = Omit<HistoryEntry, 'requestId' | 'statusId' | 'requestTypeId'>;

/**
 * Moves lines its caller has read and authorised: every line must still be `from` (else 409
 * naming the current status); all move to `to` with `set` (`moveStatus`) and each gets its
 * history row, `step` of the line.
 */
export async function moveLines<Line extends { requestId: number; statusId: number; requestTypeId: number }>(
  trx: Executor,
  lines: readonly Line[],
  move: Parameters<typeof moveStatus>[1] & { step: (line: Line) => LineStep },
): Promise<void> {
  const { step, ...options } = move;
  if (lines.some((line) => line.statusId !== options.from)) {
    throw await staleConflict(trx, options.requestIds, options.from);
  }
  await moveStatus(trx, options);
  await insertHistoryRows(
    trx,
    options.actorId,
    lines.map((line) => ({
      ...step(line),
      requestId: line.requestId,
      statusId: options.to,
      requestTypeId: line.requestTypeId,
    })),
  );
}

/**
 * The 409 for a line that is no longer in the expected status, naming its current status.
 * `movedHere`: lines the caller's own transaction has just moved, which must not be named
 * (PostgreSQL shows them to the caller in their new status).
 */
export async function staleConflict(
  trx: Executor,
  requestIds: readonly number[],
  expected: number,
  movedHere: readonly number[] = [],
) {
  const own = new Set(movedHere);
  const candidates = requestIds.filter((id) => !own.has(id));
  const moved = await trx
    .selectFrom('requests')
    .select(['requestId', 'statusId'])
    .where('requestId', 'in', candidates.length > 0 ? candidates.slice(0, CHUNK) : [-1])
    .where('statusId', '!=', expected)
    .limit(1)
    .executeTakeFirst();
  const status = moved
    ? (requestStatusNames[moved.statusId as RequestStatusId] ?? String(moved.statusId))
    : 'changed';
  return conflict(
    moved ? messages.requestAlreadyInStatus(moved.requestId, status) : messages.requestChangedMeanwhile,
    moved ? { requestId: moved.requestId, statusId: moved.statusId, status } : null,
  );
}

/**
 * The one rule for a record's pending-change marker: once a change request finishes (rejected,
 * cancelled or provisioned), its record no longer has a pending change. Matched by the record's
 * primary key and the marker itself, so a newer pending change of the same record is untouched.
 */
export async function releasePendingChanges(
  trx: Executor,
  changes: readonly { requestId: number; recordId: number | null }[],
  actorId: number,
) {
  const own = changes.filter((c): c is { requestId: number; recordId: number } => c.recordId !== null);
  for (const batch of chunks(own)) {
    await trx
      .updateTable('requests')
      .set((eb) => ({
        pendingChangeRequestId: null,
        updatedDate: nowIso(),
        updatedBy: actorId,
        version: eb('version', '+', 1),
      }))
      .where(
        'requestId',
        'in',
        batch.map((c) => c.recordId),
      )
      .where(
        'pendingChangeRequestId',
        'in',
        batch.map((c) => c.requestId),
      )
      .execute();
  }
}
