import { pendingChainOf, type Executor } from '../connection.ts';
import type { ChainedTable } from './format.ts';

/**
 * Marks rows of a chained table that this transaction wrote (inserted, or changed as a merge
 * gives rows back): `inTransaction` chains them just before it commits, in the same
 * transaction. `trx` must come from `inTransaction`.
 */
export function chainLater(trx: Executor, table: ChainedTable, ids: readonly number[]): void {
  if (ids.length === 0) {
    return;
  }
  const pending = pendingChainOf(trx);
  let list = pending.get(table);
  if (!list) {
    list = [];
    pending.set(table, list);
  }
  for (const id of ids) {
    list.push(id);
  }
}
