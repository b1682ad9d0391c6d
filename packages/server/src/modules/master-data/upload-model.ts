import { type z } from 'zod';
import { messages, type MasterDataType } from '@uap/domain';
import { type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog, type LogItem } from './log-queries.ts';
import { platformsWritable, type WriteScope } from './scope.ts';
import * as uq from './upload-queries.ts';
import type { WriteBatch } from './write-kernel.ts';

/**
 * The master data an uploaded workbook names, read up front in set queries and kept current by
 * the upload's own changes; new items wait here as pending multi-row inserts (see upload-apply.ts).
 */

/** One data row of a sheet: its cells by column name (trimmed text; '' when empty). */
export interface SheetRow {
  sheet: string;
  row: number;
  type: MasterDataType;
  cells: Record<string, string>;
}

/** The column of each type that names the item itself (the result's `name`). */
export const nameColumn: Record<MasterDataType, string> = {
  Region: 'Region',
  'Account Ownership': 'Account Ownership',
  Market: 'Market',
  Agency: 'Agency',
  Practice: 'Practice',
  Platform: 'Platform',
  'Platform User Type': 'User Type',
  'Client - Client Code': 'Client',
  'Client Asset': 'Client Asset',
};

/** A row the upload refuses (its message is the row's result). */
export class RowRefusal extends Error {}
/** Thrown to roll the whole upload back once a row was refused. */
export class RollBack extends Error {}

/** The dialog's schema check: the first issue's message refuses the row. */
export function check<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new RowRefusal(parsed.error.issues[0]?.message ?? messages.fillAllFields);
  }
  return parsed.data;
}

export const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function yesNo(text: string, column: string): boolean {
  const v = text.toLowerCase();
  if (v === '' || v === 'no' || v === 'n' || v === 'false' || v === '0') {
    return false;
  }
  if (v === 'yes' || v === 'y' || v === 'true' || v === '1') {
    return true;
  }
  throw new RowRefusal(messages.masterDataUploadYesNo(column));
}

export function need<T>(value: T | undefined, type: string, name: string): T {
  if (value === undefined) {
    throw new RowRefusal(
      name === '' ? messages.fillAllFields : messages.masterDataUploadNotFound(type, name),
    );
  }
  return value;
}

export const lower = (text: string) => text.toLowerCase();

// ---------------------------------------------------------------- the model

export type Row = Record<string, unknown>;

/** An item of the model: its id (0 until its insert ran) and its stored row once read or written. */
export interface Item {
  id: number;
  row?: Row;
}
export interface Named extends Item {
  description: string;
}
export interface MarketItem extends Named {
  regionId: number;
  code: string;
}
export interface AgencyItem extends Named {
  marketId: number;
  regionId: number;
}
export interface OfferedPractice extends Item {
  agency: AgencyItem;
  practice: Named;
}
export interface AssetItem extends Named {
  assetName: string | null;
  isSystemRecord: number;
  isDeleted: number;
  sortOrder: number;
}
/** An asset type row as the upload keeps it. */
const assetOf = (r: Awaited<ReturnType<typeof uq.findAssetTypesOf>>[number]): AssetItem => ({
  id: r.assetId,
  description: r.description,
  assetName: r.assetName,
  isSystemRecord: r.isSystemRecord,
  isDeleted: r.isDeleted,
  sortOrder: r.sortOrder,
});

export interface PlatformItem extends Named {
  businessAccess: number;
  bussinesAccessName: string | null;
  bussinesAccessId: string | null;
  assets: AssetItem[];
  /** Its offers by `agencyId|practiceId`. */
  offers: Map<string, Item & { agency: AgencyItem }>;
  offeredAt: Set<number>;
  /** The last user type's sort order. */
  lastUserType: number;
  /** May the caller change it (platformsWritable), once asked. */
  writable?: boolean;
}
export interface UserTypeItem extends Named {
  platform: PlatformItem;
  basicName: string;
}
export interface CodeItem extends Item {
  code: string;
  isDeleted: number;
}
export interface ClientItem extends Named {
  agency: AgencyItem;
  platform: PlatformItem;
  codes: CodeItem[];
}
export interface AccountItem extends Named {
  client: ClientItem;
  assetReference: string | null;
}

