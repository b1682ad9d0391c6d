import type { Insertable, Kysely } from 'kysely';
import type { Database, PlatformUserTypesTable } from '../schema.ts';
import { insertRows } from './batch.ts';
import * as data from './data.ts';
import type { Rng } from './random.ts';

/** One (agency, practice, platform) availability with its region and market. */
export interface CatalogPath {
  platformAgencyId: number;
  regionId: number;
  marketId: number;
  marketCode: string;
  agencyId: number;
  practiceId: number;
  platformId: number;
}

export interface CatalogUserType {
  platformUserTypeId: number;
  description: string;
  basicName: string;
}

export interface CatalogAsset {
  assetId: number;
  platformId: number;
  description: string;
  isSystemRecord: boolean;
  userTypes: CatalogUserType[];
}

export interface CatalogPlatform {
  platformId: number;
  description: string;
  businessAccess: boolean;
  assets: CatalogAsset[];
  /** Platform-level user types (asset null), for business-access requests. */
  platformUserTypes: CatalogUserType[];
}

export interface CatalogClient {
  clientId: number;
  platformId: number;
  agencyId: number;
  description: string;
  codeIds: number[];
  /** Client account ids by asset id. */
  accounts: Map<number, number[]>;
}

/** The master data the request generators draw from (active rows only). */
export interface Catalog {
  paths: CatalogPath[];
  platforms: Map<number, CatalogPlatform>;
  /** Clients by `${platformId}:${agencyId}`. */
  clients: Map<string, CatalogClient[]>;
  agencies: Map<number, { description: string; marketId: number }>;
  practices: Map<number, string>;
}

export const clientKey = (platformId: number, agencyId: number) => `${platformId}:${agencyId}`;

/** A platform reference id in the shape the platform uses. */
export function assetReference(rng: Rng, format: data.ReferenceFormat): string | null {
  switch (format) {
    case 'google':
      return `${rng.digits(3)}-${rng.digits(3)}-${rng.digits(4)}`;
    case 'meta':
      return `act_${rng.digits(10)}`;
    case 'metaGroup':
      return rng.digits(15);
    case 'page':
      return rng.digits(15);
    case 'tiktok':
      return rng.digits(19);
    case 'dv360':
      return rng.digits(7);
    case 'amazon':
      return `ENTITY${rng.digits(12)}`;
    case 'retail':
      return `RA-${rng.digits(8)}`;
    case 'none':
      return null;
  }
}

