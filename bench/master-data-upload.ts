/**
 * The master data spreadsheet: a 5,000-row workbook (`BENCH_ROWS`) processed by
 * POST api/MasterDataRequest/UploadMasterData through the whole app (app.inject: multipart, the
 * zip check, the streaming reader, every row through the dialog's rules in one transaction, the
 * per-row result) as Sue Super on the large seed, then the same file again (every row
 * unchanged). The workbook is a chain under one seed market, a fifth of the rows per sheet:
 * agencies, the practice on each, an existing platform offered on each, a client with a code on
 * each, and a client asset of each client. Prints the time, the statements the request ran (per
 * row), the outcome counts and the load average.
 *
 *   npx tsx bench/master-data-upload.ts [DATABASE_URL ...]
 *
 * It migrates the database and writes master data, so run it on a copy (default
 * `sqlite:/tmp/uap-large-xlsx.db`, e.g. `cp /tmp/uap-large-0018.db /tmp/uap-large-xlsx.db`).
 * Target: < 10 s with its per-row result.
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import type { MasterDataUploadResult } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { withDirectoryId } from './signed-in-server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const urls = process.argv.slice(2);
const targets = urls.length ? urls : ['sqlite:/tmp/uap-large-xlsx.db'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const BOUNDARY = '----uap-bench-xlsx';

for (const url of targets) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3995',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  let statements = 0;
  const db = openDb(url, {
    log: (event) => {
      if (event.level === 'query') {
        statements += 1;
      }
    },
  });
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    // A seed path whose platform has an asset type that needs no system record.
    const path = await db.kysely
      .selectFrom('platformAgencies as pa')
      .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
      .innerJoin('markets as m', 'm.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'm.regionId')
      .innerJoin('practices as p', 'p.practiceId', 'pa.practiceId')
      .innerJoin('platforms as pl', 'pl.platformId', 'pa.platformId')
      .innerJoin('assetTypes as at', 'at.platformId', 'pl.platformId')
      .select([
        'r.description as region',
        'm.description as market',
        'p.description as practice',
        'pl.description as platform',
        'at.description as assetType',
      ])
      .where('at.isDeleted', '=', 0)
      .orderBy('pa.platformAgencyId')
      .executeTakeFirstOrThrow();
    const tag = Date.now().toString(36);
    const per = Math.ceil(ROWS / 5);
    const agency = (i: number) => `Bench Agency ${tag} ${i}`;
    const client = (i: number) => `Bench Client ${tag} ${i}`;
    const at = (i: number) => [path.region, path.market, agency(i)];
    const book = new ExcelJS.Workbook();
    const sheet = (name: string, header: string[], row: (i: number) => string[]) => {
      const s = book.addWorksheet(name);
      s.addRow(header);
      for (let i = 0; i < per; i++) {
        s.addRow(row(i));
      }
    };
    sheet('Agency', ['Region', 'Market', 'Agency'], at);
    sheet('Practice', ['Region', 'Market', 'Agency', 'Practice'], (i) => [...at(i), path.practice]);
    sheet('Platform', ['Region', 'Market', 'Agency', 'Practice', 'Platform'], (i) => [
      ...at(i),
      path.practice,
      path.platform,
    ]);
    sheet(
      'Client - Client Code',
      ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Client Codes'],
      (i) => [...at(i), path.platform, client(i), `BC${i}`],
    );
    sheet(
      'Client Asset',
      ['Region', 'Market', 'Agency', 'Platform', 'Client', 'Asset Type', 'Client Asset', 'Asset ID'],
      (i) => [...at(i), path.platform, client(i), path.assetType, `Bench Account ${i}`, `ref-${i}`],
    );
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const token = await mintAccessToken(
      config,
      app.signingMaterial!,
      await withDirectoryId(db, { mail: 'sue.super@agency.example', displayName: 'Sue Super' }),
    );
    console.log(
      `${url} (migrations applied: ${applied.length}; ${per * 5} rows, ${(file.length / 1024).toFixed(0)} KB; load ${load()})`,
    );
    for (const run of ['first upload', 'same file again']) {
      statements = 0;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/MasterDataRequest/UploadMasterData',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload,
      });
      const ms = performance.now() - started;
      const ran = statements;
      const body = res.json<{ message: string; data: MasterDataUploadResult }>();
      const r = body.data;
      console.log(
        `  ${run}: ${res.statusCode} in ${(ms / 1000).toFixed(2)} s, ${ran} statements ` +
          `(${(ran / r.rows.length).toFixed(2)} a row) — ${r.rows.length} row results: ` +
          `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.refused} refused ` +
          `(load ${load()})`,
      );
      if (res.statusCode !== 200) {
        console.log(`  ${body.message}: ${JSON.stringify(r.rows.find((x) => x.outcome === 'refused'))}`);
      }
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
