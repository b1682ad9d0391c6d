import type { MasterDataOperation, MasterDataType } from '@uap/domain';
import { nowIso, toCount, type Executor } from '../../db/connection.ts';
import { chainLater } from '../../db/chain/pending.ts';

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
  const rows = await trx
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
    .returning('id')
    .execute();
  chainLater(
    trx,
    'master_data_logs',
    rows.map((r) => r.id),
  );
}

/**
 * The master data log rows of the items a request uses (its region, market, agency, practice and
 * platform offers, client, client asset, user type and ownership) since the request was made,
 * oldest first, at most `limit`.
 */
export async function findLogItemsOfRequest(q: Executor, requestId: number, limit: number) {
  const r = await q
    .selectFrom('requests')
    .select([
      'regionId',
      'marketId',
      'agencyId',
      'practiceId',
      'platformId',
      'clientId',
      'clientAccountId',
      'platformUserTypeId',
      'platformOwnershipId',
      'createdDate',
    ])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  if (!r) {
    return [];
  }
  const practice = await q
    .selectFrom('agencyPractices')
    .select('agencyPracticeId')
    .where('agencyId', '=', r.agencyId)
    .where('practiceId', '=', r.practiceId)
    .executeTakeFirst();
  const offer = await q
    .selectFrom('platformAgencies')
    .select('platformAgencyId')
    .where('platformId', '=', r.platformId)
    .where('agencyId', '=', r.agencyId)
    .where('practiceId', '=', r.practiceId)
    .executeTakeFirst();
  const items: [MasterDataType, number | null | undefined][] = [
    ['Region', r.regionId],
    ['Market', r.marketId],
    ['Agency', r.agencyId],
    ['Practice', practice?.agencyPracticeId],
    ['Platform', offer?.platformAgencyId],
    ['Client - Client Code', r.clientId],
    ['Client Asset', r.clientAccountId],
    ['Platform User Type', r.platformUserTypeId],
    ['Account Ownership', r.platformOwnershipId],
  ];
  const used = items.filter((i): i is [MasterDataType, number] => typeof i[1] === 'number');
  return q
    .selectFrom('masterDataLogs')
    .select(['id', 'masterDataType', 'operation', 'description', 'operationDate'])
    .where((eb) =>
      eb.or(used.map(([type, id]) => eb.and([eb('masterDataType', '=', type), eb('itemId', '=', id)]))),
    )
    .where('operationDate', '>=', r.createdDate)
    .orderBy('operationDate')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One page of an item's log rows with who made each change, newest first, and their total. */
export async function findItemLogPage(
  q: Executor,
  type: MasterDataType,
  itemId: number,
  page: number,
  pageSize: number,
) {
  const base = q
    .selectFrom('masterDataLogs as l')
    .where('l.masterDataType', '=', type)
    .where('l.itemId', '=', itemId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', 'u.userId', 'l.operatedBy')
      .select([
        'l.id',
        'l.masterDataType',
        'l.itemId',
        'l.operation',
        'l.description',
        'l.operationDate',
        'l.before',
        'l.after',
        'u.name',
        'u.lastName',
        'u.email',
      ])
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}
