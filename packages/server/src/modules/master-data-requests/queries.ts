import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';

export async function insertMasterDataRequest(
  db: Db,
  row: { masterDataType: string; comments: string; createdBy: number },
) {
  await db.kysely
    .insertInto('masterDataRequests')
    .values({ ...row, createdDate: nowIso() })
    .execute();
}

/** History newest first; `createdBy` limits it to one requester (null: everyone's). */
export async function findMasterDataRequests(
  db: Db,
  o: { createdBy: number | null; limit: number; offset: number },
) {
  let q = db.kysely
    .selectFrom('masterDataRequests as m')
    .innerJoin('users as u', 'u.userId', 'm.createdBy')
    .select(['m.id', 'm.masterDataType', 'm.comments', 'm.createdDate', 'u.name', 'u.lastName']);
  if (o.createdBy !== null) {
    q = q.where('m.createdBy', '=', o.createdBy);
  }
  return q.orderBy('m.createdDate', 'desc').orderBy('m.id', 'desc').limit(o.limit).offset(o.offset).execute();
}

export async function countMasterDataRequests(db: Db, createdBy: number | null) {
  let q = db.kysely.selectFrom('masterDataRequests').select((eb) => eb.fn.countAll().as('count'));
  if (createdBy !== null) {
    q = q.where('createdBy', '=', createdBy);
  }
  return (await q.executeTakeFirst())?.count;
}
