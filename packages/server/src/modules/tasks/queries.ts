import { isReadOnlyRole } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { approvalTask, provisioningScopeOf, provisioningTask } from '../request-lines/routing.ts';

/**
 * Counts the requests waiting on the actor, by the rule My Approval Tasks and My Provisioning
 * Tasks list (request-lines/routing.ts), stopping at `cap` (the badge shows at most 50, so
 * counting further is wasted work).
 */
export async function countTasks(db: Db, actor: Actor, kind: 'approvals' | 'provisioning', cap: number) {
  if (isReadOnlyRole(actor.roleId)) {
    // The auditor decides nothing: nothing waits on them, whatever assignments name them.
    return 0;
  }
  const inner = db.kysely
    .selectFrom('requests as r')
    .select('r.requestId')
    .where((eb) =>
      kind === 'approvals' ? approvalTask(eb, actor) : provisioningTask(eb, provisioningScopeOf(actor)),
    )
    .limit(cap);
  const row = await db.kysely
    .selectFrom(inner.as('t'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}
