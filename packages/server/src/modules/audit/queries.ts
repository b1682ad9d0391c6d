import type { ScopeAtLeast } from '../../http/row-scope.ts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { exactCount } from '../request-lines/count.ts';
import {
  decidedLines,
  decisionColumns,
  fullName,
  lineColumns,
  type RequestEb,
} from '../request-lines/line-query.ts';
import { inAdminRows } from '../../http/row-scope-queries.ts';

/** Whose lines the audit covers: an admin the lines inside its (region, market) rows; super admins and auditors all. */
export type AuditScope = ScopeAtLeast<'admin'>;

/** Lines created in [fromIso, toIso) inside the scope. */
function inRange(eb: RequestEb, scope: AuditScope, fromIso: string, toIso: string): Expression<SqlBool> {
  return eb.and([
    eb('r.createdDate', '>=', fromIso),
    eb('r.createdDate', '<', toIso),
    inAdminRows(scope, 'r'),
  ]);
}

/** How many lines the range holds (the confirmation before the download). */
export function countAuditLines(db: Db, scope: AuditScope, fromIso: string, toIso: string): Promise<number> {
  return exactCount(db.kysely.selectFrom('requests as r').where((eb) => inRange(eb, scope, fromIso, toIso)));
}

/** Where a keyset batch starts: after this line of the (createdDate, requestId) order. */
export interface AuditCursor {
  createdDate: string;
  requestId: number;
}

/**
 * One batch of the range in (createdDate, requestId) order, after `cursor` (keyset: served by the
 * requests(created_date, request_id) index, every batch costs the same) or from `offset` (the
 * legacy page calls).
 */
export function findAuditLines(
  db: Db,
  scope: AuditScope,
  fromIso: string,
  toIso: string,
  limit: number,
  after: AuditCursor | { offset: number },
) {
  let qb = decidedLines(db.kysely, (eb) => {
    const range = inRange(eb, scope, fromIso, toIso);
    if (!('requestId' in after)) {
      return range;
    }
    return eb.and([
      range,
      eb.or([
        eb('r.createdDate', '>', after.createdDate),
        eb.and([eb('r.createdDate', '=', after.createdDate), eb('r.requestId', '>', after.requestId)]),
      ]),
    ]);
  })
    .select([
      ...lineColumns,
      'r.createdDate',
      'r.email',
      'r.isUrgent',
      'r.comments',
      ...decisionColumns,
      'cc.code as clientCodeName',
      sql<string | null>`${fullName('ap')}`.as('approverName'),
      'ap.email as approverEmail',
      sql<string | null>`${fullName('pv')}`.as('provisionerName'),
      'pv.email as provisionerEmail',
    ])
    .orderBy('r.createdDate')
    .orderBy('r.requestId')
    .limit(limit);
  if (!('requestId' in after)) {
    qb = qb.offset(after.offset);
  }
  return qb.execute();
}

export type AuditLineRow = Awaited<ReturnType<typeof findAuditLines>>[number];
