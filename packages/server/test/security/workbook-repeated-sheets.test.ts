import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterDataTypes, masterDataUploadLimits, messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from '../harness.ts';
import { uniqueTag } from '../factories.ts';

/**
 * Issue 43, item 6: a 2 MB workbook listing one sheet of 400,000 empty rows 50 times kept the
 * server busy for minutes, and `/api/health` went unanswered meanwhile. A sheet listed twice, more
 * sheets than types, and rows past the limit (empty ones too) are refused before they are parsed
 * again, and the parse runs off the request thread, so other calls are answered throughout.
 */

let ctx: TestContext;
let admin = '';
/**
 * The slowest health answer allowed while an upload is read: well under what the old code took
 * (the whole read, 4–10 s for the long workbook), with room for a loaded 2-core test machine.
 */
const HEALTH_MS = 2500;

/** `/api/health` over a real connection: its answer waits for the event loop, as a user's does. */
let healthUrl = '';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor(demo.admin);
  healthUrl = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/api/health`;
  // The first upload starts the reader's worker: started here, the timings below are the reads'.
  const empty = await upload(
    workbook([{ name: 'Region', file: 'sheet1.xml' }], { 'sheet1.xml': sheetXml([]) }),
  );
  expect(empty.json<{ message: string }>().message).toBe(messages.masterDataUploadNoRows);
});
afterAll(async () => {
  await ctx.close();
});

/** A zip of deflated entries, as an .xlsx is. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(centrals.length / 2, 8);
  tail.writeUInt16LE(centrals.length / 2, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A worksheet's XML from its rows' XML. */
const sheetXml = (rows: string[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  rows.join('') +
  '</sheetData></worksheet>';

/** Rows of a Region sheet: the header, then one region per name. */
const regionRows = (names: string[]) => [
  `<row r="1">${cell('A1', 'Region')}</row>`,
  ...names.map((name, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, name)}</row>`),
];

/**
 * A workbook whose `xl/workbook.xml` lists `listed` (each a sheet name and the worksheet file it
 * points at), with the worksheet files given.
 */
function workbook(listed: { name: string; file: string }[], files: Record<string, string>): Buffer {
  const ids = new Map(Object.keys(files).map((file, i) => [file, `rId${i + 1}`]));
  const sheets = listed
    .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="${ids.get(s.file)}"/>`)
    .join('');
  const rels = [...ids]
    .map(
      ([file, id]) =>
        `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/${file}"/>`,
    )
    .join('');
  return zip({
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets>${sheets}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ...Object.fromEntries(Object.entries(files).map(([file, xml]) => [`xl/worksheets/${file}`, xml])),
  });
}

/** One Region sheet of a header and `empty` empty rows, listed `times` times. */
function emptyRowsListed(empty: number, times: number): Buffer {
  const rows = [`<row r="1">${cell('A1', 'Region')}</row>`];
  for (let r = 2; r <= empty + 1; r += 1) {
    rows.push(`<row r="${r}"/>`);
  }
  return workbook(
    Array.from({ length: times }, () => ({ name: 'Region', file: 'sheet1.xml' })),
    { 'sheet1.xml': sheetXml(rows) },
  );
}

