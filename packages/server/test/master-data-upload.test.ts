import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, masterDataUploadLimits, type MasterDataUploadResult } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, uniqueTag, userIdOf, type BuiltPath } from './factories.ts';

/**
 * The master data spreadsheet: one sheet per type, rows checked with the dialog's
 * rules, all or nothing, zip bombs and other file types refused.
 */

let ctx: TestContext;
let admin = '';
let superAdmin = '';
/** A path inside Ada's admin rows, and one outside. */
let inside: BuiltPath;
let outside: BuiltPath;
let insideAssetType = '';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor(demo.admin);
  superAdmin = await ctx.tokenFor(demo.superAdmin);
  inside = await buildPath(ctx.db.kysely);
  outside = await buildPath(ctx.db.kysely);
  await buildAdminRegion(ctx.db.kysely, await userIdOf(ctx.db.kysely, demo.admin), inside);
  const asset = await ctx.db.kysely
    .selectFrom('assetTypes')
    .select('description')
    .where('assetId', '=', inside.assetId)
    .executeTakeFirstOrThrow();
  insideAssetType = asset.description;
});
afterAll(async () => {
  await ctx.close();
});

type Sheets = Record<string, string[][]>;

async function workbook(sheets: Sheets): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    rows.forEach((row) => sheet.addRow(row));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const BOUNDARY = '----uap-xlsx-test';
function multipart(fileName: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function upload(content: Buffer, fileName = 'master-data.xlsx', token = admin) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/MasterDataRequest/UploadMasterData',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipart(fileName, content),
  });
  const json = res.json<{ succeeded: boolean; message: string; data: MasterDataUploadResult | null }>();
  return { status: res.statusCode, ...json };
}

const insidePath = () => [inside.names.region, inside.names.market, inside.names.agency];

async function agencyNamed(marketId: number, name: string) {
  return ctx.db.kysely
    .selectFrom('agencies')
    .select('agencyId')
    .where('marketId', '=', marketId)
    .where('description', '=', name)
    .executeTakeFirst();
}

