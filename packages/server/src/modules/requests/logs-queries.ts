import type { Db } from '../../db/connection.ts';
import { codedLines, lineColumns } from './line-query.ts';
import { inTrackerScope, type TrackerScope } from './tracker-queries.ts';

/** The request an activity log describes, with every name it shows; undefined outside the scope. */
export async function findLogHeader(db: Db, scope: TrackerScope, requestId: number) {
  return codedLines(db.kysely, (eb) => eb.and([eb('r.requestId', '=', requestId), inTrackerScope(eb, scope)]))
    .leftJoin('users as ap', 'ap.userId', 'r.approvedRejectedBy')
    .leftJoin('users as pv', 'pv.userId', 'r.provisionedBy')
    .select([
      ...lineColumns,
      'r.submissionId',
      'r.createdDate',
      'r.isUrgent',
      'r.isInternal',
      'r.isDeleted',
      'r.comments',
      'r.email',
      'r.requestedPlatformEmail',
      'r.reassignedPrimaryEmail',
      'r.beginningDate',
      'r.expirationDate',
      'r.approverComment',
      'r.approvedDate',
      'r.provisionerComment',
      'r.provisionedDate',
      'u.userId',
      'u.title',
      'u.organization',
      'u.department',
      'u.officeNumber',
      'u.locationCountry',
      'cc.code as clientCodeName',
      'ca.assetReference',
      'put.basicName as platformUserTypeBasicName',
      'ap.name as approverName',
      'ap.lastName as approverLastName',
      'ap.email as approverEmail',
      'pv.name as provisionerName',
      'pv.lastName as provisionerLastName',
      'pv.email as provisionerEmail',
    ])
    .executeTakeFirst();
}
export type LogHeaderRow = NonNullable<Awaited<ReturnType<typeof findLogHeader>>>;

/**
 * History rows of a request in the order they happened, in keyset pages after
 * (createdDate, id); `after` null starts at the first step.
 */
export async function findHistoryPage(
  db: Db,
  requestId: number,
  after: { createdDate: string; id: number } | null,
  limit: number,
) {
  let qb = db.kysely
    .selectFrom('requestHistory as h')
    .innerJoin('requestTypes as t', 't.requestTypeId', 'h.requestTypeId')
    .innerJoin('requestStatuses as s', 's.statusId', 'h.statusId')
    .innerJoin('users as cu', 'cu.userId', 'h.createdBy')
    .where('h.requestId', '=', requestId)
    .select([
      'h.id',
      'h.stepDescription',
      'h.requestTypeId',
      't.description as requestTypeName',
      'h.changeDesc',
      'h.statusId',
      's.description as statusName',
      'h.comments',
      'h.approverComment',
      'h.provisionerComment',
      'h.createdDate',
      'h.before',
      'h.after',
      'cu.name as creatorName',
      'cu.lastName as creatorLastName',
      'cu.email as creatorEmail',
    ]);
  if (after) {
    qb = qb.where((eb) =>
      eb.or([
        eb('h.createdDate', '>', after.createdDate),
        eb.and([eb('h.createdDate', '=', after.createdDate), eb('h.id', '>', after.id)]),
      ]),
    );
  }
  return qb.orderBy('h.createdDate').orderBy('h.id').limit(limit).execute();
}
export type HistoryRow = Awaited<ReturnType<typeof findHistoryPage>>[number];
