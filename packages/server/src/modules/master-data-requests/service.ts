import {
  Role,
  masterDataTypes,
  messages,
  type MasterDataItemOptionsQuery,
  type MasterDataRequestDoneInput,
  type MasterDataRequestHistory,
  type MasterDataRequestHistoryQuery,
  type MasterDataRequestHistoryRow,
  type MasterDataRequestInput,
  type MasterDataType,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { inTransaction, toCount } from '../../db/connection.ts';
import { fitsAllRows, pageOf } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import {
  countMasterDataRequests,
  findItems,
  findMasterDataRequest,
  findMasterDataRequests,
  insertMasterDataRequest,
  markMasterDataRequestDone,
  searchItems,
} from './queries.ts';

/** Any user may ask the administrators for a master data change. */
export async function createMasterDataRequest(db: Db, actor: Actor, input: MasterDataRequestInput) {
  await insertMasterDataRequest(db, {
    masterDataType: input.MasterDataType,
    comments: input.Comments,
    createdBy: actor.userId,
  });
  return messages.requestSubmited;
}

const isMasterDataType = (value: string): value is MasterDataType =>
  (masterDataTypes as readonly string[]).includes(value);

/** Administrators (and auditors) see every request; others their own. */
export async function findHistory(
  db: Db,
  actor: Actor,
  query: MasterDataRequestHistoryQuery,
): Promise<MasterDataRequestHistory> {
  const filter = { ...query, createdBy: actor.roleId >= Role.ADMIN ? null : actor.userId };
  const [page, total] = await Promise.all([
    findMasterDataRequests(db, { ...filter, ...pageOf(query) }),
    countMasterDataRequests(db, filter),
  ]);
  const rows = fitsAllRows(query, page);
  // The linked items' names, one read per type on the page.
  const names = new Map<string, string>();
  for (const type of masterDataTypes) {
    const ids = rows
      .filter((r) => r.masterDataType === type && r.doneItemId !== null)
      .map((r) => r.doneItemId!);
    for (const item of await findItems(db.kysely, type, [...new Set(ids)])) {
      names.set(`${type}:${item.id}`, item.description);
    }
  }
  const items: MasterDataRequestHistoryRow[] = rows.map((r) => {
    const itemName = r.doneItemId === null ? undefined : names.get(`${r.masterDataType}:${r.doneItemId}`);
    return {
      id: r.id,
      masterDataType: r.masterDataType,
      comments: r.comments,
      createdDate: r.createdDate,
      createdByUser: { name: r.name, lastName: r.lastName },
      doneDate: r.doneDate,
      doneByUser:
        r.doneDate !== null && r.doneByName !== null
          ? { name: r.doneByName, lastName: r.doneByLastName ?? '' }
          : null,
      doneItem: itemName === undefined ? null : { id: r.doneItemId!, description: itemName },
    };
  });
  return { items, page: query.page, totalCount: toCount(total) };
}

/**
 * An administrator marks a request done, naming the item of the request's type it created or
 * changed (or none). Marking it again replaces the outcome (a wrong link can be corrected).
 */
export async function markDone(db: Db, actor: Actor, id: number, input: MasterDataRequestDoneInput) {
  await inTransaction(db, async (trx) => {
    const request = await findMasterDataRequest(trx, id);
    if (!request) {
      throw notFound(messages.masterDataRequestNotFound);
    }
    if (input.itemId !== null) {
      const type = request.masterDataType;
      const found = isMasterDataType(type) ? await findItems(trx, type, [input.itemId]) : [];
      if (found.length === 0) {
        throw unprocessable(messages.masterDataItemNotFound(type, input.itemId));
      }
    }
    await markMasterDataRequestDone(trx, id, { doneBy: actor.userId, doneItemId: input.itemId });
  });
  return messages.masterDataRequestDone;
}

const itemOptionLimit = 20;

/** The items an administrator may link to a request of this type, by name. */
export function findItemOptions(db: Db, query: MasterDataItemOptionsQuery) {
  return searchItems(db.kysely, query.type, query.search, itemOptionLimit);
}
