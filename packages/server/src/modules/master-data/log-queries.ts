import type { MasterDataOperation, MasterDataType } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';

export interface LogItem {
  type: MasterDataType;
  itemId: number;
  operation: MasterDataOperation;
  /** One line saying what happened ('Region EMEA created'). */
  description: string;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Appends master data log rows inside the caller's transaction, so a change and its
 * log row land together or not at all. The table refuses UPDATE and DELETE (migration 0014).
 */
export async function writeLog(trx: Executor, actorId: number, items: readonly LogItem[]): Promise<void> {
  if (items.length === 0) {
    return;
  }
  const operationDate = nowIso();
  await trx
    .insertInto('masterDataLogs')
    .values(
      items.map((i) => ({
        masterDataType: i.type,
        itemId: i.itemId,
        operation: i.operation,
        description: i.description,
        operationDate,
        operatedBy: actorId,
        before: json(i.before),
        after: json(i.after),
      })),
    )
    .execute();
}
