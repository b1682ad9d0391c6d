import type { Readable } from 'node:stream';
import {
  formatDate,
  formatDateTime,
  fullName,
  zoneFormatters,
  messages,
  type AuditRangeParams,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { rowScopeOf } from '../../http/row-scope.ts';
import { invalid } from '../../http/errors.ts';
import { auditPdf, type AuditCells } from './audit-pdf.ts';
import * as q from './queries.ts';

/** Records per query of the streamed PDF: one batch is held in memory at a time. */
const BATCH = 500;
const DAY_MS = 86_400_000;

/** Admins audit the lines inside their (region, market) rows; super admins and auditors every line. */
function auditScopeOf(actor: Actor): q.AuditScope {
  return rowScopeOf(actor, { least: 'admin' });
}

/** The range as instants: from the first day's UTC midnight to the midnight after the last day. */
function instantsOf(range: AuditRangeParams): { fromIso: string; toIso: string } {
  if (range.to < range.from) {
    throw invalid(messages.auditRangeReversed);
  }
  const from = new Date(`${range.from}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS);
  return { fromIso: from.toISOString(), toIso: to.toISOString() };
}

/** How many request lines were created in the range (in the caller's scope). */
export async function countAuditRecords(db: Db, actor: Actor, range: AuditRangeParams): Promise<number> {
  const { fromIso, toIso } = instantsOf(range);
  return q.countAuditLines(db, auditScopeOf(actor), fromIso, toIso);
}

/** Dates of the audit are in UTC (the range is a range of UTC days). */
const utc = zoneFormatters('UTC');
const withLines = (...parts: (string | null | undefined)[]) => parts.filter((p) => p).join('\n');

function cellsOf(row: q.AuditLineRow): AuditCells {
  const decided = (name: string | null, email: string | null, date: string | null) =>
    name ? withLines(name, email, utc.dateTime(date)) : '';
  return {
    requestId: String(row.requestId),
    created: utc.dateTime(row.createdDate),
    request: withLines(row.requestTypeName, row.statusName, row.isUrgent === 1 ? 'Urgent' : ''),
    user: withLines(
      fullName(row.name, row.lastName),
      row.userEmail,
      row.email === row.userEmail ? '' : row.email,
    ),
    requestor: withLines(fullName(row.creatorName, row.creatorLastName), row.creatorEmail),
    access: withLines(
      `${row.regionName} / ${row.marketName} / ${row.agencyName} / ${row.practiceName}`,
      row.platformName,
      [row.clientName, row.clientCodeName].filter(Boolean).join(' - '),
      [row.assetName, row.clientAccountName].filter(Boolean).join(' - '),
      row.platformUserTypeName,
    ),
    dates: utc.accessDate(row.beginningDate, row.expirationDate),
    approval: decided(row.approverName, row.approverEmail, row.approvedDate),
    provisioning: decided(row.provisionerName, row.provisionerEmail, row.provisionedDate),
  };
}

function headerOf(range: AuditRangeParams, count: number) {
  const day = (d: string) => formatDate(`${d}T00:00:00.000Z`);
  return {
    title: `Audit report: requests created ${day(range.from)} to ${day(range.to)}`,
    subtitle: `${count} record(s), oldest first (dates in UTC). Generated ${formatDateTime(new Date().toISOString())} UTC.`,
  };
}

/**
 * The whole range as one streamed PDF, read in keyset batches of BATCH lines. The count (for the
 * title) and the scope are settled before the first byte; `count` is returned for the response
 * header the progress indicator reads.
 */
export async function getAuditPdf(
  db: Db,
  actor: Actor,
  range: AuditRangeParams,
): Promise<{ pdf: Readable; count: number }> {
  const scope = auditScopeOf(actor);
  const { fromIso, toIso } = instantsOf(range);
  const count = await q.countAuditLines(db, scope, fromIso, toIso);
  async function* batches(): AsyncGenerator<AuditCells[]> {
    let after: q.AuditCursor = { createdDate: '', requestId: 0 };
    let isFirst = true;
    for (;;) {
      const rows = await q.findAuditLines(db, scope, fromIso, toIso, BATCH, isFirst ? { offset: 0 } : after);
      isFirst = false;
      yield rows.map(cellsOf);
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) {
        return;
      }
      after = { createdDate: last.createdDate, requestId: last.requestId };
    }
  }
  return { pdf: auditPdf(headerOf(range, count), batches()), count };
}

/**
 * One page of the range as a PDF, for clients of the original batch calls
 * (RequestDetailbyDate/{from}/{to}/150/{pageIndex}, pages from 1). A page past the end is a
 * document without records (under 2,000 bytes, which those clients read as 'no records').
 */
export async function getAuditPdfPage(
  db: Db,
  actor: Actor,
  range: AuditRangeParams,
  pageSize: number,
  pageIndex: number,
): Promise<Readable> {
  const scope = auditScopeOf(actor);
  const { fromIso, toIso } = instantsOf(range);
  const rows = await q.findAuditLines(db, scope, fromIso, toIso, pageSize, {
    offset: (pageIndex - 1) * pageSize,
  });
  async function* one(): AsyncGenerator<AuditCells[]> {
    yield rows.map(cellsOf);
  }
  const header = headerOf(range, rows.length);
  return auditPdf(
    { title: header.title, subtitle: `Page ${pageIndex}: ${rows.length} record(s) of ${pageSize} per page.` },
    one(),
  );
}