/** A column's letters (0 is A). */
function column(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

const BOUNDARY = '----uap-hostile-xlsx';

function upload(content: Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/MasterDataRequest/UploadMasterData',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="master-data.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads `content` and, until its answer comes, calls `/api/health` again and again: the
 * upload's status and message, how long it took, and how long the slowest health call waited.
 */
async function uploadBesideHealth(content: Buffer) {
  const started = performance.now();
  let answered = false;
  const answer = upload(content).finally(() => {
    answered = true;
  });
  let slowestHealth = 0;
  do {
    const asked = performance.now();
    const health = await fetch(healthUrl);
    slowestHealth = Math.max(slowestHealth, performance.now() - asked);
    expect(health.status).toBe(200);
    await sleep(20);
  } while (!answered);
  const res = await answer;
  const { message } = res.json<{ message: string }>();
  return { status: res.statusCode, message, took: performance.now() - started, slowestHealth };
}

describe('a hostile master data workbook', () => {
  it('one sheet listed many times is refused at once, and health is answered meanwhile', async () => {
    // The issue's workbook, smaller: 50 listings of one sheet of 100,000 empty rows.
    const file = emptyRowsListed(100_000, 50);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadBesideHealth(file);
    expect(res).toMatchObject({
      status: 400,
      message: messages.masterDataUploadTooManySheets(masterDataTypes.length),
    });
    expect(res.took).toBeLessThan(5000);
    expect(res.slowestHealth).toBeLessThan(HEALTH_MS);
    // Listed as often as there are types: no more sheets than allowed, but one listed again.
    const again = await uploadBesideHealth(emptyRowsListed(100_000, masterDataTypes.length));
    expect(again).toMatchObject({ status: 400, message: messages.masterDataUploadRepeatedSheet('Region') });
    expect(again.took).toBeLessThan(5000);
    expect(again.slowestHealth).toBeLessThan(HEALTH_MS);
  }, 120_000);

  it('a sheet name listed twice, or one sheet under two names, is refused', async () => {
    const tag = uniqueTag();
    const twice = await upload(
      workbook(
        [
          { name: 'Region', file: 'sheet1.xml' },
          { name: 'Region', file: 'sheet2.xml' },
        ],
        {
          'sheet1.xml': sheetXml(regionRows([`Twice A ${tag}`])),
          'sheet2.xml': sheetXml(regionRows([`Twice B ${tag}`])),
        },
      ),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(messages.masterDataUploadRepeatedSheet('Region'));

    const twoNames = await upload(
      workbook(
        [
          { name: 'Region', file: 'sheet1.xml' },
          { name: 'Market', file: 'sheet1.xml' },
        ],
        { 'sheet1.xml': sheetXml(regionRows([`Two names ${tag}`])) },
      ),
    );
    expect(twoNames.statusCode).toBe(400);
    expect(twoNames.json<{ message: string }>().message).toBe(
      messages.masterDataUploadRepeatedSheet('Market'),
    );
    const written = await ctx.db.kysely
      .selectFrom('regions')
      .select('description')
      .where('description', 'like', `%${tag}`)
      .execute();
    expect(written).toEqual([]);
  });

  it('more sheets than there are types is refused before any is read', async () => {
    const files: Record<string, string> = {};
    const listed = [...masterDataTypes, 'Notes'].map((name, i) => {
      files[`sheet${i + 1}.xml`] = sheetXml([]);
      return { name, file: `sheet${i + 1}.xml` };
    });
    const res = await upload(workbook(listed, files));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      messages.masterDataUploadTooManySheets(masterDataTypes.length),
    );
  });

  it('empty rows count against the row limit', async () => {
    const res = await upload(emptyRowsListed(masterDataUploadLimits.maxRows + 1, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      messages.masterDataUploadTooManyRows(masterDataUploadLimits.maxRows),
    );
  });

  it('a long workbook is read off the request thread: health is answered while it is read', async () => {
    // Rows up to the limit and one more, each of 100 cells (the columns past the first are
    // ignored): read to the end, then refused for its rows; the read takes seconds.
    const letters = Array.from({ length: 100 }, (_, c) => column(c));
    const rows = [`<row r="1">${cell('A1', 'Region')}</row>`];
    for (let r = 2; r <= masterDataUploadLimits.maxRows + 2; r += 1) {
      const cells = [cell(`A${r}`, `R${r}`)];
      for (let c = 1; c < letters.length; c += 1) {
        cells.push(`<c r="${letters[c]}${r}"><v>${c}</v></c>`);
      }
      rows.push(`<row r="${r}">${cells.join('')}</row>`);
    }
    const file = workbook([{ name: 'Region', file: 'sheet1.xml' }], { 'sheet1.xml': sheetXml(rows) });
    expect(file.length).toBeLessThan(masterDataUploadLimits.maxMegabytes * 1024 * 1024);
    const res = await uploadBesideHealth(file);
    expect(res).toMatchObject({
      status: 400,
      message: messages.masterDataUploadTooManyRows(masterDataUploadLimits.maxRows),
    });
    expect(res.slowestHealth).toBeLessThan(HEALTH_MS);
  }, 120_000);
});
