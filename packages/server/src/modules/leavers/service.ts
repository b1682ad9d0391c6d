import {
  formatDate,
  timeZoneOrUtc,
  fullName,
  messages,
  type DeactivateLeaversResult,
  type FilterOptions,
  type LeaverCommentEntry,
  type LeaverRecordFilterQuery,
  type LeaverRecordList,
  type LeaverRecordRow,
  type TableQuery,
  type deactivateLeaversInput,
} from '@uap/domain';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { inTransaction, nowIso, type Db } from '../../db/connection.ts';
import { csvExport } from '../../db/csv-export.ts';
import type { CsvColumn } from '../../db/csv-text.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, type AdminScope } from '../../http/admin-scope.ts';
import { notFound } from '../../http/errors.ts';
import { activeDeactive } from '../modify/service.ts';
import * as q from './queries.ts';

function present(row: q.LeaverDbRow): LeaverRecordRow {
  return {
    requestId: row.requestId,
    leaverUserComment: row.leaverUserComment ?? '',
    isDeleted: row.isDeleted === 1,
    roleName: row.roleName,
    userLocation: row.userLocation ?? '',
    requestUserId: row.requestUserId,
    requestUserName: row.requestUserName,
    requestUserLastName: row.requestUserLastName,
    requestUserEmail: row.requestUserEmail,
    email: row.email,
    regionDescription: row.regionDescription,
    marketDescription: row.marketDescription,
    practiceDescription: row.practiceDescription,
    platformDescription: row.platformDescription,
    agencyDescription: row.agencyDescription,
    clientDescription: row.clientDescription ?? '',
    assetName: row.assetName ?? row.assetDescription ?? '',
    clientAccountDescription: row.clientAccountDescription ?? '',
    clientAccountAssetReference: row.clientAccountAssetReference ?? '',
    platformUserTypeDescription: row.platformUserTypeDescription ?? '',
    createdDate: row.createdDate,
    createdByUserName: row.createdByUserName,
    createdByUserLastName: row.createdByUserLastName,
    createdByUserEmail: row.createdByUserEmail,
    approverName: row.approverName ?? '',
    approverLastName: row.approverLastName ?? '',
    approverEmail: row.approverEmail ?? '',
    approvedDate: row.approvedDate,
    leftDate: row.leftDate,
    pendingChangeRequestId: row.pendingChangeRequestId,
  };
}

/** The export's columns, dates in the caller's zone as on every export. */
const csvColumns = (timeZone: string): CsvColumn<LeaverRecordRow>[] => [
  { header: 'Record ID', value: (r) => r.requestId },
  { header: 'User', value: (r) => fullName(r.requestUserName, r.requestUserLastName) },
  { header: 'User Email', value: (r) => r.requestUserEmail },
  { header: 'Left', value: (r) => formatDate(r.leftDate, timeZone) },
  { header: 'Platform Email', value: (r) => r.email },
  { header: 'Role', value: (r) => r.roleName },
  { header: 'Location', value: (r) => r.userLocation },
  { header: 'Region', value: (r) => r.regionDescription },
  { header: 'Market', value: (r) => r.marketDescription },
  { header: 'Agency', value: (r) => r.agencyDescription },
  { header: 'Practice', value: (r) => r.practiceDescription },
  { header: 'Platform', value: (r) => r.platformDescription },
  { header: 'Client', value: (r) => r.clientDescription },
  { header: 'Asset Type', value: (r) => r.assetName },
  { header: 'Client Account', value: (r) => r.clientAccountDescription },
  { header: 'Asset Reference', value: (r) => r.clientAccountAssetReference },
  { header: 'Platform User Type', value: (r) => r.platformUserTypeDescription },
  { header: 'Created', value: (r) => formatDate(r.createdDate, timeZone) },
  { header: 'Created By', value: (r) => fullName(r.createdByUserName, r.createdByUserLastName) },
  { header: 'Approver', value: (r) => fullName(r.approverName, r.approverLastName) },
  { header: 'Approved', value: (r) => (r.approvedDate ? formatDate(r.approvedDate, timeZone) : '') },
  { header: 'Leaver Comment', value: (r) => r.leaverUserComment },
];

