import {
  RequestStatus,
  fullName,
  messages,
  type ClientAssetRequest,
  type GenericMasterDataLogItem,
  type MasterDataLogPage,
  type MasterDataType,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import * as catalog from '../catalog/service.ts';
import {
  deleteItems,
  findPracticeOrPlatformName,
  findRequestsOfClientAssets,
  findUserTypeNamesakes,
  isPlatformOnAgency,
  isUnused,
  locate,
  setDeleted,
  snapshot,
  usesOf,
} from './item-queries.ts';
import { deleteClientCodesOf, moveClient, moveClientAccount } from './client-write-queries.ts';
import { findItemLogPage, findLogItemsOfRequest, writeLog, type LogItem } from './log-queries.ts';
import { mayWriteMarket, requireScope, writeScopeOf } from './scope.ts';
import { requireWritable } from './write-kernel.ts';
import { findPlatformByName } from './platform-write-queries.ts';

/**
 * A platform user type and its namesakes on the same platform (same name and normalized type,
 * one per asset type): activating, deactivating or deleting one does all, as the spec's warning
 * says ('… deleted across all paths for this platform and agency').
 */
async function withNamesakes(q: Executor, type: MasterDataType, id: number): Promise<number[]> {
  if (type !== 'Platform User Type') {
    return [id];
  }
  return findUserTypeNamesakes(q, id);
}

async function nameOf(q: Executor, type: MasterDataType, id: number): Promise<string> {
  const row = await snapshot(q, type, id);
  if (type === 'Practice' || type === 'Platform') {
    const at = await locate(q, type, id);
    const named = await findPracticeOrPlatformName(
      q,
      type,
      (type === 'Practice' ? at?.practiceId : at?.platformId) ?? 0,
    );
    return named ?? String(id);
  }
  return typeof row?.description === 'string' ? row.description : String(id);
}

export type ItemAction = 'Activate' | 'Deactivate' | 'Delete';

/**
 * PUT Activate | Deactivate | DeleteMasterData: toggles isDeleted, or deletes an item nothing
 * uses (else 422 saying how many uses remain and offering deactivation); a platform user type
 * takes its namesakes along. One transaction with the log rows.
 */
export async function changeItem(
  db: Db,
  actor: Actor,
  action: ItemAction,
  type: MasterDataType,
  itemId: number,
): Promise<string> {
  await inTransaction(db, async (trx) => {
    const scope = await writeScopeOf(trx, actor);
    const at = await locate(trx, type, itemId);
    if (!at) {
      throw notFound();
    }
    await requireWritable(trx, scope, type, at);
    const ids = await withNamesakes(trx, type, itemId);
    const log: LogItem[] = [];
    for (const id of ids) {
      const name = await nameOf(trx, type, id);
      const before = await snapshot(trx, type, id);
      if (action === 'Delete') {
        const uses = await usesOf(trx, type, id, (await locate(trx, type, id)) ?? at);
        if (!isUnused(uses)) {
          throw unprocessable(messages.masterDataInUse(type, uses), uses);
        }
        if (type === 'Client - Client Code') {
          await deleteClientCodesOf(trx, id);
        }
        await deleteItems(trx, type, [id]);
        log.push({
          type,
          itemId: id,
          operation: 'Deleted',
          description: `${type} ${name} deleted`,
          before,
          after: null,
        });
      } else {
        await setDeleted(trx, type, [id], action === 'Activate' ? 0 : 1);
        const operation = action === 'Activate' ? 'Activated' : 'Deactivated';
        log.push({
          type,
          itemId: id,
          operation,
          description: `${type} ${name} ${operation.toLowerCase()}`,
          before,
          after: await snapshot(trx, type, id),
        });
      }
    }
    await writeLog(trx, actor.userId, log);
  });
  switch (action) {
    case 'Activate':
      return messages.masterDataActivated(type);
    case 'Deactivate':
      return messages.masterDataDeactivated(type);
    case 'Delete':
      return messages.masterDataDeleted(type);
  }
}

// ---------------------------------------------------------------- moves

/**
 * MoveClientAccount / MoveMultipleClientAccount: client assets to another client of the same
 * platform; the caller must be allowed to change the assets and the target client. All or none.
 */
export async function moveClientAccounts(
  db: Db,
  actor: Actor,
  clientId: number,
  clientAccountIds: readonly number[],
) {
  await inTransaction(db, async (trx) => {
    const scope = await writeScopeOf(trx, actor);
    const target = await locate(trx, 'Client - Client Code', clientId);
    if (!target) {
      throw notFound();
    }
    requireScope(mayWriteMarket(scope, target.regionId, target.marketId), 'Client Asset');
    const log: LogItem[] = [];
    for (const id of clientAccountIds) {
      const at = await locate(trx, 'Client Asset', id);
      if (!at) {
        throw notFound();
      }
      await requireWritable(trx, scope, 'Client Asset', at);
      if (at.platformId !== target.platformId) {
        throw unprocessable(messages.clientOnOtherPlatform);
      }
      if (at.clientId === clientId) {
        continue;
      }
      const before = await snapshot(trx, 'Client Asset', id);
      await moveClientAccount(trx, id, clientId);
      log.push({
        type: 'Client Asset',
        itemId: id,
        operation: 'Moved',
        description: `Client Asset ${await nameOf(trx, 'Client Asset', id)} moved from client #${at.clientId ?? 0} to client #${clientId}`,
        before,
        after: await snapshot(trx, 'Client Asset', id),
      });
    }
    await writeLog(trx, actor.userId, log);
  });
  return messages.clientAssetMoved;
}

/**
 * MoveClient / MoveMultipleClient: clients (with their codes and assets) to another agency that
 * offers their platform; the caller must be allowed to change the clients and the agency.
 */
export async function moveClients(db: Db, actor: Actor, agencyId: number, clientIds: readonly number[]) {
  await inTransaction(db, async (trx) => {
    const scope = await writeScopeOf(trx, actor);
    const target = await locate(trx, 'Agency', agencyId);
    if (!target) {
      throw notFound();
    }
    requireScope(mayWriteMarket(scope, target.regionId, target.marketId), 'Client - Client Code');
    const log: LogItem[] = [];
    for (const id of clientIds) {
      const at = await locate(trx, 'Client - Client Code', id);
      if (!at) {
        throw notFound();
      }
      await requireWritable(trx, scope, 'Client - Client Code', at);
      if (!(await isPlatformOnAgency(trx, at.platformId ?? 0, agencyId))) {
        throw unprocessable(messages.platformNotOnAgency);
      }
      if (at.agencyId === agencyId) {
        continue;
      }
      const before = await snapshot(trx, 'Client - Client Code', id);
      await moveClient(trx, id, agencyId);
      log.push({
        type: 'Client - Client Code',
        itemId: id,
        operation: 'Moved',
        description: `Client ${await nameOf(trx, 'Client - Client Code', id)} moved from agency #${at.agencyId ?? 0} to agency #${agencyId}`,
        before,
        after: await snapshot(trx, 'Client - Client Code', id),
      });
    }
    await writeLog(trx, actor.userId, log);
  });
  return messages.clientsMoved;
}

// ---------------------------------------------------------------- reads

/** GET ValidatePlatform: the existing platform of that name with its asset types, or null. */
export async function validatePlatform(db: Db, actor: Actor, description: string) {
  adminScopeOf(actor, 'read');
  const existing = await findPlatformByName(db.kysely, description);
  return existing
    ? catalog.platformWithAssets(db, { platformId: existing.platformId, onlyActive: false })
    : null;
}

/** GetRecordsByClientAssetId / GetRecordsByClientAssets: the request lines and records using the assets. */
export async function requestsOfClientAssets(
  db: Db,
  actor: Actor,
  clientAccountIds: readonly number[],
): Promise<ClientAssetRequest[]> {
  adminScopeOf(actor, 'read');
  const rows = await findRequestsOfClientAssets(db.kysely, clientAccountIds);
  return rows.map((r) => ({
    requestId: r.requestId,
    clientAccountId: r.clientAccountId ?? 0,
    statusId: r.statusId,
    status: r.status,
    isPending: r.statusId === RequestStatus.SUBMITTED || r.statusId === RequestStatus.APPROVED,
  }));
}

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/** GET MasterDataLog/{type}/{itemId}: an item's history, newest first, paged. */
export async function findItemLog(
  db: Db,
  actor: Actor,
  type: MasterDataType,
  itemId: number,
  page: number,
  pageSize: number,
): Promise<MasterDataLogPage> {
  adminScopeOf(actor, 'read');
  const { rows, totalCount } = await findItemLogPage(db.kysely, type, itemId, page, pageSize);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      masterDataType: r.masterDataType,
      itemId: r.itemId,
      operation: r.operation,
      description: r.description,
      operationDate: r.operationDate,
      operatedBy: r.email === null ? null : { fullName: fullName(r.name, r.lastName), email: r.email },
      before: parsed(r.before),
      after: parsed(r.after),
    })),
    page,
    totalCount,
  };
}

/** Most master data changes one activity log shows. */
const REQUEST_LOG_ITEMS = 200;

/**
 * The activity log's genericMasterDataLogItems: changes to the master data a request uses, each
 * under the history step during which it happened (a change before the first step under the
 * first). `steps` are the request's history dates in order; the result has one list per step.
 */
export async function logItemsByStep(
  db: Db,
  requestId: number,
  steps: readonly string[],
): Promise<GenericMasterDataLogItem[][]> {
  const byStep: GenericMasterDataLogItem[][] = steps.map(() => []);
  if (steps.length === 0) {
    return byStep;
  }
  const rows = await findLogItemsOfRequest(db.kysely, requestId, REQUEST_LOG_ITEMS);
  for (const row of rows) {
    let step = 0;
    steps.forEach((date, i) => {
      if (date <= row.operationDate) {
        step = i;
      }
    });
    byStep[step]?.push({
      operationDate: row.operationDate,
      description: row.description,
      masterDataType: row.masterDataType,
      operation: row.operation,
    });
  }
  return byStep;
}
