import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages, RequestStatus } from '@uap/domain';
import { buildPath, buildRequest, buildUser } from '../packages/server/test/factories.ts';
import { checkExport } from '../packages/server/src/modules/audit/verify-export.ts';
import { launchedForFile, signIn } from './browser.ts';
import { runJobFromJobsPage } from './jobs-page.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('The audit chain', () => {
  it("Sue verifies the history from the Jobs page, sees a request's history verified, and checks an export with the key", async () => {
    const db = e2eDb();
    const subject = await buildUser(db, { name: 'Vera', lastName: 'Verified' });
    const line = await buildRequest(db, {
      path: await buildPath(db, {}),
      user: subject,
      statusId: RequestStatus.COMPLETED,
    });

    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      // Before any verification the log says so.
      await page.goto(`/Logs/${line.requestId}`);
      await page.getByRole('heading', { name: `Request #${line.requestId}` }).waitFor();
      await page.getByText(messages.historyNotVerified).waitFor();

      await runJobFromJobsPage(page, 'UAP Audit Chain Verification');
      await page.getByText('UAP Audit Chain Verification completed.').waitFor();

      await page.goto(`/Logs/${line.requestId}`);
      await page.getByText(/^History verified /).waitFor();

      // The key from Audit Reports verifies the tracker's CSV as the browser saved it.
      await page.getByRole('link', { name: 'Audit Reports' }).first().click();
      const section = page.getByRole('region', { name: messages.exportKeyTitle });
      await section.getByText(/npm run verify-export/).waitFor();
      const [keyDownload] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: messages.exportKeyDownload }).click(),
      ]);
      expect(keyDownload.suggestedFilename()).toBe('uap-export-key.pem');
      const pem = fs.readFileSync(await keyDownload.path(), 'utf8');
      expect(pem).toContain('BEGIN PUBLIC KEY');

      await page.getByRole('link', { name: 'Request Tracker' }).first().click();
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = fs.readFileSync(await csvDownload.path());
      const checked = await checkExport(csv, pem, db);
      expect(checked.lines.at(-1)).toMatch(/^chain: entry \d+ is still in the chain with the same link$/);
      expect(checked.ok).toBe(true);
      const altered = await checkExport(Buffer.from(csv.toString().replace('Vera', 'Vero')), pem, null);
      expect(altered.ok).toBe(false);
    } finally {
      await context.close();
    }
  });
});
