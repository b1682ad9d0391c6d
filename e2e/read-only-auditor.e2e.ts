import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildPath, buildRecord, buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('The auditor is not offered writes', () => {
  it('Avery reads Bulk Upload without an Upload button, and Leavers without Add comment', async () => {
    const db = e2eDb();
    const path = await buildPath(db);
    const leaver = await buildUser(db, { active: false });
    const record = await buildRecord(db, { path, user: { userId: leaver.userId, email: leaver.email } });

    const { context, page } = await signIn(browser(), 'Avery Auditor');
    try {
      await page.getByRole('link', { name: 'Bulk Upload' }).first().click();
      await page.getByRole('button', { name: 'Download template' }).waitFor();
      await page.getByText(messages.auditorsReadOnly, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
      expect(await page.getByText('Choose .csv file').count()).toBe(0);

      await page.getByRole('link', { name: 'Leavers User Records' }).first().click();
      const region = page.getByRole('region', { name: 'Leavers User Records' });
      await region.getByLabel('Search').fill(leaver.email);
      await region.getByText(`Search: ${leaver.email}`, { exact: true }).waitFor();
      const table = page.getByRole('table', { name: 'Leavers User Records' });
      await table.getByRole('cell', { name: String(record.requestId), exact: true }).waitFor();
      expect(await table.getByText('Add comment').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
