import { ZodError } from 'zod';
import {
  masterDataUploadOrder,
  messages,
  type MasterDataType,
  type MasterDataUploadOutcome,
  type MasterDataUploadResult,
  type MasterDataUploadRow,
} from '@uap/domain';
import { inTransaction, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { HttpError } from '../../http/errors.ts';
import { writeScopeOf } from './scope.ts';
import { applyClient, applyClientAsset } from './upload-clients.ts';
import { applyAgency, applyMarket, applyOwnership, applyPractice, applyRegion } from './upload-geography.ts';
import { Model, nameColumn, RollBack, RowRefusal, type SheetRow } from './upload-model.ts';
import { applyPlatform, applyUserType } from './upload-platforms.ts';

/**
 * Applying an uploaded workbook: every row through the dialog's rules, parents first, in one
 * transaction, all or nothing.
 *
 * The rows are checked in memory against a model of the master data the file names: read up
 * front in a dozen set queries, then kept current by the upload's own changes. A new item is
 * written with the other new items of its sheet in multi-row inserts (with its master data log
 * row, also multi-row) when the next sheet starts, so its id is there for the rows below it. A
 * changed item goes through the dialog's own update (write-*.ts) after the pending inserts.
 * A row is refused before anything of it is written, so no savepoint is needed: the rows after a
 * refused one see nothing of it, and one refused row rolls the whole file back. Each type's
 * rows: upload-geography.ts, upload-platforms.ts, upload-clients.ts.
 */

/** Applies one row with the dialog's rules (write-*.ts, checked here in memory for new items). */
function applyRow(m: Model, r: SheetRow): Promise<MasterDataUploadOutcome> {
  switch (r.type) {
    case 'Region':
      return applyRegion(m, r);
    case 'Account Ownership':
      return applyOwnership(m, r);
    case 'Market':
      return applyMarket(m, r);
    case 'Agency':
      return applyAgency(m, r);
    case 'Practice':
      return applyPractice(m, r);
    case 'Platform':
      return applyPlatform(m, r);
    case 'Platform User Type':
      return applyUserType(m, r);
    case 'Client - Client Code':
      return applyClient(m, r);
    case 'Client Asset':
      return applyClientAsset(m, r);
  }
}

const refusalMessage = (error: unknown): string | null => {
  if (error instanceof RowRefusal || error instanceof HttpError) {
    return error.message;
  }
  if (error instanceof ZodError) {
    return error.issues[0]?.message ?? messages.fillAllFields;
  }
  return null;
};

/**
 * POST UploadMasterData: every row through the dialog's rules in one transaction, parents first
 * (sheets in template order); one refused row rolls the whole file back (`applied` false), and
 * every row still says what it would have been.
 */
export async function applyUpload(
  db: Db,
  actor: Actor,
  rows: readonly SheetRow[],
): Promise<MasterDataUploadResult> {
  const order = new Map(masterDataUploadOrder.map((t, i) => [t, i]));
  const queue = rows
    .map((row, seq) => ({ row, seq }))
    .sort((a, b) => (order.get(a.row.type) ?? 0) - (order.get(b.row.type) ?? 0) || a.seq - b.seq);
  const results: (MasterDataUploadRow & { seq: number })[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  try {
    await inTransaction(db, async (trx) => {
      const model = new Model(trx, actor, { trx, scope: await writeScopeOf(trx, actor) });
      await model.load(rows);
      let type: MasterDataType | null = null;
      for (const { row, seq } of queue) {
        if (row.type !== type) {
          // The sheet before is written: the rows below it find its new items' ids.
          await model.flush();
          type = row.type;
        }
        let outcome: MasterDataUploadOutcome;
        let message = '';
        try {
          outcome = await applyRow(model, row);
        } catch (error) {
          const refusal = refusalMessage(error);
          if (refusal === null) {
            throw error;
          }
          outcome = 'refused';
          message = refusal;
        }
        counts[outcome] += 1;
        results.push({
          seq,
          sheet: row.sheet,
          row: row.row,
          masterDataType: row.type,
          name: row.cells[nameColumn[row.type]] ?? '',
          outcome,
          message,
        });
      }
      if (counts.refused > 0) {
        throw new RollBack();
      }
      await model.flush();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) {
      throw error;
    }
  }
  results.sort((a, b) => a.seq - b.seq);
  return {
    applied: counts.refused === 0,
    ...counts,
    rows: results.map(({ seq: _seq, ...row }) => row),
  };
}