/** Inserts the demo master data: regions … client accounts. Ids start at 1 (empty tables). */
export async function insertDemoCatalog(db: Kysely<Database>, rng: Rng, createdIso: string): Promise<void> {
  const dates = { isDeleted: 0, createdDate: createdIso, updatedDate: createdIso };

  /** Inserts the rows of an empty table with their ids from 1, in order, each dated now. */
  const insertNumbered = <T extends keyof Database, K extends keyof Database[T] & string>(
    table: T,
    idColumn: K,
    rows: readonly Omit<Insertable<Database[T]>, K | keyof typeof dates>[],
  ) =>
    insertRows(
      db,
      table,
      rows.map((row, i) => ({ [idColumn]: i + 1, ...row, ...dates }) as Insertable<Database[T]>),
    );

  await insertNumbered(
    'regions',
    'regionId',
    data.regions.map((description) => ({ description })),
  );
  await insertNumbered(
    'markets',
    'marketId',
    data.markets.map((m) => ({ regionId: m.region, description: m.description, code: m.code })),
  );
  await insertNumbered(
    'agencies',
    'agencyId',
    data.agencies.map((a) => ({ marketId: a.market, description: a.description, logoKey: a.logoKey })),
  );
  await insertNumbered(
    'practices',
    'practiceId',
    data.practices.map((description) => ({ description })),
  );
  const practiceId = (name: data.PracticeName) => data.practices.indexOf(name) + 1;

  const agencyPractices = data.agencies.flatMap((a, i) =>
    a.practices.map((p) => ({ agencyId: i + 1, practiceId: practiceId(p) })),
  );
  await insertNumbered('agencyPractices', 'agencyPracticeId', agencyPractices);

  await insertNumbered(
    'platforms',
    'platformId',
    data.platforms.map((p) => ({
      description: p.description,
      businessAccess: p.businessAccess ? 1 : 0,
      bussinesAccessName: p.businessAccess?.name ?? null,
      bussinesAccessId: p.businessAccess?.id ?? null,
      logoKey: p.logoKey,
      isWorkManagement: p.isWorkManagement ? 1 : 0,
      businessAccessInternalOnly: p.businessAccess?.isInternalOnly ? 1 : 0,
    })),
  );

  // Availability: core platforms everywhere they fit, others on most paths; Northwind has all.
  const platformAgencies: { platformId: number; agencyId: number; practiceId: number }[] = [];
  data.agencies.forEach((agency, a) => {
    for (const practice of agency.practices) {
      data.platforms.forEach((platform, p) => {
        const offered = platform.practices === '*' || platform.practices.includes(practice);
        const core = ['Google Ads', 'Meta', 'Workfront'].includes(platform.description);
        if (offered && (a === 0 || core || rng.chance(0.8))) {
          platformAgencies.push({ platformId: p + 1, agencyId: a + 1, practiceId: practiceId(practice) });
        }
      });
    }
  });
  await insertNumbered('platformAgencies', 'platformAgencyId', platformAgencies);

  const assetRows: Insertable<Database['assetTypes']>[] = [];
  const userTypeRows: Insertable<PlatformUserTypesTable>[] = [];
  const assetFormats = new Map<number, data.ReferenceFormat>();
  data.platforms.forEach((platform, p) => {
    platform.businessAccess?.userTypes.forEach(([description, basicName], order) => {
      userTypeRows.push({
        platformUserTypeId: userTypeRows.length + 1,
        platformId: p + 1,
        assetId: null,
        description,
        basicName,
        sortOrder: order,
        ...dates,
      });
    });
    platform.assets.forEach((asset, order) => {
      const assetId = assetRows.length + 1;
      assetFormats.set(assetId, asset.reference);
      assetRows.push({
        assetId,
        platformId: p + 1,
        description: asset.description,
        assetName: asset.assetName,
        isSystemRecord: asset.isSystemRecord ? 1 : 0,
        sortOrder: order,
        ...dates,
      });
      asset.userTypes.forEach(([description, basicName], typeOrder) => {
        userTypeRows.push({
          platformUserTypeId: userTypeRows.length + 1,
          platformId: p + 1,
          assetId,
          description,
          basicName,
          sortOrder: typeOrder,
          ...dates,
        });
      });
    });
  });
  await insertRows(db, 'assetTypes', assetRows);
  await insertRows(db, 'platformUserTypes', userTypeRows);
  await insertRows(db, 'platformOwnerships', [
    { platformOwnershipId: 1, description: 'Agency', ...dates },
    { platformOwnershipId: 2, description: 'Client', ...dates },
  ]);

  // Clients per (platform, agency): core platforms always, others sometimes.
  const pairs = [...new Set(platformAgencies.map((pa) => clientKey(pa.platformId, pa.agencyId)))];
  const clientRows: Insertable<Database['clients']>[] = [];
  const codeRows: Insertable<Database['clientCodes']>[] = [];
  const accountRows: Insertable<Database['clientAccounts']>[] = [];
  for (const pair of pairs) {
    const [platformId, agencyId] = pair.split(':').map(Number) as [number, number];
    const platform = data.platforms[platformId - 1];
    const agency = data.agencies[agencyId - 1];
    if (!platform || !agency || platform.assets.every((a) => a.isSystemRecord)) {
      continue;
    }
    const core = platform.description === 'Google Ads' || platform.description === 'Meta';
    const count = core ? (agencyId <= 2 ? 3 : 1) : agencyId <= 2 || rng.chance(0.12) ? 1 : 0;
    const marketCode = data.markets[agency.market - 1]?.code ?? 'US';
    for (const [description, short, prefix] of rng.sample(data.brands, count)) {
      const clientId = clientRows.length + 1;
      clientRows.push({ clientId, platformId, agencyId, description, ...dates });
      const codes = rng.weighted([
        [1, 30],
        [2, 30],
        [3, 20],
        [4, 10],
        [5, 5],
        [6, 5],
      ] as const);
      for (let c = 1; c <= codes; c++) {
        codeRows.push({
          clientCodeId: codeRows.length + 1,
          clientId,
          code: `${prefix}-${marketCode}${String(c).padStart(2, '0')}`,
          isSystemRecord: 0,
          ...dates,
        });
      }
      assetRows
        .filter((a) => a.platformId === platformId && a.isSystemRecord === 0)
        .forEach((asset) => {
          const assetId = asset.assetId as number;
          const few = asset.description !== 'Ad Account' && asset.description !== 'Advertiser';
          const n = few ? rng.int(1, 3) : rng.int(3, 6);
          for (const suffix of rng.sample(data.accountSuffixes, n)) {
            const label = few ? `${asset.assetName ?? asset.description} ${suffix}` : suffix;
            accountRows.push({
              clientAccountId: accountRows.length + 1,
              clientId,
              assetId,
              description: `${short} ${marketCode} ${label}`,
              assetReference: assetReference(rng, assetFormats.get(assetId) ?? 'none'),
              ...dates,
            });
          }
        });
    }
  }
  await insertRows(db, 'clients', clientRows);
  await insertRows(db, 'clientCodes', codeRows);
  await insertRows(db, 'clientAccounts', accountRows);
}

