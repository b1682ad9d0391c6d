import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ZodError, type z } from 'zod';
import {
  masterDataTypes,
  masterDataUploadColumns,
  masterDataUploadLimits,
  masterDataUploadOrder,
  messages,
  saveAgencyInput,
  saveClientAccountInput,
  saveClientInput,
  saveMarketInput,
  saveOwnershipInput,
  savePlatformAccessInput,
  savePlatformInput,
  savePracticeInput,
  saveRegionInput,
  updateAgencyInput,
  updateClientAccountInput,
  updateClientInput,
  updateMarketInput,
  updateOwnershipInput,
  updatePlatformInput,
  updatePlatformUserTypeInput,
  updatePracticeInput,
  updateRegionInput,
  type MasterDataType,
  type MasterDataUploadOutcome,
  type MasterDataUploadResult,
  type MasterDataUploadRow,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { locate, sameText } from './item-queries.ts';
import { writeScopeOf } from './scope.ts';
import * as writes from './write-service.ts';
import { rowSavepoint } from './upload-queries.ts';
import { checkZip, entryText } from './zip-check.ts';

const MB = 1024 * 1024;

/** One data row of a sheet: its cells by column name (trimmed text; '' when empty). */
export interface SheetRow {
  sheet: string;
  row: number;
  type: MasterDataType;
  cells: Record<string, string>;
}

/** The column of each type that names the item itself (the result's `name`). */
const nameColumn: Record<MasterDataType, string> = {
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

const key = (text: string) => text.trim().replace(/\*$/, '').trim().toLowerCase();

/** A cell's value as text: rich text joined, hyperlinks by their text, formulas by their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string') {
    return value.trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText)) {
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    }
    if (v.text !== undefined) {
      return cellText(v.text);
    }
    if (v.result !== undefined) {
      return cellText(v.result);
    }
  }
  return '';
}

const attributes = (tag: string) =>
  new Map(
    [...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    ]),
  );

/** The workbook's sheets and relations in the shapes the streaming reader keeps them. */
function sheetList(file: Buffer) {
  const book = entryText(file, 'xl/workbook.xml') ?? '';
  const rels = entryText(file, 'xl/_rels/workbook.xml.rels') ?? '';
  return {
    model: {
      sheets: [...book.matchAll(/<sheet\s[^>]*>/g)].map((m) => {
        const a = attributes(m[0]);
        return {
          id: Number(a.get('sheetId')),
          name: a.get('name') ?? '',
          rId: a.get('r:id'),
          state: a.get('state'),
        };
      }),
    },
    workbookRels: [...rels.matchAll(/<Relationship\s[^>]*>/g)].map((m) => {
      const a = attributes(m[0]);
      return {
        Id: a.get('Id'),
        Target: (a.get('Target') ?? '').replace(/^\/?xl\//, ''),
        Type: a.get('Type'),
      };
    }),
  };
}

/**
 * Reads the workbook's rows with the streaming reader, after the zip check (a zip bomb is refused
 * before anything unpacks it). 400 with the reason for a file that is not a workbook of the
 * template's sheets and columns or has too many rows.
 */
export async function readWorkbook(file: Buffer): Promise<SheetRow[]> {
  const refusal = checkZip(file, {
    maxUnpackedBytes: masterDataUploadLimits.maxUnpackedMegabytes * MB,
    maxEntries: masterDataUploadLimits.maxZipEntries,
  });
  if (refusal === 'tooLarge') {
    throw invalid(messages.masterDataUploadUnpackedTooLarge(masterDataUploadLimits.maxUnpackedMegabytes));
  }
  if (refusal === 'notZip') {
    throw invalid(messages.masterDataUploadNotWorkbook);
  }
  const rows: SheetRow[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // The streaming reader names a sheet only when the workbook part precedes it in the zip: it is
  // given the sheet list up front, read from the (already checked) workbook and its relations.
  Object.assign(reader, sheetList(file));
  try {
    for await (const sheet of reader) {
      const sheetName = (sheet as unknown as { name: string }).name;
      const type = masterDataTypes.find((t) => key(t) === key(sheetName));
      if (!type) {
        throw invalid(messages.masterDataUploadUnknownSheet(sheetName));
      }
      let header: Map<number, string> | null = null;
      for await (const row of sheet) {
        const values = (row.values as unknown[]).map(cellText);
        if (values.every((v) => v === '')) {
          continue;
        }
        if (!header) {
          const known = new Map(masterDataUploadColumns[type].map((c) => [key(c.name), c.name]));
          header = new Map();
          values.forEach((v, i) => {
            const name = known.get(key(v));
            if (name) {
              header?.set(i, name);
            }
          });
          const present = new Set(header.values());
          const missing = masterDataUploadColumns[type]
            .filter((c) => c.required && !present.has(c.name))
            .map((c) => c.name);
          if (missing.length > 0) {
            throw invalid(messages.masterDataUploadMissingColumns(sheetName, missing));
          }
          continue;
        }
        if (rows.length >= masterDataUploadLimits.maxRows) {
          throw invalid(messages.masterDataUploadTooManyRows(masterDataUploadLimits.maxRows));
        }
        const cells: Record<string, string> = {};
        for (const [i, name] of header) {
          cells[name] = values[i] ?? '';
        }
        rows.push({ sheet: sheetName, row: row.number, type, cells });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) {
      throw error;
    }
    throw invalid(messages.masterDataUploadNotWorkbook);
  }
  if (rows.length === 0) {
    throw invalid(messages.masterDataUploadNoRows);
  }
  return rows;
}

/** A row the upload refuses before any write-service rule runs. */
class RowRefusal extends Error {}
/** Thrown to roll the whole upload back once a row was refused. */
class RollBack extends Error {}

/** The dialog's schema check: the first issue's message refuses the row. */
function check<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new RowRefusal(parsed.error.issues[0]?.message ?? messages.fillAllFields);
  }
  return parsed.data;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function yesNo(text: string, column: string): boolean {
  const v = text.toLowerCase();
  if (v === '' || v === 'no' || v === 'n' || v === 'false' || v === '0') {
    return false;
  }
  if (v === 'yes' || v === 'y' || v === 'true' || v === '1') {
    return true;
  }
  throw new RowRefusal(messages.masterDataUploadYesNo(column));
}

function need<T>(value: T | undefined, type: string, name: string): T {
  if (value === undefined) {
    throw new RowRefusal(
      name === '' ? messages.fillAllFields : messages.masterDataUploadNotFound(type, name),
    );
  }
  return value;
}

/**
 * Finds the parents a row names, inside the upload's transaction (rows above it included). A
 * name found once is remembered for the rows after it; the memory is dropped whenever a row is
 * rolled back or updates an item, so it never outlives what it saw.
 */
class Names {
  private readonly found = new Map<string, unknown>();

  constructor(private readonly q: Executor) {}

  forget() {
    this.found.clear();
  }

  private async memo<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.found.has(key)) {
      return this.found.get(key) as T;
    }
    const value = await load();
    if (value !== undefined) {
      this.found.set(key, value);
    }
    return value;
  }

  async region(name: string) {
    const id = await this.memo(`region|${name.toLowerCase()}`, async () => {
      const r = await this.q
        .selectFrom('regions')
        .select('regionId')
        .where(sameText('description', name))
        .executeTakeFirst();
      return r?.regionId;
    });
    return need(id, 'Region', name);
  }

  async market(c: Record<string, string>) {
    const regionId = await this.region(c.Region ?? '');
    const name = c.Market ?? '';
    const id = await this.memo(`market|${regionId}|${name.toLowerCase()}`, async () => {
      const r = await this.q
        .selectFrom('markets')
        .select('marketId')
        .where('regionId', '=', regionId)
        .where(sameText('description', name))
        .executeTakeFirst();
      return r?.marketId;
    });
    return need(id, 'Market', name);
  }

  async agency(c: Record<string, string>) {
    const marketId = await this.market(c);
    const name = c.Agency ?? '';
    const id = await this.memo(`agency|${marketId}|${name.toLowerCase()}`, async () => {
      const r = await this.q
        .selectFrom('agencies')
        .select('agencyId')
        .where('marketId', '=', marketId)
        .where(sameText('description', name))
        .executeTakeFirst();
      return r?.agencyId;
    });
    return need(id, 'Agency', name);
  }

  practiceOf(agencyId: number, name: string) {
    return this.memo(`practice|${agencyId}|${name.toLowerCase()}`, () =>
      this.q
        .selectFrom('agencyPractices as ap')
        .innerJoin('practices as p', 'p.practiceId', 'ap.practiceId')
        .select(['ap.agencyPracticeId', 'p.practiceId', 'p.description'])
        .where('ap.agencyId', '=', agencyId)
        .where(sameText('p.description', name))
        .executeTakeFirst(),
    );
  }

  async platform(name: string) {
    const id = await this.memo(
      `platform|${name.toLowerCase()}`,
      async () => (await writes.findPlatformByName(this.q, name))?.platformId,
    );
    return need(id, 'Platform', name);
  }

  async assetType(platformId: number, name: string) {
    const id = await this.memo(`asset|${platformId}|${name.toLowerCase()}`, async () => {
      const r = await this.q
        .selectFrom('assetTypes')
        .select('assetId')
        .where('platformId', '=', platformId)
        .where(sameText('description', name))
        .orderBy('assetId')
        .executeTakeFirst();
      return r?.assetId;
    });
    return need(id, 'Asset Type', name);
  }

  async client(c: Record<string, string>) {
    const agencyId = await this.agency(c);
    const platformId = await this.platform(c.Platform ?? '');
    const name = c.Client ?? '';
    const client = await this.memo(`client|${agencyId}|${platformId}|${name.toLowerCase()}`, () =>
      this.q
        .selectFrom('clients')
        .select(['clientId', 'description'])
        .where('agencyId', '=', agencyId)
        .where('platformId', '=', platformId)
        .where(sameText('description', name))
        .executeTakeFirst(),
    );
    return { agencyId, platformId, client };
  }
}

/** An existing item the row leaves as it is: still only inside the caller's scope. */
async function unchanged(
  batch: writes.WriteBatch,
  type: MasterDataType,
  id: number,
): Promise<MasterDataUploadOutcome> {
  if (batch.scope.kind === 'all') {
    return 'unchanged';
  }
  const at = await locate(batch.trx, type, id);
  if (at) {
    await writes.requireWritable(batch.trx, batch.scope, type, at);
  }
  return 'unchanged';
}

/**
 * The outcome of a row that names one item: created when `found` is absent, unchanged when it
 * already says what the row says, else updated.
 */
async function upsert<F>(
  batch: writes.WriteBatch,
  type: MasterDataType,
  found: F | undefined,
  o: {
    idOf: (found: F) => number;
    isSame: (found: F) => boolean;
    create: () => Promise<unknown>;
    update: (found: F) => Promise<unknown>;
  },
): Promise<MasterDataUploadOutcome> {
  if (!found) {
    await o.create();
    return 'created';
  }
  if (o.isSame(found)) {
    return unchanged(batch, type, o.idOf(found));
  }
  await o.update(found);
  return 'updated';
}

/** Applies one row with the dialog's rules (write-service.ts) inside the batch. */
async function applyRow(
  batch: writes.WriteBatch,
  actor: Actor,
  r: SheetRow,
  names: Names,
): Promise<MasterDataUploadOutcome> {
  const q = batch.trx;
  const c = r.cells;
  switch (r.type) {
    case 'Region': {
      const input = check(saveRegionInput, { Description: c.Region ?? '' });
      const found = await q
        .selectFrom('regions')
        .select(['regionId', 'description'])
        .where(sameText('description', input.Description))
        .executeTakeFirst();
      return upsert(batch, 'Region', found, {
        idOf: (f) => f.regionId,
        isSame: (f) => f.description === input.Description,
        create: () => writes.saveRegion(batch, actor, input),
        update: (f) =>
          writes.updateRegion(
            batch,
            actor,
            check(updateRegionInput, { regionId: f.regionId, description: input.Description }),
          ),
      });
    }
    case 'Account Ownership': {
      const input = check(saveOwnershipInput, { Description: c['Account Ownership'] ?? '' });
      const found = await q
        .selectFrom('platformOwnerships')
        .select(['platformOwnershipId', 'description'])
        .where(sameText('description', input.Description))
        .executeTakeFirst();
      return upsert(batch, 'Account Ownership', found, {
        idOf: (f) => f.platformOwnershipId,
        isSame: (f) => f.description === input.Description,
        create: () => writes.saveOwnership(batch, actor, input),
        update: (f) =>
          writes.updateOwnership(
            batch,
            actor,
            check(updateOwnershipInput, {
              platformOwnerShipId: f.platformOwnershipId,
              description: input.Description,
            }),
          ),
      });
    }
    case 'Market': {
      const regionId = await names.region(c.Region ?? '');
      const input = check(saveMarketInput, {
        Description: c.Market ?? '',
        Code: c.Code ?? '',
        RegionId: regionId,
      });
      const found = await q
        .selectFrom('markets')
        .select(['marketId', 'description', 'code'])
        .where('regionId', '=', regionId)
        .where(sameText('description', input.Description))
        .executeTakeFirst();
      return upsert(batch, 'Market', found, {
        idOf: (f) => f.marketId,
        isSame: (f) => f.description === input.Description && f.code === input.Code,
        create: () => writes.saveMarket(batch, actor, input),
        update: (f) =>
          writes.updateMarket(
            batch,
            actor,
            check(updateMarketInput, {
              marketId: f.marketId,
              description: input.Description,
              code: input.Code,
            }),
          ),
      });
    }
    case 'Agency': {
      const marketId = await names.market(c);
      const input = check(saveAgencyInput, { Description: c.Agency ?? '', MarketId: marketId });
      const found = await q
        .selectFrom('agencies')
        .select(['agencyId', 'description'])
        .where('marketId', '=', marketId)
        .where(sameText('description', input.Description))
        .executeTakeFirst();
      return upsert(batch, 'Agency', found, {
        idOf: (f) => f.agencyId,
        isSame: (f) => f.description === input.Description,
        create: () => writes.saveAgency(batch, actor, input),
        update: (f) =>
          writes.updateAgency(
            batch,
            actor,
            check(updateAgencyInput, { agencyId: f.agencyId, description: input.Description }),
          ),
      });
    }
    case 'Practice': {
      const agencyId = await names.agency(c);
      const input = check(savePracticeInput, { Description: c.Practice ?? '', AgencyId: agencyId });
      const found = await names.practiceOf(agencyId, input.Description);
      return upsert(batch, 'Practice', found, {
        idOf: (f) => f.agencyPracticeId,
        isSame: (f) => f.description === input.Description,
        create: () => writes.savePractice(batch, actor, input),
        update: (f) =>
          writes.updatePractice(
            batch,
            actor,
            check(updatePracticeInput, {
              agencyPracticeId: f.agencyPracticeId,
              description: input.Description,
            }),
          ),
      });
    }
    case 'Platform':
      return applyPlatform(batch, actor, r, names);
    case 'Platform User Type': {
      const platformId = await names.platform(c.Platform ?? '');
      const assetName = c['Asset Type'] ?? '';
      const assetId = assetName === '' ? null : await names.assetType(platformId, assetName);
      const input = check(savePlatformAccessInput, {
        Description: c['User Type'] ?? '',
        BasicName: c['Normalized User Type'] ?? '',
        PlatformId: platformId,
        AssetId: assetId,
      });
      const found = await q
        .selectFrom('platformUserTypes')
        .select(['platformUserTypeId', 'description', 'basicName'])
        .where('platformId', '=', platformId)
        .where((eb) => (assetId === null ? eb('assetId', 'is', null) : eb('assetId', '=', assetId)))
        .where(sameText('description', input.Description))
        .executeTakeFirst();
      return upsert(batch, 'Platform User Type', found, {
        idOf: (f) => f.platformUserTypeId,
        isSame: (f) => f.description === input.Description && f.basicName === input.BasicName,
        create: () => writes.savePlatformAccess(batch, actor, input),
        update: (f) =>
          writes.updatePlatformUserType(
            batch,
            actor,
            check(updatePlatformUserTypeInput, {
              platformUserTypeId: f.platformUserTypeId,
              description: input.Description,
              basicName: input.BasicName,
              assetId,
            }),
          ),
      });
    }
    case 'Client - Client Code': {
      const { agencyId, platformId, client } = await names.client(c);
      const input = check(saveClientInput, {
        Description: c.Client ?? '',
        PlatformId: platformId,
        AgencyId: agencyId,
        ClientCode: list(c['Client Codes'] ?? ''),
      });
      if (!client) {
        await writes.saveClient(batch, actor, input);
        return 'created';
      }
      const current = await q
        .selectFrom('clientCodes')
        .select(['clientCodeId', 'code', 'isDeleted'])
        .where('clientId', '=', client.clientId)
        .execute();
      const held = new Set(current.map((cc) => cc.code.toUpperCase()));
      const added = input.ClientCode.filter((code) => !held.has(code.toUpperCase()));
      if (added.length === 0 && client.description === input.Description) {
        return unchanged(batch, 'Client - Client Code', client.clientId);
      }
      await writes.updateClient(
        batch,
        actor,
        check(updateClientInput, {
          clientId: client.clientId,
          description: input.Description,
          clientCode: [
            ...current.map((cc) => ({
              clientCodeId: cc.clientCodeId,
              code: cc.code,
              isDeleted: cc.isDeleted === 1,
            })),
            ...added.map((code) => ({ code })),
          ],
        }),
      );
      return 'updated';
    }
    case 'Client Asset': {
      const { platformId, client } = await names.client(c);
      const clientId = need(client?.clientId, 'Client', c.Client ?? '');
      const assetId = await names.assetType(platformId, c['Asset Type'] ?? '');
      const input = check(saveClientAccountInput, {
        AssetId: assetId,
        Description: c['Client Asset'] ?? '',
        AssetReference: c['Asset ID'] ?? '',
        ClientId: clientId,
      });
      const found = await q
        .selectFrom('clientAccounts')
        .select(['clientAccountId', 'description', 'assetReference'])
        .where('clientId', '=', clientId)
        .where('assetId', '=', assetId)
        .where(sameText('description', input.Description))
        .orderBy('clientAccountId')
        .executeTakeFirst();
      return upsert(batch, 'Client Asset', found, {
        idOf: (f) => f.clientAccountId,
        isSame: (f) =>
          f.description === input.Description && (f.assetReference ?? null) === input.AssetReference,
        create: () => writes.saveClientAccount(batch, actor, input),
        update: (f) =>
          writes.updateClientAccount(
            batch,
            actor,
            check(updateClientAccountInput, {
              clientAccountId: f.clientAccountId,
              assetId,
              description: input.Description,
              assetReference: input.AssetReference,
            }),
          ),
      });
    }
  }
}

/**
 * A platform row: offered on the agency and practice (made first when new, as SavePlatform does);
 * on an existing offer, changed business access fields and asset types the platform lacks make
 * it 'updated' (as Modify Platform does).
 */
async function applyPlatform(
  batch: writes.WriteBatch,
  actor: Actor,
  r: SheetRow,
  names: Names,
): Promise<MasterDataUploadOutcome> {
  const q = batch.trx;
  const c = r.cells;
  const agencyId = await names.agency(c);
  const practiceName = c.Practice ?? '';
  const practice = need(await names.practiceOf(agencyId, practiceName), 'Practice', practiceName);
  const input = check(savePlatformInput, {
    Platform: {
      Description: c.Platform ?? '',
      PracticeId: practice.practiceId,
      AgencyId: agencyId,
      BusinessAccess: yesNo(c['Business Access'] ?? '', 'Business Access'),
      BussinesAccessName: c['Business Access Name'] ?? '',
      BussinesAccessId: c['Business Access ID'] ?? '',
    },
    Assets: list(c['Asset Types'] ?? '').map((description) => ({ description })),
  });
  const p = input.Platform;
  const platform = await q
    .selectFrom('platforms')
    .selectAll()
    .where(sameText('description', p.Description))
    .orderBy('platformId')
    .executeTakeFirst();
  const offer =
    platform &&
    (await q
      .selectFrom('platformAgencies')
      .select('platformAgencyId')
      .where('platformId', '=', platform.platformId)
      .where('agencyId', '=', agencyId)
      .where('practiceId', '=', practice.practiceId)
      .executeTakeFirst());
  if (!platform || !offer) {
    await writes.savePlatform(batch, actor, input);
    return 'created';
  }
  const assets = await q
    .selectFrom('assetTypes')
    .select('description')
    .where('platformId', '=', platform.platformId)
    .execute();
  const held = new Set(assets.map((a) => a.description.toLowerCase()));
  const added = input.Assets.filter((a) => !held.has(a.description.toLowerCase()));
  const same =
    platform.description === p.Description &&
    (platform.businessAccess === 1) === p.BusinessAccess &&
    (!p.BusinessAccess ||
      (platform.bussinesAccessName === p.BussinesAccessName &&
        platform.bussinesAccessId === p.BussinesAccessId));
  if (same && added.length === 0) {
    return unchanged(batch, 'Platform', offer.platformAgencyId);
  }
  await writes.updatePlatform(
    batch,
    actor,
    check(updatePlatformInput, {
      platformId: platform.platformId,
      description: p.Description,
      businessAccess: p.BusinessAccess,
      bussinesAccessName: p.BussinesAccessName,
      bussinesAccessId: p.BussinesAccessId,
      assets: added,
    }),
  );
  return 'updated';
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
 * (sheets in template order). Each row runs in a savepoint, so a refused one leaves no trace for
 * the rows after it; one refused row rolls the whole file back (`applied` false).
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
      const batch: writes.WriteBatch = { trx, scope: await writeScopeOf(trx, actor) };
      const names = new Names(trx);
      for (const { row, seq } of queue) {
        let outcome: MasterDataUploadOutcome;
        let message = '';
        await rowSavepoint(trx, 'begin');
        try {
          outcome = await applyRow(batch, actor, row, names);
        } catch (error) {
          const refusal = refusalMessage(error);
          if (refusal === null) {
            throw error;
          }
          outcome = 'refused';
          message = refusal;
          await rowSavepoint(trx, 'rollback');
        }
        if (outcome === 'refused' || outcome === 'updated') {
          names.forget();
        }
        await rowSavepoint(trx, 'release');
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

/** The template: one sheet per type in the order they are applied, row 1 the columns (* required). */
export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const type of masterDataUploadOrder) {
    const sheet = workbook.addWorksheet(type);
    const columns = masterDataUploadColumns[type];
    sheet.columns = columns.map((c) => ({
      header: c.required ? `${c.name}*` : c.name,
      width: Math.max(16, c.name.length + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    columns.forEach((c, i) => {
      if (c.note) {
        sheet.getRow(1).getCell(i + 1).note = c.note;
      }
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
