import { sql, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import type { Dialect, Executor } from '../../db/connection.ts';
import { PATH_PLACES } from './routing.ts';
import { insertHistoryRows } from './transitions.ts';

/**
 * Deactivate lines created already Approved, set-based: the access-expiry job's (the end date the
 * approver agreed to is the approval) and an access review's revoke (the reviewer's decision is
 * the approval). Each goes to the provisioners like any approved line. One INSERT … SELECT for
 * every record, one multi-row history insert, one UPDATE pointing the records at their line.
 */

const timestamp = (dialect: Dialect, iso: string) =>
  dialect === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;

const integer = (dialect: Dialect, value: number) =>
  dialect === 'postgres' ? sql<number>`cast(${value} as integer)` : sql<number>`${value}`;

/** What a record's Deactivate line takes from the record as it is: its person, path and access. */
const copiedFromRecord = [
  'userId',
  'email',
  'isInternal',
  ...PATH_PLACES,
  'clientId',
  'clientCodeId',
  'assetId',
  'clientAccountId',
  'platformUserTypeId',
  'platformOwnershipId',
  'productCode',
  'beginningDate',
  'expirationDate',
  'isPlatformRequest',
  'managerEmail',
  'managerName',
] as const;

export interface ApprovedDeactivations {
  /** The records (Add lines, alias r) to deactivate; `where` says which of them still qualify. */
  recordIds: readonly number[];
  where: Expression<SqlBool>;
  /** Each line's submission id is this prefix and its record's id. */
  submissionPrefix: string;
  nowIso: string;
  /** Who asks (the line's creator); null: the record's own requester. */
  createdBy: number | null;
  /** Who approved; null: nobody (the expiry). */
  approvedBy: number | null;
  /** The requestor's and the approver's comment of the line. */
  comment: string | null;
}

/**
 * One Deactivate line per record that still passes `where`, created Approved, as one
 * INSERT … SELECT. A record that no longer passes (moved meanwhile, a second run) gets none.
 */
export function insertApprovedDeactivations(q: Executor, dialect: Dialect, o: ApprovedDeactivations) {
  const now = timestamp(dialect, o.nowIso);
  const by = (id: number | null) => (id === null ? sql.ref<number>('r.createdBy') : integer(dialect, id));
  const text = (value: string | null) =>
    dialect === 'postgres' ? sql<string | null>`cast(${value} as text)` : sql<string | null>`${value}`;
  return q
    .insertInto('requests')
    .columns([
      'submissionId',
      'requestTypeId',
      'statusId',
      'recordId',
      'createdBy',
      'createdDate',
      'isUrgent',
      'approvedRejectedBy',
      'approvedDate',
      'comments',
      'approverComment',
      'updatedDate',
      'updatedBy',
      ...copiedFromRecord,
    ])
    .expression(
      q
        .selectFrom('requests as r')
        .select([
          sql<string>`${o.submissionPrefix} || cast(r.request_id as text)`.as('submissionId'),
          sql.lit(RequestType.DEACTIVATE).as('requestTypeId'),
          sql.lit(RequestStatus.APPROVED).as('statusId'),
          'r.requestId',
          by(o.createdBy).as('createdBy'),
          now.as('createdDate'),
          sql.lit(0).as('isUrgent'),
          (o.approvedBy === null ? sql<number | null>`null` : integer(dialect, o.approvedBy)).as(
            'approvedRejectedBy',
          ),
          now.as('approvedDate'),
          text(o.comment).as('comments'),
          text(o.comment).as('approverComment'),
          now.as('updatedDate'),
          by(o.createdBy).as('updatedBy'),
          ...copiedFromRecord.map((column) => `r.${column}` as const),
        ])
        .where('r.requestId', 'in', o.recordIds)
        .where(o.where),
    )
    .returning(['requestId', 'recordId', 'createdBy', 'beginningDate', 'expirationDate'])
    .execute();
}
export type ApprovedDeactivation = Awaited<ReturnType<typeof insertApprovedDeactivations>>[number];

/** The history row of each new Deactivate line, written as its creator. */
export async function insertApprovedDeactivationHistory(
  q: Executor,
  lines: readonly ApprovedDeactivation[],
  o: { step: string; changeDesc: string; comment?: string | null },
) {
  const access = (l: ApprovedDeactivation, isDeleted: number) =>
    JSON.stringify({ isDeleted, beginningDate: l.beginningDate, expirationDate: l.expirationDate });
  await insertHistoryRows(
    q,
    lines[0]?.createdBy ?? 0,
    lines.map((l) => ({
      requestId: l.requestId,
      statusId: RequestStatus.APPROVED,
      requestTypeId: RequestType.DEACTIVATE,
      stepDescription: o.step,
      changeDesc: o.changeDesc,
      comments: o.comment ?? null,
      approverComment: o.comment ?? null,
      before: access(l, 0),
      after: access(l, 1),
      createdBy: l.createdBy,
    })),
  );
}

/**
 * Points each record at its new Deactivate line (its one pending change); `askNewRangeDate`
 * raises the requestor's 'new date range needed' flag (an expired record's activation must
 * first get a new end date).
 */
export async function pointRecordsAtDeactivations(
  q: Executor,
  lines: readonly ApprovedDeactivation[],
  o: { nowIso: string; askNewRangeDate: boolean },
) {
  const recordIds = lines.map((l) => l.recordId).filter((id): id is number => id !== null);
  if (recordIds.length === 0) {
    return;
  }
  await q
    .updateTable('requests')
    .set((eb) => ({
      pendingChangeRequestId: eb
        .selectFrom('requests as d')
        .select('d.requestId')
        .whereRef('d.recordId', '=', 'requests.requestId')
        .where('d.requestTypeId', '=', RequestType.DEACTIVATE)
        .where('d.statusId', '=', RequestStatus.APPROVED)
        .limit(1),
      ...(o.askNewRangeDate ? { askNewRangeDate: 1 } : {}),
      updatedDate: o.nowIso,
      version: eb('version', '+', 1),
    }))
    .where('requestId', 'in', recordIds)
    .execute();
}
