import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, Role } from '@uap/domain';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';

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

/**
 * The requests (any status) whose approval belongs to the actor: routed to them as primary,
 * secondary or master approver; admins also the requests no path covers inside their (region,
 * market) rows; the super admin every request. Never one the actor created or is the subject of.
 */
export function approvableBy(eb: RequestEb, actor: Actor): Expression<SqlBool> {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
      return notOwnRequest(eb, actor.userId);
    case Role.ADMIN:
      return eb.or([
        routedToApprover(eb, actor.userId),
        eb.and([notOwnRequest(eb, actor.userId), hasNoApprovalPath(eb), insideAdminScope(eb, actor.userId)]),
      ]);
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
    case Role.AUDITOR:
      return routedToApprover(eb, actor.userId);
  }
}

/**
 * Whose provisioning work an actor holds: 'routed' = the lines routed to them as provisioner or
 * backup; 'admin' adds the lines no assignment covers inside their admin (region, market) rows;
 * 'all' (super admin; auditor for reads) every line.
 */
export type ProvisioningScope = { kind: 'routed' | 'admin' | 'all'; userId: number };

/**
 * Whose provisioning work the actor holds: super admins (and, read-only, auditors) every line;
 * admins the lines routed to them plus the unrouted ones inside their admin rows; everyone else
 * (provisioners) the lines routed to them as provisioner or backup.
 */
export function provisioningScopeOf(actor: Actor): ProvisioningScope {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
    case Role.AUDITOR:
      return { kind: 'all', userId: actor.userId };
    case Role.ADMIN:
      return { kind: 'admin', userId: actor.userId };
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
      return { kind: 'routed', userId: actor.userId };
  }
}

/**
 * The lines the actor may act on as provisioner, whatever their status. `withOwn` keeps the
 * super admin's and admin's own lines so that the service can refuse them (403) by name.
 */
export function provisionableBy(eb: RequestEb, scope: ProvisioningScope, withOwn = false) {
  const routed = routedToProvisioner(eb, scope.userId);
  const guard = (e: Expression<SqlBool>) => (withOwn ? e : eb.and([e, notOwnRequest(eb, scope.userId)]));
  switch (scope.kind) {
    case 'routed':
      return routed;
    case 'admin':
      return eb.or([routed, guard(eb.and([hasNoApprovalPath(eb), insideAdminScope(eb, scope.userId)]))]);
    case 'all':
      return withOwn ? TRUE : notOwnRequest(eb, scope.userId);
  }
}

/**
 * The one rule of the task queues: the lines waiting on the actor. My Approval Tasks lists
 * exactly `approvalTask`, My Provisioning Tasks lists `provisioningTask` (plus, below it, the
 * lines the actor completed and may archive, which are not tasks), and the home badges count
 * the same expressions, so a badge equals the length of the list it opens for every role.
 * A literal status lets both engines use the partial indexes of Submitted and Approved lines
 * (migrations 0009, 0010).
 */
export function approvalTask(eb: RequestEb, actor: Actor): Expression<SqlBool> {
  return eb.and([eb('r.statusId', '=', sql.lit(RequestStatus.SUBMITTED)), approvableBy(eb, actor)]);
}

/** The Approved lines waiting on the actor as provisioner (see approvalTask). */
export function provisioningTask(eb: RequestEb, scope: ProvisioningScope): Expression<SqlBool> {
  return eb.and([eb('r.statusId', '=', sql.lit(RequestStatus.APPROVED)), provisionableBy(eb, scope)]);
}
