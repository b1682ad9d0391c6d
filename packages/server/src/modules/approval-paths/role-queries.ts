import type { ExpressionBuilder } from 'kysely';
import { Role } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type PersonColumn = 'userId' | 'secondaryApproverId' | 'provisionerId' | 'provisionerBackupId';

/** The person `u` is named in one of these two places of an active assignment. */
function namedOnActiveAssignment(
  eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>,
  first: PersonColumn,
  second: PersonColumn,
) {
  return eb.exists(
    eb
      .selectFrom('approverAssignments as a')
      .select('a.approverId')
      .where('a.isDeleted', '=', 0)
      .where((w) =>
        w.or([w(`a.${first}`, '=', w.ref('u.userId')), w(`a.${second}`, '=', w.ref('u.userId'))]),
      ),
  );
}

/** What the role rule reads of each person: their role and which active rows name them. */
export function findRoleHoldings(q: Executor, userIds: readonly number[]) {
  return q
    .selectFrom('users as u')
    .select((eb) => [
      'u.userId',
      'u.roleId',
      'u.showApprover',
      eb
        .exists(
          eb
            .selectFrom('masterApprovers as m')
            .select('m.masterApproverId')
            .whereRef('m.userId', '=', 'u.userId')
            .where('m.isDeleted', '=', 0),
        )
        .as('holdsMaster'),
      namedOnActiveAssignment(eb, 'userId', 'secondaryApproverId').as('holdsApprover'),
      namedOnActiveAssignment(eb, 'provisionerId', 'provisionerBackupId').as('holdsProvisioner'),
    ])
    .where('u.userId', 'in', userIds)
    .execute();
}

export async function setRole(
  q: Executor,
  userId: number,
  change: { roleId: number; showApprover: number },
  by: number | null,
): Promise<void> {
  await q
    .updateTable('users')
    .set({ ...change, updatedBy: by, updatedDate: nowIso() })
    .where('userId', '=', userId)
    .execute();
}

/** Profiles whose role comes from rows (approver, master approver, provisioner): the role validation's subjects. */
export async function findRowRoleHolderIds(q: Executor): Promise<number[]> {
  const rows = await q
    .selectFrom('users')
    .select('userId')
    .where('roleId', 'in', [Role.APPROVER, Role.MASTERAPPROVER, Role.PROVISIONER])
    .where('isDeleted', '=', 0)
    .orderBy('userId')
    .execute();
  return rows.map((r) => r.userId);
}

/** Which of these people hold an active super admin row, and which an active admin (region, market) row. */
export async function findAdminHoldings(
  q: Executor,
  userIds: readonly number[],
): Promise<{ superAdminIds: Set<number>; adminIds: Set<number> }> {
  const [supers, admins] = await Promise.all([
    q
      .selectFrom('superAdmins')
      .select('userId')
      .where('userId', 'in', userIds)
      .where('isDeleted', '=', 0)
      .execute(),
    q
      .selectFrom('adminRegions')
      .select('userId')
      .distinct()
      .where('userId', 'in', userIds)
      .where('isDeleted', '=', 0)
      .execute(),
  ]);
  return {
    superAdminIds: new Set(supers.map((r) => r.userId)),
    adminIds: new Set(admins.map((r) => r.userId)),
  };
}