/** An insert waiting for its sheet's flush: values read when it runs (parents have ids by then). */
export interface PendingInsert {
  item: Item;
  values: () => Row;
  /** A column whose value the returned row must repeat (the rows come back in VALUES order). */
  same: string;
}

/** A log row waiting for its item's insert: `after` is built from the stored rows. */
export interface PendingLog {
  type: MasterDataType;
  item: Item;
  name: string;
  after: () => unknown;
}

export const insertOrder: uq.InsertableTable[] = [
  'regions',
  'platformOwnerships',
  'markets',
  'agencies',
  'practices',
  'agencyPractices',
  'platforms',
  'assetTypes',
  'platformAgencies',
  'platformUserTypes',
  'clients',
  'clientCodes',
  'clientAccounts',
];

/** The id column of each table the upload inserts into. */
export const idColumn: Record<uq.InsertableTable, string> = {
  regions: 'regionId',
  platformOwnerships: 'platformOwnershipId',
  markets: 'marketId',
  agencies: 'agencyId',
  practices: 'practiceId',
  agencyPractices: 'agencyPracticeId',
  platforms: 'platformId',
  assetTypes: 'assetId',
  platformAgencies: 'platformAgencyId',
  platformUserTypes: 'platformUserTypeId',
  clients: 'clientId',
  clientCodes: 'clientCodeId',
  clientAccounts: 'clientAccountId',
};

/** The platform's snapshot as the master data log keeps it (platform-write-queries.ts findPlatformWithAssets). */
export const platformSnapshot = (p: PlatformItem) => ({
  ...p.row,
  assets: [...p.assets]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((a) => ({
      assetId: a.id,
      description: a.description,
      assetName: a.assetName,
      isSystemRecord: a.isSystemRecord,
      isDeleted: a.isDeleted,
    })),
});

export const clientSnapshot = (c: ClientItem) => ({
  ...c.row,
  clientCodes: [...c.codes]
    .sort((a, b) => a.id - b.id)
    .map((cc) => ({ clientCodeId: cc.id, code: cc.code, isDeleted: cc.isDeleted })),
});

export class Model {
  readonly regions = new Map<string, Named>();
  readonly ownerships = new Map<string, Named>();
  /** By `regionId|name`. */
  readonly markets = new Map<string, MarketItem>();
  /** By `marketId|name`. */
  readonly agencies = new Map<string, AgencyItem>();
  readonly practices = new Map<string, Named>();
  /** By `agencyId|practice name`. */
  readonly offeredPractices = new Map<string, OfferedPractice>();
  readonly platforms = new Map<string, PlatformItem>();
  /** By `platformId|assetId|name`. */
  readonly userTypes = new Map<string, UserTypeItem>();
  /** By `agencyId|platformId|name`. */
  readonly clients = new Map<string, ClientItem>();
  /** Every client of a (agency, platform): `agencyId|platformId`. */
  readonly clientsAt = new Map<string, ClientItem[]>();
  /** By `clientId|assetId|name`. */
  readonly accounts = new Map<string, AccountItem>();

  private readonly inserts = new Map<uq.InsertableTable, PendingInsert[]>();
  private logs: PendingLog[] = [];

  constructor(
    readonly q: Executor,
    readonly actor: Actor,
    readonly batch: WriteBatch,
  ) {}

  get scope(): WriteScope {
    return this.batch.scope;
  }