/** Reads the active master data into the shape the request generators use. */
export async function loadCatalog(db: Kysely<Database>): Promise<Catalog> {
  const paths = await db
    .selectFrom('platformAgencies as pa')
    .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
    .innerJoin('markets as m', 'm.marketId', 'a.marketId')
    .select([
      'pa.platformAgencyId',
      'm.regionId',
      'm.marketId',
      'm.code as marketCode',
      'pa.agencyId',
      'pa.practiceId',
      'pa.platformId',
    ])
    .where('pa.isDeleted', '=', 0)
    .orderBy('pa.platformAgencyId')
    .execute();

  const platforms = new Map<number, CatalogPlatform>();
  for (const p of await db
    .selectFrom('platforms')
    .select(['platformId', 'description', 'businessAccess'])
    .where('isDeleted', '=', 0)
    .orderBy('platformId')
    .execute()) {
    platforms.set(p.platformId, {
      platformId: p.platformId,
      description: p.description,
      businessAccess: p.businessAccess === 1,
      assets: [],
      platformUserTypes: [],
    });
  }
  const assets = new Map<number, CatalogAsset>();
  for (const a of await db
    .selectFrom('assetTypes')
    .select(['assetId', 'platformId', 'description', 'isSystemRecord'])
    .where('isDeleted', '=', 0)
    .orderBy('sortOrder')
    .orderBy('assetId')
    .execute()) {
    const asset = {
      assetId: a.assetId,
      platformId: a.platformId,
      description: a.description,
      isSystemRecord: a.isSystemRecord === 1,
      userTypes: [],
    };
    assets.set(a.assetId, asset);
    platforms.get(a.platformId)?.assets.push(asset);
  }
  for (const t of await db
    .selectFrom('platformUserTypes')
    .select(['platformUserTypeId', 'platformId', 'assetId', 'description', 'basicName'])
    .where('isDeleted', '=', 0)
    .orderBy('sortOrder')
    .orderBy('platformUserTypeId')
    .execute()) {
    const type = {
      platformUserTypeId: t.platformUserTypeId,
      description: t.description,
      basicName: t.basicName,
    };
    if (t.assetId == null) {
      platforms.get(t.platformId)?.platformUserTypes.push(type);
    } else {
      assets.get(t.assetId)?.userTypes.push(type);
    }
  }

  const clientsById = new Map<number, CatalogClient>();
  const clients = new Map<string, CatalogClient[]>();
  for (const c of await db
    .selectFrom('clients')
    .select(['clientId', 'platformId', 'agencyId', 'description'])
    .where('isDeleted', '=', 0)
    .orderBy('clientId')
    .execute()) {
    const client = { ...c, codeIds: [], accounts: new Map<number, number[]>() };
    clientsById.set(c.clientId, client);
    const key = clientKey(c.platformId, c.agencyId);
    clients.set(key, [...(clients.get(key) ?? []), client]);
  }
  for (const code of await db
    .selectFrom('clientCodes')
    .select(['clientCodeId', 'clientId'])
    .where('isDeleted', '=', 0)
    .orderBy('clientCodeId')
    .execute()) {
    clientsById.get(code.clientId)?.codeIds.push(code.clientCodeId);
  }
  for (const account of await db
    .selectFrom('clientAccounts')
    .select(['clientAccountId', 'clientId', 'assetId'])
    .where('isDeleted', '=', 0)
    .orderBy('clientAccountId')
    .execute()) {
    const client = clientsById.get(account.clientId);
    if (client) {
      client.accounts.set(account.assetId, [
        ...(client.accounts.get(account.assetId) ?? []),
        account.clientAccountId,
      ]);
    }
  }

  const agencies = new Map<number, { description: string; marketId: number }>();
  for (const a of await db.selectFrom('agencies').select(['agencyId', 'description', 'marketId']).execute()) {
    agencies.set(a.agencyId, { description: a.description, marketId: a.marketId });
  }
  const practices = new Map<number, string>();
  for (const p of await db.selectFrom('practices').select(['practiceId', 'description']).execute()) {
    practices.set(p.practiceId, p.description);
  }
  return { paths, platforms, clients, agencies, practices };
}
