import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

type RequestEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;

/**
 * Routing is resolved at read time (docs/architecture.md): an active assignment covers a request when
 * its path matches; one naming the request's client wins over one that names no client.
 */
function coveringAssignment(eb: RequestEb) {
  return eb
    .selectFrom('approverAssignments as a')
    .whereRef('a.regionId', '=', 'r.regionId')
    .whereRef('a.marketId', '=', 'r.marketId')
    .whereRef('a.agencyId', '=', 'r.agencyId')
    .whereRef('a.practiceId', '=', 'r.practiceId')
    .whereRef('a.platformId', '=', 'r.platformId')
    .where('a.isDeleted', '=', 0)
    .where((w) =>
      w.or([
        w('a.clientId', '=', w.ref('r.clientId')),
        w.and([
          w('a.clientId', 'is', null),
          w.not(
            w.exists(
              w
                .selectFrom('approverAssignments as b')
                .select('b.approverId')
                .whereRef('b.regionId', '=', 'r.regionId')
                .whereRef('b.marketId', '=', 'r.marketId')
                .whereRef('b.agencyId', '=', 'r.agencyId')
                .whereRef('b.practiceId', '=', 'r.practiceId')
                .whereRef('b.platformId', '=', 'r.platformId')
                .whereRef('b.clientId', '=', 'r.clientId')
                .where('b.isDeleted', '=', 0),
            ),
          ),
        ]),
      ]),
    );
}

function masterApproverOfPath(eb: RequestEb) {
  return eb
    .selectFrom('masterApprovers as m')
    .whereRef('m.regionId', '=', 'r.regionId')
    .whereRef('m.marketId', '=', 'r.marketId')
    .whereRef('m.agencyId', '=', 'r.agencyId')
    .whereRef('m.practiceId', '=', 'r.practiceId')
    .where('m.isDeleted', '=', 0);
}

/** Separation of duties: nobody acts on a request they are the subject or the requestor of. */
export function notOwnRequest(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.and([eb('r.userId', '!=', userId), eb('r.createdBy', '!=', userId)]);
}

/** The request (alias r) waits on this user as approver, secondary approver or master approver. */
export function routedToApprover(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.and([
    notOwnRequest(eb, userId),
    eb.or([
      eb.exists(
        coveringAssignment(eb)
          .select('a.approverId')
          .where((w) => w.or([w('a.userId', '=', userId), w('a.secondaryApproverId', '=', userId)])),
      ),
      eb.exists(masterApproverOfPath(eb).select('m.masterApproverId').where('m.userId', '=', userId)),
    ]),
  ]);
}

/** The request (alias r) waits on this user as provisioner or backup provisioner. */
export function routedToProvisioner(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.and([
    notOwnRequest(eb, userId),
    eb.exists(
      coveringAssignment(eb)
        .select('a.approverId')
        .where((w) => w.or([w('a.provisionerId', '=', userId), w('a.provisionerBackupId', '=', userId)])),
    ),
  ]);
}

/** No covering assignment and no master approver: the request goes to admins ('No approval path'). */
export function hasNoApprovalPath(eb: RequestEb): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.exists(coveringAssignment(eb).select('a.approverId'))),
    eb.not(eb.exists(masterApproverOfPath(eb).select('m.masterApproverId'))),
  ]);
}

/** The request (alias r) lies inside an admin's (region, market) rows. */
export function insideAdminScope(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('adminRegions as ar')
      .select('ar.adminRegionId')
      .whereRef('ar.regionId', '=', 'r.regionId')
      .whereRef('ar.marketId', '=', 'r.marketId')
      .where('ar.userId', '=', userId)
      .where('ar.isDeleted', '=', 0),
  );
}

export const TRUE = sql<SqlBool>`1 = 1`;
