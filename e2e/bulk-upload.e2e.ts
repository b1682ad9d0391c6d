import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildPath, buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('Bulk Upload', () => {
  it('Sue uploads master approvers: the progress shows, the results list each row, and the refused one exports', async () => {
    const db = e2eDb();
    const p = await buildPath(db, {});
    const person = await buildUser(db, { name: 'Bulky', lastName: 'Master' });
    const file = [
      'Region *,Market *,Agency *,Practice *,Master Approver Email *',
      [p.names.region, p.names.market, p.names.agency, p.names.practice, person.email].join(','),
      [p.names.region, p.names.market, p.names.agency, 'No Such Practice', person.email].join(','),
    ].join('\r\n');

    const { context, page } = await signIn(browser(), 'Sue Super');
    try {
      await page.getByRole('link', { name: 'Bulk Upload' }).first().click();
      await page.getByRole('combobox', { name: 'Upload type' }).click();
      await page.getByRole('option', { name: 'Master Approvers' }).click();
      await expectReason(
        page,
        page.getByRole('button', { name: 'Upload', exact: true }),
        messages.bulkChooseFile,
      );

      // Only .csv files are taken.
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'rows.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
      await page.getByRole('alert').filter({ hasText: messages.bulkCsvOnly }).waitFor();

      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'masters.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /finished: 2 rows processed, 1 created\./ })
        .waitFor();
      await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();

      const code = await page.getByRole('textbox', { name: 'Upload ID' }).inputValue();
      expect(code).toMatch(/^MA-/);
      const table = page.getByRole('table', { name: /Upload Results/ });
      // The results read as a person would name them, not as the API's fields.
      await table.getByRole('columnheader', { name: /^Details/ }).waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers.slice(-4).map((h) => h.trim().split(/\s/)[0])).toEqual([
        'Row',
        'Upload',
        'Result',
        'Details',
      ]);
      expect(headers.join(' ')).not.toMatch(/bulk_|fileName/);
      await table
        .getByRole('cell', { name: messages.bulkRowUnknown('Practice', 'No Such Practice') })
        .waitFor();
      await table.getByRole('cell', { name: /^Master approver #\d+ created\.$/ }).waitFor();
      const made = await db
        .selectFrom('masterApprovers')
        .select('userId')
        .where('practiceId', '=', p.practiceId)
        .execute();
      expect(made).toEqual([{ userId: person.userId }]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export refused rows' }).click(),
      ]);
      const refused = fs
        .readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(refused).toHaveLength(2);
      expect(refused[1]).toContain('No Such Practice');
      expect(refused[1]).toContain(',3,');
    } finally {
      await context.close();
    }
  });
});
