import { Role, messages, type MasterDataRequestInput, type MasterDataRequestRow } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { countMasterDataRequests, findMasterDataRequests, insertMasterDataRequest } from './queries.ts';

/** Any user may ask the administrators for a master data change. */
export async function createMasterDataRequest(db: Db, actor: Actor, input: MasterDataRequestInput) {
  await insertMasterDataRequest(db, {
    masterDataType: input.MasterDataType,
    comments: input.Comments,
    createdBy: actor.userId,
  });
  return messages.requestSubmited;
}

/** Administrators (and auditors) see every request; others their own. */
export async function findHistory(db: Db, actor: Actor, page: { page: number; pageSize: number }) {
  const createdBy = actor.roleId >= Role.ADMIN ? null : actor.userId;
  const [rows, total] = await Promise.all([
    findMasterDataRequests(db, { createdBy, limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    countMasterDataRequests(db, createdBy),
  ]);
  const items: MasterDataRequestRow[] = rows.map((r) => ({
    id: r.id,
    masterDataType: r.masterDataType,
    comments: r.comments,
    createdDate: r.createdDate,
    createdByUser: { name: r.name, lastName: r.lastName },
  }));
  return { items, page: page.page, totalCount: toCount(total) };
}
