import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

describe('Request Tracker, activity log and role details', () => {
  it('(5) Ada follows a request from the tracker to its activity log and downloads the PDF', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      await page.getByRole('link', { name: 'Request Tracker' }).first().click();
      await page.getByRole('heading', { name: 'Request Tracker', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      const logLink = page.getByRole('link', { name: /^Activity log of request \d+$/ }).first();
      await logLink.waitFor();
      const name = (await logLink.getAttribute('aria-label')) ?? '';
      const requestId = Number(/\d+$/.exec(name)?.[0]);

      // The whole tracker as CSV: written by the server's read workers, as `npm start` runs it.
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toBe('request-tracker.csv');
      const csv = fs.readFileSync(await csvDownload.path(), 'utf8');
      const [header, ...csvLines] = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n');
      // The screen's columns, in its order (the age, a reading of the clock, left out).
      expect(header).toMatch(
        /^Request ID,Request Status,User Name,Platform,Client,Asset Name,Platform User Type,Created Date,Overdue,/,
      );
      expect(csvLines.map((line) => Number(line.split(',')[0]))).toContain(requestId);
      await logLink.click();
      await page.waitForURL(`**/Logs/${requestId}`);
      await page.getByRole('heading', { name: `Request #${requestId}` }).waitFor();
      for (const section of ['User Information', 'Platform Access Information', 'Created By']) {
        await page.getByRole('region', { name: section }).waitFor();
      }
      const history = page.getByRole('table', { name: 'History' });
      await history.getByRole('row').nth(1).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`activity-log-${requestId}.pdf`);
      const pdf = fs.readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain(`Activity log of request ${requestId}`);
    } finally {
      await context.close();
    }
  });

  it('shows Alex his approver assignments under My Role Details', async () => {
    const { context, page } = await signIn(browser(), 'Alex Approver');
    try {
      await page.goto('/MyApprovalPaths');
      const table = page.getByRole('table', { name: messages.approverRoleDetails });
      await table.waitFor();
      await table
        .getByRole('cell', { name: /alex\.approver@agency\.example/ })
        .first()
        .waitFor();
      expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });

  it('says once, on the page, that an activity log does not exist (no dialog repeating it)', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/Logs/2000000000');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      const said = (await alert.textContent())?.trim() ?? '';
      expect(said).not.toBe('');
      // The error dialog opens as soon as the answer arrives, if at all: give it that moment.
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByText(said, { exact: true }).count()).toBe(1);
      await page.goto('/Logs/not-a-number');
      await page.getByRole('alert').filter({ hasText: messages.recordNotFound }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("gives Sam 'Forbidden!' on the Request Tracker", async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.goto('/AllRequest');
      await page.getByRole('heading', { name: messages.forbidden }).waitFor();
    } finally {
      await context.close();
    }
  });
});
