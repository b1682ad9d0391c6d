import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages, RequestStatus } from '@uap/domain';
import { buildPath, buildRequest, buildUser } from '../packages/server/test/factories.ts';
import { pdfText } from '../packages/server/test/pdf-text.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** Days far ahead, where no other journey makes lines. */
const FROM = '2033-07-14';
const TO = '2033-07-15';

describe('Audit Reports', () => {
  it('Sue sees the two cards, counts a date range, confirms and downloads one PDF with every line of it', async () => {
    const db = e2eDb();
    const subject = await buildUser(db, { name: 'Audrey', lastName: 'Audited' });
    const path = await buildPath(db, {});
    const lines = [];
    for (const createdDate of [
      '2033-07-14T08:00:00.000Z',
      '2033-07-14T09:30:00.000Z',
      '2033-07-15T23:59:00.000Z',
    ]) {
      lines.push(
        await buildRequest(db, { path, user: subject, statusId: RequestStatus.COMPLETED, createdDate }),
      );
    }

    const { context, page } = await signIn(browser(), 'Sue Super');
    try {
      await page.getByRole('link', { name: 'Audit Reports' }).first().click();
      await expect
        .poll(() =>
          page.getByRole('region', { name: 'Admin Resources' }).getByRole('link').getAttribute('href'),
        )
        .toMatch(/^https?:\/\//);
      await page
        .getByRole('region', { name: 'Tableau Reporting' })
        .getByRole('link', { name: 'Open Tableau Reporting' })
        .waitFor();

      // A range without lines: the spec's message, no dialog.
      await page.getByLabel('From').fill('2034-01-01');
      await page.getByLabel('To').fill('2034-01-02');
      await page.getByRole('button', { name: 'Download audit PDF' }).click();
      await page.getByRole('alert').filter({ hasText: messages.noRecordsInRange }).waitFor();

      await page.getByLabel('From').fill(FROM);
      await page.getByLabel('To').fill(TO);
      await page.getByRole('button', { name: 'Download audit PDF' }).click();
      const dialog = page.getByRole('dialog', { name: 'Audit PDF' });
      await dialog.getByText(messages.recordsInRange(3)).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Yes' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`audit-${FROM}-${TO}.pdf`);
      const pdf = fs.readFileSync(await download.path());
      const text = pdfText(pdf);
      for (const line of lines) {
        expect(text).toContain(String(line.requestId));
      }
      expect(text).toContain('Audrey Audited');
      await page.getByText(messages.auditDownloaded(3)).waitFor();

      await page.getByRole('link', { name: 'Open Tableau Reporting' }).click();
      await page.waitForURL(/\/Reports$/);
    } finally {
      await context.close();
    }
  });
});
