import ExcelJS from 'exceljs';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildAdminRegion, buildPath, uniqueTag, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Master data spreadsheet upload', () => {
  it('Ada processes a workbook: each row’s result shows and the new items are in the Database Manager', async () => {
    const db = e2eDb();
    const tag = uniqueTag();
    const p = await buildPath(db, {});
    await buildAdminRegion(db, await userIdOf(db, 'ada.admin@agency.example'), p);
    const agencies = [`Upload Agency ${tag}`, `Upload Agency 2 ${tag}`];
    const book = new ExcelJS.Workbook();
    const agencySheet = book.addWorksheet('Agency');
    agencySheet.addRow(['Region', 'Market', 'Agency']);
    for (const agency of agencies) {
      agencySheet.addRow([p.names.region, p.names.market, agency]);
    }
    agencySheet.addRow([p.names.region, p.names.market, p.names.agency]);
    const practiceSheet = book.addWorksheet('Practice');
    practiceSheet.addRow(['Region', 'Market', 'Agency', 'Practice']);
    practiceSheet.addRow([p.names.region, p.names.market, agencies[0], p.names.practice]);
    const workbook = Buffer.from(await book.xlsx.writeBuffer());

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/MasterData');
      const chooser = page.getByLabel('Master data workbook');
      // Only .xlsx files are taken.
      await chooser.setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
      await page.getByRole('alert').filter({ hasText: messages.masterDataUploadXlsxOnly }).waitFor();

      await chooser.setInputFiles({
        name: 'agencies.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: workbook,
      });
      await page.getByRole('button', { name: 'Process file' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: messages.masterDataUploadApplied({ created: 3, updated: 0, unchanged: 1 }) })
        .waitFor();
      const results = page.getByRole('table', { name: /Upload results/ });
      await results.getByRole('row', { name: new RegExp(`${agencies[1]}.*Created`) }).waitFor();
      await results.getByRole('row', { name: new RegExp(`${p.names.agency}.*Unchanged`) }).waitFor();

      await choose(page, 'Data type', 'Agency');
      await choose(page, 'Region', p.names.region);
      await choose(page, 'Market', p.names.market);
      const table = page.getByRole('table', { name: 'Database Manager' });
      for (const agency of agencies) {
        await table.getByRole('cell', { name: agency, exact: true }).waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