  /** Reads what the rows name: a dozen set queries for the whole file. */
  async load(rows: readonly SheetRow[]) {
    const q = this.q;
    const names = (column: string) => [
      ...new Set(rows.map((r) => lower(r.cells[column] ?? '')).filter((n) => n !== '')),
    ];
    const first = <T>(map: Map<string, T>, key: string, value: T) => {
      if (!map.has(key)) {
        map.set(key, value);
      }
    };
    for (const r of await uq.findRegionsNamed(q, names('Region'))) {
      first(this.regions, lower(r.description), { id: r.regionId, description: r.description });
    }
    for (const r of await uq.findOwnershipsNamed(q, names('Account Ownership'))) {
      first(this.ownerships, lower(r.description), { id: r.platformOwnershipId, description: r.description });
    }
    for (const r of await uq.findMarketsNamed(q, names('Market'))) {
      first(this.markets, `${r.regionId}|${lower(r.description)}`, {
        id: r.marketId,
        regionId: r.regionId,
        description: r.description,
        code: r.code,
      });
    }
    const agencyIds: number[] = [];
    const agencyById = new Map<number, AgencyItem>();
    for (const r of await uq.findAgenciesNamed(q, names('Agency'))) {
      const agency = {
        id: r.agencyId,
        marketId: r.marketId,
        regionId: r.regionId,
        description: r.description,
      };
      agencyIds.push(r.agencyId);
      agencyById.set(r.agencyId, agency);
      first(this.agencies, `${r.marketId}|${lower(r.description)}`, agency);
    }
    const practiceById = new Map<number, Named>();
    for (const r of await uq.findPracticesNamed(q, names('Practice'))) {
      const practice = { id: r.practiceId, description: r.description };
      practiceById.set(r.practiceId, practice);
      first(this.practices, lower(r.description), practice);
    }
    for (const r of await uq.findAgencyPractices(q, agencyIds, [...practiceById.keys()])) {
      const agency = agencyById.get(r.agencyId);
      const practice = practiceById.get(r.practiceId);
      if (agency && practice) {
        first(this.offeredPractices, `${r.agencyId}|${lower(practice.description)}`, {
          id: r.agencyPracticeId,
          agency,
          practice,
        });
      }
    }
    const platformById = new Map<number, PlatformItem>();
    for (const r of await uq.findPlatformsNamed(q, names('Platform'))) {
      const platform: PlatformItem = {
        id: r.platformId,
        row: r,
        description: r.description,
        businessAccess: r.businessAccess,
        bussinesAccessName: r.bussinesAccessName,
        bussinesAccessId: r.bussinesAccessId,
        assets: [],
        offers: new Map(),
        offeredAt: new Set(),
        lastUserType: 0,
      };
      platformById.set(r.platformId, platform);
      first(this.platforms, lower(r.description), platform);
    }
    const platformIds = [...platformById.keys()];
    for (const r of await uq.findAssetTypesOf(q, platformIds)) {
      platformById.get(r.platformId)?.assets.push(assetOf(r));
    }
    for (const r of await uq.findOffers(q, platformIds, agencyIds)) {
      const platform = platformById.get(r.platformId);
      const agency = agencyById.get(r.agencyId);
      if (platform && agency) {
        first(platform.offers, `${r.agencyId}|${r.practiceId}`, { id: r.platformAgencyId, agency });
        platform.offeredAt.add(r.agencyId);
      }
    }
    for (const r of await uq.findUserTypesOf(q, platformIds)) {
      const platform = platformById.get(r.platformId);
      if (platform) {
        platform.lastUserType = Math.max(platform.lastUserType, r.sortOrder);
        first(this.userTypes, `${r.platformId}|${r.assetId ?? ''}|${lower(r.description)}`, {
          id: r.platformUserTypeId,
          platform,
          description: r.description,
          basicName: r.basicName,
        });
      }
    }
    const clientById = new Map<number, ClientItem>();
    for (const r of await uq.findClientsAt(q, agencyIds, platformIds)) {
      const agency = agencyById.get(r.agencyId);
      const platform = platformById.get(r.platformId);
      if (agency && platform) {
        const client = { id: r.clientId, agency, platform, description: r.description, codes: [] };
        clientById.set(r.clientId, client);
        this.addClient(client);
      }
    }
    for (const r of await uq.findCodesOf(q, [...clientById.keys()])) {
      clientById.get(r.clientId)?.codes.push({ id: r.clientCodeId, code: r.code, isDeleted: r.isDeleted });
    }
    for (const r of await uq.findClientAccountsNamed(q, [...clientById.keys()], names('Client Asset'))) {
      const client = clientById.get(r.clientId);
      if (client) {
        first(this.accounts, `${r.clientId}|${r.assetId}|${lower(r.description)}`, {
          id: r.clientAccountId,
          client,
          description: r.description,
          assetReference: r.assetReference,
        });
      }
    }
  }