describe('UploadMasterData', () => {
  it('applies rows of several types parents first and answers each row', async () => {
    const tag = uniqueTag();
    const agency = `Agency ${tag}`;
    const file = await workbook({
      // Sheets out of order on purpose: agencies are applied before the clients that name them.
      'Client - Client Code': [
        ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
        [...insidePath(), inside.names.platform, `Client ${tag}`, `A${tag}, B${tag}`],
      ],
      Agency: [
        ['Region', 'Market', 'Agency'],
        [inside.names.region, inside.names.market, agency],
        [...insidePath()],
      ],
      Practice: [
        ['Region', 'Market', 'Agency', 'Practice'],
        [inside.names.region, inside.names.market, agency, inside.names.practice],
      ],
      Platform: [
        ['Region', 'Market', 'Agency', 'Practice', 'Platform'],
        [inside.names.region, inside.names.market, agency, inside.names.practice, inside.names.platform],
      ],
      'Client Asset': [
        ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Asset Type', 'Client Asset', 'Asset ID'],
        [
          ...insidePath(),
          inside.names.platform,
          `Client ${tag}`,
          insideAssetType,
          `Account ${tag}`,
          `ref-${tag}`,
        ],
      ],
    });
    const res = await upload(file);
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe(messages.masterDataUploadApplied({ created: 5, updated: 0, unchanged: 1 }));
    expect(res.data?.rows.map((r) => [r.sheet, r.row, r.outcome, r.message])).toEqual([
      ['Client - Client Code', 2, 'created', ''],
      ['Agency', 2, 'created', ''],
      ['Agency', 3, 'unchanged', ''],
      ['Practice', 2, 'created', ''],
      ['Platform', 2, 'created', ''],
      ['Client Asset', 2, 'created', ''],
    ]);
    expect(await agencyNamed(inside.marketId, agency)).toBeDefined();
  });

  it('one refused row changes nothing; every row says what it would have been', async () => {
    const tag = uniqueTag();
    const file = await workbook({
      Agency: [
        ['Region', 'Market', 'Agency'],
        [inside.names.region, inside.names.market, `Kept ${tag}`],
        [inside.names.region, inside.names.market, 'x'.repeat(101)],
        [inside.names.region, 'No such market', `Other ${tag}`],
      ],
    });
    const res = await upload(file);
    expect(res.status).toBe(422);
    expect(res.message).toBe(messages.masterDataUploadRolledBack(2));
    expect(res.data?.applied).toBe(false);
    expect(res.data?.rows.map((r) => [r.row, r.outcome, r.message])).toEqual([
      [2, 'created', ''],
      [3, 'refused', messages.textTooLong(100)],
      [4, 'refused', messages.masterDataUploadNotFound('Market', 'No such market')],
    ]);
    expect(await agencyNamed(inside.marketId, `Kept ${tag}`)).toBeUndefined();
    const logged = await ctx.db.kysely
      .selectFrom('masterDataLogs')
      .select('description')
      .where('description', 'like', `%Kept ${tag}%`)
      .execute();
    expect(logged).toEqual([]);
  });

  it('an existing item is unchanged, a changed field makes it updated', async () => {
    const tag = uniqueTag();
    const market = `Market ${tag}`;
    const first = await upload(
      await workbook({
        Market: [
          ['Region', 'Market', 'Code'],
          [inside.names.region, market, 'C1'],
        ],
      }),
    );
    expect(first.data?.rows[0]?.outcome).toBe('created');
    const again = await upload(
      await workbook({
        Market: [
          ['Region', 'Market', 'Code'],
          [inside.names.region, market, 'C1'],
        ],
      }),
    );
    expect(again.data).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 1, refused: 0 });
    const changed = await upload(
      await workbook({
        Market: [
          ['Region', 'Market', 'Code'],
          [inside.names.region, market, 'C2'],
        ],
      }),
    );
    expect(changed.data).toMatchObject({ updated: 1 });
    const row = await ctx.db.kysely
      .selectFrom('markets')
      .select('code')
      .where('description', '=', market)
      .executeTakeFirstOrThrow();
    expect(row.code).toBe('C2');
  });

  it('an admin is refused outside their region/market; a super admin is not', async () => {
    const tag = uniqueTag();
    const file = await workbook({
      Agency: [
        ['Region', 'Market', 'Agency'],
        [outside.names.region, outside.names.market, `Outside ${tag}`],
      ],
    });
    const refused = await upload(file);
    expect(refused.status).toBe(422);
    expect(refused.data?.rows[0]?.outcome).toBe('refused');
    expect(await agencyNamed(outside.marketId, `Outside ${tag}`)).toBeUndefined();
    const applied = await upload(file, 'master-data.xlsx', superAdmin);
    expect(applied.status).toBe(200);
    expect(await agencyNamed(outside.marketId, `Outside ${tag}`)).toBeDefined();
    // Unchanged, but still outside Ada's rows: refused.
    const again = await upload(file);
    expect(again.status).toBe(422);
    expect(again.data?.rows[0]).toMatchObject({ outcome: 'refused', message: messages.recordNotFound });
  });

  it('client codes follow the dialog: duplicates refused', async () => {
    const tag = uniqueTag();
    const file = await workbook({
      'Client - Client Code': [
        ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
        [...insidePath(), inside.names.platform, `Client ${tag}`, `D${tag}, d${tag}`],
      ],
    });
    const res = await upload(file);
    expect(res.status).toBe(422);
    expect(res.data?.rows[0]?.message).toBe(messages.clientCodeExists);
  });

  it('rows find the items rows above them made, in the same sheet and the sheets before', async () => {
    const tag = uniqueTag();
    const agency = `Chain Agency ${tag}`;
    const practice = `Chain Practice ${tag}`;
    const platform = `Chain Platform ${tag}`;
    const at = [inside.names.region, inside.names.market, agency];
    const res = await upload(
      await workbook({
        'Client Asset': [
          ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Asset Type', 'Client Asset', 'Asset ID'],
          [...at, platform, `Chain Client ${tag}`, `Account ${tag}`, `Chain Account ${tag}`, `ref-${tag}`],
        ],
        'Client - Client Code': [
          ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
          [...at, platform, `Chain Client ${tag}`, `K${tag}`],
          // The code the client above took in this file is taken.
          [...at, platform, `Other Client ${tag}`, `k${tag}`],
        ],
        'Platform User Type': [
          ['Platform', 'Asset Type', 'User Type', 'Normalized User Type'],
          [platform, `Account ${tag}`, `Admin ${tag}`, 'Admin'],
          [platform, `Seat ${tag}`, `Viewer ${tag}`, 'Read Only'],
        ],
        Platform: [
          ['Region', 'Market', 'Agency', 'Practice', 'Platform', 'Business Access', 'Asset Types'],
          [...at, practice, platform, 'No', `Account ${tag}, Seat ${tag}`],
          // The platform made by the row above, offered on a second agency and practice.
          [...insidePath(), inside.names.practice, platform, 'No', `Account ${tag}`],
        ],
        Practice: [
          ['Region', 'Market', 'Agency', 'Practice'],
          [...at, practice],
        ],
        Agency: [['Region', 'Market', 'Agency'], at],
      }),
    );
    expect(res.data?.rows.map((r) => [r.sheet, r.row, r.outcome, r.message])).toEqual([
      ['Client Asset', 2, 'created', ''],
      ['Client - Client Code', 2, 'created', ''],
      ['Client - Client Code', 3, 'refused', messages.clientCodeExists],
      ['Platform User Type', 2, 'created', ''],
      ['Platform User Type', 3, 'created', ''],
      ['Platform', 2, 'created', ''],
      ['Platform', 3, 'created', ''],
      ['Practice', 2, 'created', ''],
      ['Agency', 2, 'created', ''],
    ]);
    expect(res.status).toBe(422);
    expect(await agencyNamed(inside.marketId, agency)).toBeUndefined();

    // Without the refused row, the same file is applied.
    const ok = await upload(
      await workbook({
        Agency: [['Region', 'Market', 'Agency'], at],
        Practice: [
          ['Region', 'Market', 'Agency', 'Practice'],
          [...at, practice],
        ],
        Platform: [
          ['Region', 'Market', 'Agency', 'Practice', 'Platform', 'Business Access', 'Asset Types'],
          [...at, practice, platform, 'No', `Account ${tag}, Seat ${tag}`],
          [...insidePath(), inside.names.practice, platform, 'No', `Account ${tag}`],
        ],
        'Platform User Type': [
          ['Platform', 'Asset Type', 'User Type', 'Normalized User Type'],
          [platform, `Account ${tag}`, `Admin ${tag}`, 'Admin'],
          [platform, `Seat ${tag}`, `Viewer ${tag}`, 'Read Only'],
        ],
        'Client - Client Code': [
          ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
          [...at, platform, `Chain Client ${tag}`, `K${tag}`],
        ],
        'Client Asset': [
          ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Asset Type', 'Client Asset', 'Asset ID'],
          [...at, platform, `Chain Client ${tag}`, `Account ${tag}`, `Chain Account ${tag}`, `ref-${tag}`],
        ],
      }),
    );
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data).toMatchObject({ applied: true, created: 8, updated: 0, unchanged: 0, refused: 0 });

    const db = ctx.db.kysely;
    const made = await agencyNamed(inside.marketId, agency);
    const p = await db
      .selectFrom('platforms')
      .selectAll()
      .where('description', '=', platform)
      .executeTakeFirstOrThrow();
    const assets = await db
      .selectFrom('assetTypes')
      .select(['assetId', 'description', 'sortOrder'])
      .where('platformId', '=', p.platformId)
      .orderBy('sortOrder')
      .execute();
    expect(assets.map((a) => [a.description, a.sortOrder])).toEqual([
      [`Account ${tag}`, 1],
      [`Seat ${tag}`, 2],
    ]);
    const offers = await db
      .selectFrom('platformAgencies')
      .select(['platformAgencyId', 'agencyId'])
      .where('platformId', '=', p.platformId)
      .orderBy('platformAgencyId')
      .execute();
    expect(offers.map((o) => o.agencyId)).toEqual([made?.agencyId, inside.agencyId]);
    const userTypes = await db
      .selectFrom('platformUserTypes')
      .select(['description', 'assetId', 'sortOrder'])
      .where('platformId', '=', p.platformId)
      .orderBy('sortOrder')
      .execute();
    expect(userTypes).toEqual([
      { description: `Admin ${tag}`, assetId: assets[0]?.assetId, sortOrder: 1 },
      { description: `Viewer ${tag}`, assetId: assets[1]?.assetId, sortOrder: 2 },
    ]);
    const client = await db
      .selectFrom('clients')
      .selectAll()
      .where('description', '=', `Chain Client ${tag}`)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ agencyId: made?.agencyId, platformId: p.platformId });
    const account = await db
      .selectFrom('clientAccounts')
      .selectAll()
      .where('clientId', '=', client.clientId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ description: `Chain Account ${tag}`, assetId: assets[0]?.assetId });

    // One log row per new item, by Ada, each with the item as stored.
    const adaId = await userIdOf(db, demo.admin);
    const logs = await db
      .selectFrom('masterDataLogs')
      .select(['masterDataType', 'itemId', 'operation', 'operatedBy', 'before', 'after'])
      .where('description', 'like', `%${tag}%`)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.masterDataType, l.operation, l.operatedBy, l.before])).toEqual([
      ['Agency', 'Created', adaId, null],
      ['Practice', 'Created', adaId, null],
      ['Platform', 'Created', adaId, null],
      ['Platform', 'Created', adaId, null],
      ['Platform User Type', 'Created', adaId, null],
      ['Platform User Type', 'Created', adaId, null],
      ['Client - Client Code', 'Created', adaId, null],
      ['Client Asset', 'Created', adaId, null],
    ]);
    const after = (i: number) => JSON.parse(logs[i]?.after ?? 'null') as Record<string, unknown>;
    const agencyRow = await db
      .selectFrom('agencies')
      .selectAll()
      .where('agencyId', '=', made?.agencyId ?? 0)
      .execute();
    expect(logs[0]?.itemId).toBe(made?.agencyId);
    expect(after(0)).toEqual(JSON.parse(JSON.stringify(agencyRow[0])));
    expect(after(1)).toMatchObject({ agencyId: made?.agencyId, description: practice });
    expect(logs.slice(2, 4).map((l) => l.itemId)).toEqual(offers.map((o) => o.platformAgencyId));
    expect(
      (after(2).platform as { assets: { description: string }[] }).assets.map((a) => a.description),
    ).toEqual([`Account ${tag}`, `Seat ${tag}`]);
    expect(after(3)).toMatchObject({ agencyId: inside.agencyId, platform: { platformId: p.platformId } });
    expect(after(6)).toMatchObject({
      clientId: client.clientId,
      clientCodes: [{ code: `K${tag}`, isDeleted: 0 }],
    });
    expect(after(7)).toEqual(JSON.parse(JSON.stringify(account)));
  });

  it('a row repeated in the file: the first creates, an equal one is unchanged, a changed one updates', async () => {
    const tag = uniqueTag();
    const res = await upload(
      await workbook({
        Agency: [
          ['Region', 'Market', 'Agency'],
          [...insidePath().slice(0, 2), `Twice ${tag}`],
          [...insidePath().slice(0, 2), `Twice ${tag}`],
          [...insidePath().slice(0, 2), `TWICE ${tag}`],
        ],
        'Client - Client Code': [
          ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
          [...insidePath(), inside.names.platform, `Twice Client ${tag}`, `T1${tag}`],
          [...insidePath(), inside.names.platform, `Twice Client ${tag}`, `T1${tag}, T2${tag}`],
        ],
      }),
    );
    expect(res.status, res.message).toBe(200);
    expect(res.data?.rows.map((r) => [r.sheet, r.row, r.outcome])).toEqual([
      ['Agency', 2, 'created'],
      ['Agency', 3, 'unchanged'],
      ['Agency', 4, 'updated'],
      ['Client - Client Code', 2, 'created'],
      ['Client - Client Code', 3, 'updated'],
    ]);
    const agencies = await ctx.db.kysely
      .selectFrom('agencies')
      .select(['agencyId', 'description'])
      .where('marketId', '=', inside.marketId)
      .where('description', 'in', [`Twice ${tag}`, `TWICE ${tag}`])
      .execute();
    expect(agencies.map((a) => a.description)).toEqual([`TWICE ${tag}`]);
    const codes = await ctx.db.kysely
      .selectFrom('clientCodes as cc')
      .innerJoin('clients as c', 'c.clientId', 'cc.clientId')
      .select('cc.code')
      .where('c.description', '=', `Twice Client ${tag}`)
      .orderBy('cc.clientCodeId')
      .execute();
    expect(codes.map((c) => c.code)).toEqual([`T1${tag}`, `T2${tag}`]);
    const logs = await ctx.db.kysely
      .selectFrom('masterDataLogs')
      .select(['masterDataType', 'operation', 'itemId', 'before', 'after'])
      .where('description', 'like', `%${tag}%`)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.masterDataType, l.operation])).toEqual([
      ['Agency', 'Created'],
      ['Agency', 'Updated'],
      ['Client - Client Code', 'Created'],
      ['Client - Client Code', 'Updated'],
    ]);
    expect(JSON.parse(logs[1]?.before ?? '{}')).toMatchObject({ description: `Twice ${tag}` });
    expect(JSON.parse(logs[1]?.after ?? '{}')).toMatchObject({ description: `TWICE ${tag}` });
    expect(JSON.parse(logs[3]?.after ?? '{}')).toMatchObject({
      clientCodes: [{ code: `T1${tag}` }, { code: `T2${tag}` }],
    });
  });

  it('a refused row rolls back the new items of every sheet; rows naming a refused one are refused', async () => {
    const tag = uniqueTag();
    const agency = `Rolled ${tag}`;
    const at = [inside.names.region, inside.names.market, agency];
    const res = await upload(
      await workbook({
        Agency: [['Region', 'Market', 'Agency'], at, [...insidePath().slice(0, 2), 'y'.repeat(101)]],
        Practice: [
          ['Region', 'Market', 'Agency', 'Practice'],
          [...at, `Rolled Practice ${tag}`],
          [...insidePath().slice(0, 2), 'y'.repeat(101), `Rolled Practice ${tag}`],
        ],
      }),
    );
    expect(res.status).toBe(422);
    expect(res.data?.rows.map((r) => [r.sheet, r.row, r.outcome, r.message])).toEqual([
      ['Agency', 2, 'created', ''],
      ['Agency', 3, 'refused', messages.textTooLong(100)],
      ['Practice', 2, 'created', ''],
      ['Practice', 3, 'refused', messages.masterDataUploadNotFound('Agency', 'y'.repeat(101))],
    ]);
    expect(await agencyNamed(inside.marketId, agency)).toBeUndefined();
    const practices = await ctx.db.kysely
      .selectFrom('practices')
      .select('practiceId')
      .where('description', '=', `Rolled Practice ${tag}`)
      .execute();
    expect(practices).toEqual([]);
    const logged = await ctx.db.kysely
      .selectFrom('masterDataLogs')
      .select('id')
      .where('description', 'like', `%${tag}%`)
      .execute();
    expect(logged).toEqual([]);
  });

  it('refuses other file types, unknown sheets and missing columns', async () => {
    const csv = await upload(Buffer.from('Region\nX\n'), 'regions.csv');
    expect(csv).toMatchObject({ status: 400, message: messages.masterDataUploadXlsxOnly });
    const fake = await upload(Buffer.from('not a zip at all'), 'fake.xlsx');
    expect(fake).toMatchObject({ status: 400, message: messages.masterDataUploadNotWorkbook });
    const unknown = await upload(await workbook({ Notes: [['Region'], ['X']] }));
    expect(unknown).toMatchObject({ status: 400, message: messages.masterDataUploadUnknownSheet('Notes') });
    const missing = await upload(
      await workbook({
        Market: [
          ['Region', 'Market'],
          ['X', 'Y'],
        ],
      }),
    );
    expect(missing).toMatchObject({
      status: 400,
      message: messages.masterDataUploadMissingColumns('Market', ['Code']),
    });
  });

  it('refuses a zip bomb without unpacking it', async () => {
    // A workbook whose sheet is 110 MB of zeros: a few hundred kilobytes packed.
    const real = await workbook({ Region: [['Region'], ['X']] });
    const bomb = replaceEntry(real, 'xl/worksheets/sheet1.xml', Buffer.alloc(110 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(masterDataUploadLimits.maxMegabytes * 1024 * 1024);
    const res = await upload(bomb);
    expect(res).toMatchObject({
      status: 400,
      message: messages.masterDataUploadUnpackedTooLarge(masterDataUploadLimits.maxUnpackedMegabytes),
    });
  });

  it('serves the template: one sheet per type with its columns', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/MasterDataRequest/UploadMasterData/Template',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Region',
      'Account Ownership',
      'Market',
      'Agency',
      'Practice',
      'Platform',
      'Platform User Type',
      'Client - Client Code',
      'Client Asset',
    ]);
    expect(book.getWorksheet('Market')?.getRow(1).values).toEqual([undefined, 'Region*', 'Market*', 'Code*']);
  });
});

/** Rebuilds a zip (stored central directory, deflated entries) with one entry's content replaced. */
function replaceEntry(zip: Buffer, name: string, content: Buffer): Buffer {
  const entries: { name: string; data: Buffer }[] = [];
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const local = zip.readUInt32LE(at + 42);
    const compressed = zip.readUInt32LE(at + 20);
    const method = zip.readUInt16LE(at + 10);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = entryName === name ? content : method === 8 ? zlib.inflateRawSync(raw) : raw;
    entries.push({ name: entryName, data });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = zlib.deflateRawSync(e.data);
    const nameBytes = Buffer.from(e.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(e.data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(entries.length, 8);
  tail.writeUInt16LE(entries.length, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}
