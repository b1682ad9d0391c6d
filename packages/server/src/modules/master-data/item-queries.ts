import { sql } from 'kysely';
import { RequestStatus, type MasterDataType } from '@uap/domain';
import { nowIso, toCount, type Executor } from '../../db/connection.ts';

/** The table and id column of each type's item (the table row `id`, the actions' itemId). */
export const itemTables: Record<MasterDataType, { table: string; id: string }> = {
  Region: { table: 'regions', id: 'regionId' },
  Market: { table: 'markets', id: 'marketId' },
  Agency: { table: 'agencies', id: 'agencyId' },
  Practice: { table: 'agencyPractices', id: 'agencyPracticeId' },
  Platform: { table: 'platformAgencies', id: 'platformAgencyId' },
  'Platform User Type': { table: 'platformUserTypes', id: 'platformUserTypeId' },
  'Account Ownership': { table: 'platformOwnerships', id: 'platformOwnershipId' },
  'Client - Client Code': { table: 'clients', id: 'clientId' },
  'Client Asset': { table: 'clientAccounts', id: 'clientAccountId' },
};

/** The stored row of an item (every column), or undefined. Names are whitelisted above. */
export async function snapshot(
  q: Executor,
  type: MasterDataType,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const { table, id: column } = itemTables[type];
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
    column,
  )} = ${id}`.execute(q);
  const row = rows[0];
  if (!row || type !== 'Client - Client Code') {
    return row;
  }
  const codes = await q
    .selectFrom('clientCodes')
    .select(['clientCodeId', 'code', 'isDeleted'])
    .where('clientId', '=', id)
    .orderBy('clientCodeId')
    .execute();
  return { ...row, clientCodes: codes };
}

/** Sets is_deleted (and updated_date) of the items. */
export async function setDeleted(
  q: Executor,
  type: MasterDataType,
  ids: readonly number[],
  isDeleted: 0 | 1,
) {
  const { table, id: column } = itemTables[type];
  await sql`update ${sql.table(table)} set ${sql.ref('isDeleted')} = ${isDeleted}, ${sql.ref(
    'updatedDate',
  )} = ${nowIso()} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(q);
}