  addClient(client: ClientItem) {
    const at = `${client.agency.id}|${client.platform.id}`;
    const key = `${at}|${lower(client.description)}`;
    if (!this.clients.has(key)) {
      this.clients.set(key, client);
    }
    this.clientsAt.set(at, [...(this.clientsAt.get(at) ?? []), client]);
  }

  /** Queues an insert (and its log row when `log` is given). */
  insert(table: uq.InsertableTable, item: Item, values: () => Row, same: string) {
    const pending = this.inserts.get(table) ?? [];
    pending.push({ item, values, same });
    this.inserts.set(table, pending);
  }

  created(type: MasterDataType, item: Item, name: string, after: () => unknown) {
    this.logs.push({ type, item, name, after });
  }

  /** Runs the queued inserts, table by table (parents first), then their log rows. */
  async flush() {
    for (const table of insertOrder) {
      const pending = this.inserts.get(table);
      if (!pending || pending.length === 0) {
        continue;
      }
      this.inserts.delete(table);
      const values = pending.map((p) => p.values());
      const rows = await uq.insertRows(this.q, table, values);
      if (rows.length !== pending.length) {
        throw new Error(`upload: ${table} returned ${rows.length} rows for ${pending.length}`);
      }
      pending.forEach((p, i) => {
        const row = rows[i] ?? {};
        if (row[p.same] !== values[i]?.[p.same]) {
          throw new Error(`upload: ${table} returned its rows out of order`);
        }
        p.item.row = row;
        p.item.id = Number(row[idColumn[table]]);
      });
    }
    const logs = this.logs;
    this.logs = [];
    const items: LogItem[] = logs.map((l) => ({
      type: l.type,
      itemId: l.item.id,
      operation: 'Created',
      description: `${l.type} ${l.name} created`,
      before: null,
      after: l.after(),
    }));
    await uq.inChunks(items, async (chunk) => {
      await writeLog(this.q, this.actor.userId, chunk);
      return [];
    });
  }

  /** A platform's fields and asset types read again (after Modify Platform changed them). */
  async reloadPlatform(platform: PlatformItem) {
    const [row] = await uq.findPlatformsById(this.q, [platform.id]);
    if (row) {
      platform.row = row;
      platform.description = row.description;
      platform.businessAccess = row.businessAccess;
      platform.bussinesAccessName = row.bussinesAccessName;
      platform.bussinesAccessId = row.bussinesAccessId;
    }
    platform.assets = (await uq.findAssetTypesOf(this.q, [platform.id])).map(assetOf);
  }

  async isPlatformWritable(platform: PlatformItem): Promise<boolean> {
    if (platform.writable === undefined) {
      await this.flush();
      platform.writable =
        (await platformsWritable(this.q, this.scope, [platform.id])).get(platform.id) ?? false;
    }
    return platform.writable;
  }

  // ------------------------------------------------------------ names of parents

  region(name: string): Named {
    return need(this.regions.get(lower(name)), 'Region', name);
  }

  market(c: Record<string, string>): MarketItem {
    const region = this.region(c.Region ?? '');
    const name = c.Market ?? '';
    return need(this.markets.get(`${region.id}|${lower(name)}`), 'Market', name);
  }

  agency(c: Record<string, string>): AgencyItem {
    const market = this.market(c);
    const name = c.Agency ?? '';
    return need(this.agencies.get(`${market.id}|${lower(name)}`), 'Agency', name);
  }

  practiceOf(agency: AgencyItem, name: string): OfferedPractice | undefined {
    return this.offeredPractices.get(`${agency.id}|${lower(name)}`);
  }

  platform(name: string): PlatformItem {
    return need(this.platforms.get(lower(name)), 'Platform', name);
  }

  assetType(platform: PlatformItem, name: string): AssetItem {
    return need(
      platform.assets.find((a) => lower(a.description) === lower(name)),
      'Asset Type',
      name,
    );
  }

  client(c: Record<string, string>) {
    const agency = this.agency(c);
    const platform = this.platform(c.Platform ?? '');
    const name = c.Client ?? '';
    return { agency, platform, client: this.clients.get(`${agency.id}|${platform.id}|${lower(name)}`) };
  }
}
