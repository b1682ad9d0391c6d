import { sql } from 'kysely';
import { Role } from '@uap/domain';
import type { Executor } from '../db/connection.ts';

/**
 * Whether a person lies beyond an administrator's reach: their role is ADMIN or above (auditor,
 * super administrator), or one of the rows that tie them to places lies outside her scope.
 * The rows that tie a person to places: request lines they are the subject or the requester
 * of, active assignments naming them (approver, secondary, provisioner, backup), active master
 * approver rows and active administrator rows. A person whose every such row lies inside an
 * administrator's (region, market) rows is "inside" that administrator's scope; one row
 * elsewhere is enough to put the person out of it (writes on the person would reach that row).
 */
export async function isBeyondAdminReach(q: Executor, adminId: number, userId: number): Promise<boolean> {
  return (await usersBeyondAdminReach(q, adminId, [userId])).has(userId);
}

/** Which of `userIds` lie beyond the administrator's reach (isBeyondAdminReach), in one statement. */
export async function usersBeyondAdminReach(
  q: Executor,
  adminId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) {
    return new Set();
  }
  const rows = await q
    .selectFrom('users as u')
    .select('u.userId')
    .where('u.userId', 'in', userIds)
    .where((eb) => {
      const userId = eb.ref('u.userId');
      /** No active admin row of the administrator covers the (region, market) of `alias`. */
      const notCovered = (alias: 'r' | 'a' | 'm' | 'x') =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('adminRegions as cover')
              .select('cover.adminRegionId')
              .where('cover.userId', '=', adminId)
              .where('cover.isDeleted', '=', 0)
              .where('cover.regionId', '=', sql.ref<number>(`${alias}.regionId`))
              .where('cover.marketId', '=', sql.ref<number>(`${alias}.marketId`)),
          ),
        );
      return eb.or([
        eb('u.roleId', '>=', Role.ADMIN),
        eb.exists(
          eb
            .selectFrom('requests as r')
            .select('r.requestId')
            .where('r.userId', '=', userId)
            .where(notCovered('r')),
        ),
        eb.exists(
          eb
            .selectFrom('requests as r')
            .select('r.requestId')
            .where('r.createdBy', '=', userId)
            .where(notCovered('r')),
        ),
        eb.exists(
          eb
            .selectFrom('approverAssignments as a')
            .select('a.approverId')
            .where('a.isDeleted', '=', 0)
            .where((w) =>
              w.or([
                w('a.userId', '=', userId),
                w('a.secondaryApproverId', '=', userId),
                w('a.provisionerId', '=', userId),
                w('a.provisionerBackupId', '=', userId),
              ]),
            )
            .where(notCovered('a')),
        ),
        eb.exists(
          eb
            .selectFrom('masterApprovers as m')
            .select('m.masterApproverId')
            .where('m.isDeleted', '=', 0)
            .where('m.userId', '=', userId)
            .where(notCovered('m')),
        ),
        eb.exists(
          eb
            .selectFrom('adminRegions as x')
            .select('x.adminRegionId')
            .where('x.isDeleted', '=', 0)
            .where('x.userId', '=', userId)
            .where(notCovered('x')),
        ),
      ]);
    })
    .execute();
  return new Set(rows.map((r) => r.userId));
}
