import { inTransaction } from '../../db/connection.ts';
import type { JobDefinition } from './runner.ts';
import { findRowRoleHolderIds } from '../approval-paths/role-queries.ts';
import { settleRoles } from '../approval-paths/role-rule.ts';

/** People settled per transaction (a short write lock on SQLite, however many holders). */
const BATCH = 500;

/**
 * UAP User Role Validation (spec 3): every approver, master approver and provisioner whose rows
 * no longer give them that role gets the role their rows give (Standard User when none), by the
 * one role rule every approval-path write applies.
 */
export const roleValidationJob: JobDefinition = {
  name: 'user-role-validation',
  title: 'UAP User Role Validation',
  schedule: '0 2 * * *',
  maxAttempts: 3,
  async run({ db, startedBy }) {
    const userIds = await findRowRoleHolderIds(db.kysely);
    let changed = 0;
    for (let i = 0; i < userIds.length; i += BATCH) {
      const batch = userIds.slice(i, i + BATCH);
      changed += await inTransaction(db, (trx) => settleRoles(trx, batch, startedBy));
    }
    return { checked: userIds.length, changed };
  },
};
