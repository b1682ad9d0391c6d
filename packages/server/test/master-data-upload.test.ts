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