/** PUT api/Request/UserRecordsOfADInactiveUsers/Export: the whole filtered leaver table as CSV. */
export async function exportLeaverRecords(db: Db, actor: Actor, query: TableQuery): Promise<Readable> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.leaverRecordSpec, query);
  return csvExport(
    async (beforeId, limit) => (await q.findLeaverBatch(db, scope, query, beforeId, limit)).map(present),
    (row) => row.requestId,
    csvColumns(timeZoneOrUtc(query.localTimeZone)),
  );
}

/** GET/PUT api/Request/UserRecordsOfADInactiveUsers: the leaver records in scope. */
export async function findLeaverRecords(db: Db, actor: Actor, query: TableQuery): Promise<LeaverRecordList> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.leaverRecordSpec, query);
  const { rows, totalCount } = await q.findLeaverTable(db, scope, query);
  return { records: rows.map(present), page: query.page, totalCount };
}

/** PUT …/Filters: one column's distinct values under the other filters. */
export async function findLeaverFilterOptions(
  db: Db,
  actor: Actor,
  query: LeaverRecordFilterQuery,
): Promise<FilterOptions> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.leaverRecordSpec, query, query.column);
  const values = await q.findLeaverValues(db, scope, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

/** 404 unless every id is a leaver record in scope. */
async function requireLeaverRecords(
  trx: Parameters<typeof q.findLeaverIds>[0],
  scope: AdminScope,
  ids: readonly number[],
) {
  const found = new Set(await q.findLeaverIds(trx, scope, ids));
  if (ids.some((id) => !found.has(id))) {
    throw notFound(messages.notALeaverRecord);
  }
}

/** POST LeaverUserCommentRequest: the comment joins each record's leaver comment history. */
export async function addLeaverComment(
  db: Db,
  actor: Actor,
  input: { comment: string; requestIds: number[] },
): Promise<string> {
  const scope = adminScopeOf(actor, 'read');
  await inTransaction(db, async (trx) => {
    await requireLeaverRecords(trx, scope, input.requestIds);
    await q.insertLeaverComments(trx, input.requestIds, input.comment, actor.userId, nowIso());
  });
  return messages.leaverCommentSaved;
}

/** GET LeaverUserComments/{requestId}: a record's leaver comment history, newest first. */
export async function findLeaverComments(
  db: Db,
  actor: Actor,
  requestId: number,
): Promise<LeaverCommentEntry[]> {
  const scope = adminScopeOf(actor, 'read');
  if (!(await q.isRecordInScope(db.kysely, scope, requestId))) {
    throw notFound();
  }
  const rows = await q.findLeaverComments(db.kysely, requestId);
  return rows.map((r) => ({
    id: r.id,
    requestId: r.requestId,
    comment: r.comment,
    createdDate: r.createdDate,
    createdBy: { fullName: fullName(r.name, r.lastName), email: r.email },
  }));
}

/**
 * POST DeactivateLeaversRecord: one Deactivation request per leaver record, created by the
 * caller through the same path as Modify an Existing Access (approval, then provisioning).
 */
export async function deactivateLeavers(
  db: Db,
  actor: Actor,
  input: z.output<typeof deactivateLeaversInput>,
): Promise<DeactivateLeaversResult> {
  const scope = adminScopeOf(actor, 'read');
  const ids = [...new Set(input.requests)];
  await requireLeaverRecords(db.kysely, scope, ids);
  return activeDeactive(db, actor, {
    isActive: false,
    requests: ids,
    comment: input.comment,
    IsUrgent: input.IsUrgent,
    BeginningDate: null,
    ExpirationDate: null,
  });
}
