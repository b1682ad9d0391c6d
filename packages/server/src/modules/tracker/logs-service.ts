import type { Readable } from 'node:stream';
import type { ActivityLog, HistoryPage, HistoryQuery, RequestHistoryEntry, TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import * as masterData from '../master-data/item-service.ts';
import { findHistoryVerifiedAt, findLatestRowHashes } from '../audit/chain-queries.ts';
import type { ListedRow } from '../audit/export-trailer.ts';
import { activityLogPdf } from './logs-pdf.ts';
import { presentHistoryEntry, presentLogHeader } from './logs-present.ts';
import * as q from './logs-queries.ts';
import { trackerScopeOf } from './service.ts';

/** History rows per query: the PDF holds at most this many in memory at a time. */
const HISTORY_PAGE = 100;

async function headerOf(db: Db, actor: Actor, requestId: number) {
  const header = await q.findLogHeader(db, trackerScopeOf(actor), requestId);
  if (!header) {
    throw notFound();
  }
  return header;
}

/** Every history step of a request, in order, one keyset page per query; `seen` gets each step's id. */
async function* historyOf(
  db: Db,
  header: q.LogHeaderRow,
  seen: number[] = [],
): AsyncGenerator<RequestHistoryEntry> {
  let after: { createdDate: string; id: number } | null = null;
  for (;;) {
    const rows = await q.findHistoryPage(db, header.requestId, after, HISTORY_PAGE);
    for (const row of rows) {
      seen.push(row.id);
      yield presentHistoryEntry(row, header);
    }
    const last = rows.at(-1);
    if (rows.length < HISTORY_PAGE || !last) {
      return;
    }
    after = { createdDate: last.createdDate, id: last.id };
  }
}

/** The activity log of a request in the caller's tracker scope (else 404). */
export async function getActivityLog(db: Db, actor: Actor, requestId: number): Promise<ActivityLog> {
  const header = await headerOf(db, actor, requestId);
  const entries: RequestHistoryEntry[] = [];
  for await (const entry of historyOf(db, header)) {
    entries.push(entry);
  }
  const logItems = await masterData.logItemsByStep(
    db,
    requestId,
    entries.map((e) => e.createdDate),
  );
  return Object.assign(presentLogHeader(header), {
    requestHistoryLogsDTOs: entries.map((e, i) => ({
      requestHistory: e,
      genericMasterDataLogItems: logItems[i] ?? [],
    })),
    historyVerifiedAt: await findHistoryVerifiedAt(db.kysely, requestId),
  });
}

/**
 * The activity log as a streamed PDF; scope is checked (404) before the first byte is sent.
 * `listed` answers, once the document is written, the steps it lists with their chain hashes.
 */
export async function getActivityLogPdf(
  db: Db,
  actor: Actor,
  requestId: number,
): Promise<{ pdf: Readable; listed: () => Promise<ListedRow[]> }> {
  const header = await headerOf(db, actor, requestId);
  const seen: number[] = [];
  return {
    pdf: activityLogPdf(presentLogHeader(header), historyOf(db, header, seen)),
    listed: () => findLatestRowHashes(db.kysely, 'request_history', seen),
  };
}

/** One page of a request's history (search, sort) in the caller's tracker scope (else 404). */
export async function findHistoryPage(
  db: Db,
  actor: Actor,
  requestId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const header = await headerOf(db, actor, requestId);
  const table: TableQuery = {
    ...query,
    orderBy: query.orderBy ?? null,
    justCompleted: false,
    initialLoad: false,
    filters: [],
    localTimeZone: 'UTC',
  };
  assertTableQuery(q.historySpec, table);
  const { rows, totalCount } = await q.findHistoryTable(db, requestId, table);
  return { history: rows.map((row) => presentHistoryEntry(row, header)), page: query.page, totalCount };
}
