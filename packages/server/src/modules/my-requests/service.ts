import {
  cancelRefusal,
  timeZoneOrUtc,
  historySteps,
  RequestStatus,
  Role,
  messages,
  startOfTodayUtc,
  type FilterOptions,
  type FilterOptionsQuery,
  type MyRequestRow,
  type MyRequestsPage,
  type TableQuery,
} from '@uap/domain';
import { type Db, inTransaction } from '../../db/connection.ts';
import { assertTableQuery, filterOptionsOf } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { TableReader } from '../../http/table-routes.ts';
import { findColumnValues, findLinePage } from '../request-lines/lists.ts';
import { moveLines, releasePendingChanges } from '../request-lines/transitions.ts';
import * as q from './queries.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import { presentMyRequest } from './present.ts';

const todayIso = () => startOfTodayUtc().toISOString();

/** My Requests: lines the caller created or is the subject of; requestId > 0 narrows to its submission. */
export async function findMyRequests(
  db: Db,
  actor: Actor,
  query: TableQuery & { requestId: number },
): Promise<MyRequestsPage> {
  const spec = q.myRequestSpec;
  assertTableQuery(spec, query);
  const today = todayIso();
  const { rows, totalCount, isCountEstimate } = await findLinePage(
    db,
    q.myRequestsWhere(actor.userId, query.requestId),
    spec,
    query,
    today,
  );
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return {
    requests: rows.map((r) => presentMyRequest(r, timeZone)),
    page: query.page,
    totalCount,
    isCountEstimate,
  };
}

/** My Requests' reads for the declared table's page (its filter menus are api/Catalogs/Filters/). */
export const myRequestsReader: TableReader<MyRequestRow> = {
  spec: q.myRequestSpec,
  page: async (db, actor, query) => {
    const page = await findMyRequests(db, actor, query as TableQuery & { requestId: number });
    return { rows: page.requests, totalCount: page.totalCount, isCountEstimate: page.isCountEstimate };
  },
  values: (db, actor, query, column) =>
    findColumnValues(db, q.myRequestsWhere(actor.userId, 0), q.myRequestSpec, query, column),
};

/**
 * Cancels Submitted requests, all or none (spec 1 §4, docs/architecture.md): every line must exist for
 * the caller (404), be theirs as requestor unless they are a super admin (403) and be Submitted
 * (422); the status moves by compare-and-set, each line gets its history row, and a record whose
 * pending change was cancelled is free for a new one.
 */
export async function cancelRequests(db: Db, actor: Actor, requestIds: number[]): Promise<string> {
  const ids = [...new Set(requestIds)];
  const isSuperAdmin = actor.roleId === Role.SUPERADMIN;
  await inTransaction(db, async (trx) => {
    const targets = await q.findCancelTargets(trx, ids);
    const isVisible = (t: (typeof targets)[number]) =>
      isSuperAdmin || t.createdBy === actor.userId || t.userId === actor.userId;
    if (targets.length !== ids.length || !targets.every(isVisible)) {
      throw notFound();
    }
    const refusals = targets.map((t) =>
      cancelRefusal({ statusId: t.statusId, isCreatedByCaller: t.createdBy === actor.userId }, actor.roleId),
    );
    if (refusals.includes('notOwn')) {
      throw forbidden(messages.cancelOnlyOwn);
    }
    if (refusals.includes('notSubmitted')) {
      throw unprocessable(messages.cancelOnlySubmitted);
    }
    // Someone approving or cancelling one of them since we read it: 409 naming its status, nothing kept.
    await moveLines(trx, targets, {
      requestIds: ids,
      from: RequestStatus.SUBMITTED,
      to: RequestStatus.CANCELLED,
      actorId: actor.userId,
      step: (t) => ({
        stepDescription:
          isSuperAdmin && t.createdBy !== actor.userId
            ? historySteps.cancelledBySuperAdmin
            : historySteps.cancelledByRequestor,
      }),
    });
    await releasePendingChanges(trx, targets, actor.userId);
    await queueNotifications(trx, 'cancelled', ids, actor.userId);
  });
  return messages.requestsCancelled;
}

/** The distinct values of one My Requests column under its other filters. */
export async function findMyRequestFilterOptions(
  db: Db,
  actor: Actor,
  query: FilterOptionsQuery,
): Promise<FilterOptions> {
  assertTableQuery(q.myRequestSpec, query, query.column);
  const values = await findColumnValues(
    db,
    q.myRequestsWhere(actor.userId, 0),
    q.myRequestSpec,
    query,
    query.column,
  );
  return filterOptionsOf(values);
}
