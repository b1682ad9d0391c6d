import { sql } from 'kysely';
import type { Executor } from '../../db/connection.ts';

/**
 * The upload's set queries: what the file's rows name is read up front, a few statements per
 * file (chunks of `CHUNK` names or ids), and what the rows create is written in multi-row
 * inserts. The rows themselves are checked in memory (upload-apply.ts).
 */
export const CHUNK = 500;

/** `load` over the items in chunks of CHUNK (nothing is asked for an empty list). */
export async function inChunks<T, R>(items: readonly T[], load: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    out.push(...(await load(items.slice(i, i + CHUNK))));
  }
  return out;
}

/** lower(column) is one of the (lower-cased) names: the set form of sameText. */
const lowerIn = (column: string, names: readonly string[]) =>
  sql<boolean>`lower(${sql.ref(column)}) in (${sql.join(names)})`;

export const findRegionsNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q
      .selectFrom('regions')
      .select(['regionId', 'description'])
      .where(lowerIn('description', c))
      .orderBy('regionId')
      .execute(),
  );

export const findOwnershipsNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q
      .selectFrom('platformOwnerships')
      .select(['platformOwnershipId', 'description'])
      .where(lowerIn('description', c))
      .orderBy('platformOwnershipId')
      .execute(),
  );

export const findMarketsNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q
      .selectFrom('markets')
      .select(['marketId', 'regionId', 'description', 'code'])
      .where(lowerIn('description', c))
      .orderBy('marketId')
      .execute(),
  );

export const findAgenciesNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q
      .selectFrom('agencies as a')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .select(['a.agencyId', 'a.marketId', 'mk.regionId', 'a.description'])
      .where(lowerIn('a.description', c))
      .orderBy('a.agencyId')
      .execute(),
  );

export const findPracticesNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q
      .selectFrom('practices')
      .select(['practiceId', 'description'])
      .where(lowerIn('description', c))
      .orderBy('practiceId')
      .execute(),
  );

/** The practices the agencies offer, of the practices given. */
export const findAgencyPractices = (
  q: Executor,
  agencyIds: readonly number[],
  practiceIds: readonly number[],
) =>
  practiceIds.length === 0
    ? Promise.resolve([])
    : inChunks(agencyIds, (c) =>
        q
          .selectFrom('agencyPractices')
          .select(['agencyPracticeId', 'agencyId', 'practiceId'])
          .where('agencyId', 'in', c)
          .where('practiceId', 'in', practiceIds)
          .orderBy('agencyPracticeId')
          .execute(),
      );

export const findPlatformsNamed = (q: Executor, names: readonly string[]) =>
  inChunks(names, (c) =>
    q.selectFrom('platforms').selectAll().where(lowerIn('description', c)).orderBy('platformId').execute(),
  );

export const findPlatformsById = (q: Executor, platformIds: readonly number[]) =>
  q.selectFrom('platforms').selectAll().where('platformId', 'in', platformIds).execute();

/** The platforms' asset types, in the order their snapshot lists them. */
export const findAssetTypesOf = (q: Executor, platformIds: readonly number[]) =>
  inChunks(platformIds, (c) =>
    q
      .selectFrom('assetTypes')
      .select([
        'assetId',
        'platformId',
        'description',
        'assetName',
        'isSystemRecord',
        'isDeleted',
        'sortOrder',
      ])
      .where('platformId', 'in', c)
      .orderBy('assetId')
      .execute(),
  );

/** The offers of the platforms at the agencies. */
export const findOffers = (q: Executor, platformIds: readonly number[], agencyIds: readonly number[]) =>
  platformIds.length === 0
    ? Promise.resolve([])
    : inChunks(agencyIds, (c) =>
        q
          .selectFrom('platformAgencies')
          .select(['platformAgencyId', 'platformId', 'agencyId', 'practiceId'])
          .where('agencyId', 'in', c)
          .where('platformId', 'in', platformIds)
          .orderBy('platformAgencyId')
          .execute(),
      );

export const findUserTypesOf = (q: Executor, platformIds: readonly number[]) =>
  inChunks(platformIds, (c) =>
    q
      .selectFrom('platformUserTypes')
      .select(['platformUserTypeId', 'platformId', 'assetId', 'description', 'basicName', 'sortOrder'])
      .where('platformId', 'in', c)
      .orderBy('platformUserTypeId')
      .execute(),
  );

/** Every client of the platforms at the agencies (their codes decide 'Client code already exists'). */
export const findClientsAt = (q: Executor, agencyIds: readonly number[], platformIds: readonly number[]) =>
  platformIds.length === 0
    ? Promise.resolve([])
    : inChunks(agencyIds, (c) =>
        q
          .selectFrom('clients')
          .select(['clientId', 'agencyId', 'platformId', 'description'])
          .where('agencyId', 'in', c)
          .where('platformId', 'in', platformIds)
          .orderBy('clientId')
          .execute(),
      );

export const findCodesOf = (q: Executor, clientIds: readonly number[]) =>
  inChunks(clientIds, (c) =>
    q
      .selectFrom('clientCodes')
      .select(['clientCodeId', 'clientId', 'code', 'isDeleted'])
      .where('clientId', 'in', c)
      .orderBy('clientCodeId')
      .execute(),
  );

/** The client assets of the clients with one of the names. */
export const findClientAccountsNamed = (
  q: Executor,
  clientIds: readonly number[],
  names: readonly string[],
) =>
  names.length === 0
    ? Promise.resolve([])
    : inChunks(clientIds, (c) =>
        inChunks(names, (n) =>
          q
            .selectFrom('clientAccounts')
            .select(['clientAccountId', 'clientId', 'assetId', 'description', 'assetReference'])
            .where('clientId', 'in', c)
            .where(lowerIn('description', n))
            .orderBy('clientAccountId')
            .execute(),
        ),
      );

/** Rows to insert in one table, in chunks, each chunk one multi-row INSERT … RETURNING *. */
export type InsertableTable =
  | 'regions'
  | 'platformOwnerships'
  | 'markets'
  | 'agencies'
  | 'practices'
  | 'agencyPractices'
  | 'platforms'
  | 'assetTypes'
  | 'platformAgencies'
  | 'platformUserTypes'
  | 'clients'
  | 'clientCodes'
  | 'clientAccounts';

export async function insertRows(
  q: Executor,
  table: InsertableTable,
  rows: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  return inChunks(rows, async (chunk) => {
    const { rows: inserted } = await sql<Record<string, unknown>>`insert into ${sql.table(table)} (${sql.join(
      Object.keys(chunk[0] ?? {}).map((k) => sql.ref(k)),
    )}) values ${sql.join(
      chunk.map((row) => sql`(${sql.join(Object.values<unknown>(row))})`),
    )} returning *`.execute(q);
    return inserted;
  });
}
