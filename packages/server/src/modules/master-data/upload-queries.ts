import { sql } from 'kysely';
import type { Executor } from '../../db/connection.ts';

/**
 * The savepoint each upload row runs in (SQLite and PostgreSQL alike): a refused row is rolled
 * back to it, so the rows after it see nothing of it, while the upload's transaction goes on.
 */
export async function rowSavepoint(trx: Executor, step: 'begin' | 'rollback' | 'release') {
  switch (step) {
    case 'begin':
      return sql`savepoint upload_row`.execute(trx);
    case 'rollback':
      return sql`rollback to savepoint upload_row`.execute(trx);
    case 'release':
      return sql`release savepoint upload_row`.execute(trx);
  }
}