export async function deleteItems(q: Executor, type: MasterDataType, ids: readonly number[]) {
  const { table, id: column } = itemTables[type];
  await sql`delete from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(q);
}

/** Where an item lies: its region and market (null for the types above a market), its platform. */
export interface Location {
  regionId: number | null;
  marketId: number | null;
  platformId: number | null;
  agencyId: number | null;
  practiceId: number | null;
  clientId: number | null;
}

export const nowhere: Location = {
  regionId: null,
  marketId: null,
  platformId: null,
  agencyId: null,
  practiceId: null,
  clientId: null,
};

/** The location of an item, or undefined when there is no such item. */
export async function locate(q: Executor, type: MasterDataType, id: number): Promise<Location | undefined> {
  switch (type) {
    case 'Region':
      return (await q.selectFrom('regions').select('regionId').where('regionId', '=', id).executeTakeFirst())
        ? { ...nowhere, regionId: id }
        : undefined;
    case 'Account Ownership':
      return (await q
        .selectFrom('platformOwnerships')
        .select('platformOwnershipId')
        .where('platformOwnershipId', '=', id)
        .executeTakeFirst())
        ? nowhere
        : undefined;
    case 'Market': {
      const row = await q
        .selectFrom('markets')
        .select(['regionId', 'marketId'])
        .where('marketId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
    case 'Agency': {
      const row = await q
        .selectFrom('agencies as a')
        .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
        .select(['mk.regionId', 'mk.marketId', 'a.agencyId'])
        .where('a.agencyId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
    case 'Practice': {
      const row = await q
        .selectFrom('agencyPractices as ap')
        .innerJoin('agencies as a', 'a.agencyId', 'ap.agencyId')
        .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
        .select(['mk.regionId', 'mk.marketId', 'a.agencyId', 'ap.practiceId'])
        .where('ap.agencyPracticeId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
    case 'Platform': {
      const row = await q
        .selectFrom('platformAgencies as pa')
        .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
        .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
        .select(['mk.regionId', 'mk.marketId', 'pa.agencyId', 'pa.practiceId', 'pa.platformId'])
        .where('pa.platformAgencyId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
    case 'Platform User Type': {
      const row = await q
        .selectFrom('platformUserTypes')
        .select('platformId')
        .where('platformUserTypeId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, platformId: row.platformId };
    }
    case 'Client - Client Code': {
      const row = await q
        .selectFrom('clients as c')
        .innerJoin('agencies as a', 'a.agencyId', 'c.agencyId')
        .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
        .select(['mk.regionId', 'mk.marketId', 'c.agencyId', 'c.platformId', 'c.clientId'])
        .where('c.clientId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
    case 'Client Asset': {
      const row = await q
        .selectFrom('clientAccounts as ca')
        .innerJoin('clients as c', 'c.clientId', 'ca.clientId')
        .innerJoin('agencies as a', 'a.agencyId', 'c.agencyId')
        .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
        .select(['mk.regionId', 'mk.marketId', 'c.agencyId', 'c.platformId', 'c.clientId'])
        .where('ca.clientAccountId', '=', id)
        .executeTakeFirst();
      return row && { ...nowhere, ...row };
    }
  }
}

export interface Uses {
  requests: number;
  assignments: number;
  items: number;
}

async function count(query: { executeTakeFirst(): Promise<{ count: unknown } | undefined> }) {
  return toCount((await query.executeTakeFirst())?.count);
}

/**
 * What still uses an item: request lines (requests and records), approver/provisioner and master
 * approver assignments and admin rows, and master data below it. Deleting is refused unless all
 * are zero, so nothing is ever orphaned.
 */
export async function usesOf(q: Executor, type: MasterDataType, id: number, at: Location): Promise<Uses> {
  const requests = q.selectFrom('requests').select((eb) => eb.fn.countAll().as('count'));
  const paths = q.selectFrom('approverAssignments').select((eb) => eb.fn.countAll().as('count'));
  const masters = q.selectFrom('masterApprovers').select((eb) => eb.fn.countAll().as('count'));
  const admins = q.selectFrom('adminRegions').select((eb) => eb.fn.countAll().as('count'));
  const total = (...n: number[]) => n.reduce((a, b) => a + b, 0);
  switch (type) {
    case 'Region':
      return {
        requests: await count(requests.where('regionId', '=', id)),
        assignments: total(
          await count(paths.where('regionId', '=', id)),
          await count(masters.where('regionId', '=', id)),
          await count(admins.where('regionId', '=', id)),
        ),
        items: await count(
          q
            .selectFrom('markets')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('regionId', '=', id),
        ),
      };
    case 'Market':
      return {
        requests: await count(requests.where('marketId', '=', id)),
        assignments: total(
          await count(paths.where('marketId', '=', id)),
          await count(masters.where('marketId', '=', id)),
          await count(admins.where('marketId', '=', id)),
        ),
        items: await count(
          q
            .selectFrom('agencies')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('marketId', '=', id),
        ),
      };
    case 'Agency':
      return {
        requests: await count(requests.where('agencyId', '=', id)),
        assignments: total(
          await count(paths.where('agencyId', '=', id)),
          await count(masters.where('agencyId', '=', id)),
        ),
        items: total(
          await count(
            q
              .selectFrom('agencyPractices')
              .select((eb) => eb.fn.countAll().as('count'))
              .where('agencyId', '=', id),
          ),
          await count(
            q
              .selectFrom('clients')
              .select((eb) => eb.fn.countAll().as('count'))
              .where('agencyId', '=', id),
          ),
        ),
      };
    case 'Practice': {
      const agencyId = at.agencyId ?? 0;
      const practiceId = at.practiceId ?? 0;
      return {
        requests: await count(requests.where('agencyId', '=', agencyId).where('practiceId', '=', practiceId)),
        assignments: total(
          await count(paths.where('agencyId', '=', agencyId).where('practiceId', '=', practiceId)),
          await count(masters.where('agencyId', '=', agencyId).where('practiceId', '=', practiceId)),
        ),
        items: await count(
          q
            .selectFrom('platformAgencies')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('agencyId', '=', agencyId)
            .where('practiceId', '=', practiceId),
        ),
      };
    }
    case 'Platform': {
      const agencyId = at.agencyId ?? 0;
      const practiceId = at.practiceId ?? 0;
      const platformId = at.platformId ?? 0;
      // Clients belong to (platform, agency): they need this offer only when it is the agency's last one.
      const otherOffers = await count(
        q
          .selectFrom('platformAgencies')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('agencyId', '=', agencyId)
          .where('platformId', '=', platformId)
          .where('platformAgencyId', '!=', id),
      );
      return {
        requests: await count(
          requests
            .where('agencyId', '=', agencyId)
            .where('practiceId', '=', practiceId)
            .where('platformId', '=', platformId),
        ),
        assignments: await count(
          paths
            .where('agencyId', '=', agencyId)
            .where('practiceId', '=', practiceId)
            .where('platformId', '=', platformId),
        ),
        items:
          otherOffers > 0
            ? 0
            : await count(
                q
                  .selectFrom('clients')
                  .select((eb) => eb.fn.countAll().as('count'))
                  .where('agencyId', '=', agencyId)
                  .where('platformId', '=', platformId),
              ),
      };
    }
    case 'Platform User Type':
      return {
        requests: await count(requests.where('platformUserTypeId', '=', id)),
        assignments: 0,
        items: 0,
      };
    case 'Account Ownership':
      return {
        requests: await count(requests.where('platformOwnershipId', '=', id)),
        assignments: 0,
        items: 0,
      };
    case 'Client - Client Code':
      return {
        requests: await count(requests.where('clientId', '=', id)),
        assignments: await count(paths.where('clientId', '=', id)),
        items: await count(
          q
            .selectFrom('clientAccounts')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('clientId', '=', id),
        ),
      };
    case 'Client Asset':
      return { requests: await count(requests.where('clientAccountId', '=', id)), assignments: 0, items: 0 };
  }
}

/** Case-insensitive equality of a text column with a value, on both engines. */
export const sameText = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;

/**
 * A platform user type and its namesakes on the same platform (same name and normalized type, one
 * per asset type), oldest first.
 */
export async function findUserTypeNamesakes(q: Executor, id: number): Promise<number[]> {
  const self = await q
    .selectFrom('platformUserTypes')
    .select(['platformId', 'description', 'basicName'])
    .where('platformUserTypeId', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await q
    .selectFrom('platformUserTypes')
    .select('platformUserTypeId')
    .where('platformId', '=', self.platformId)
    .where('basicName', '=', self.basicName)
    .where(sameText('description', self.description))
    .orderBy('platformUserTypeId')
    .execute();
  return rows.map((r) => r.platformUserTypeId);
}

export const isUnused = (u: Uses) => u.requests + u.assignments + u.items === 0;

/** Request lines that use client assets, newest first (the reassign confirmation). */
export function findRequestsOfClientAssets(q: Executor, clientAccountIds: readonly number[]) {
  return q
    .selectFrom('requests as r')
    .innerJoin('requestStatuses as s', 's.statusId', 'r.statusId')
    .select(['r.requestId', 'r.clientAccountId', 'r.statusId', 's.description as status'])
    .where('r.clientAccountId', 'in', clientAccountIds)
    .where('r.statusId', 'in', [
      RequestStatus.SUBMITTED,
      RequestStatus.APPROVED,
      RequestStatus.COMPLETED,
      RequestStatus.ARCHIVED,
    ])
    .orderBy('r.requestId', 'desc')
    .limit(1000)
    .execute();
}

/** The description of a practice or platform (a path's name for those types' rows). */
export async function findPracticeOrPlatformName(
  q: Executor,
  type: 'Practice' | 'Platform',
  id: number,
): Promise<string | undefined> {
  const named =
    type === 'Practice'
      ? await q.selectFrom('practices').select('description').where('practiceId', '=', id).executeTakeFirst()
      : await q.selectFrom('platforms').select('description').where('platformId', '=', id).executeTakeFirst();
  return named?.description;
}

/** Whether the agency offers the platform (on any practice). */
export async function isPlatformOnAgency(
  q: Executor,
  platformId: number,
  agencyId: number,
): Promise<boolean> {
  const offered = await q
    .selectFrom('platformAgencies')
    .select('platformAgencyId')
    .where('agencyId', '=', agencyId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return offered !== undefined;
}
