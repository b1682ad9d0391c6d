import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('Status of Users', () => {
  it('Ada acknowledges a directory change, then reopens it: the row waits for acknowledgement again', async () => {
    const db = e2eDb();
    const changed = await buildUser(db, { name: 'Rhea' });
    const report = await db
      .insertInto('userStatusReports')
      .values({
        userId: changed.userId,
        roleName: 'Standard User',
        changeDescription: 'Directory details changed',
        agency: 'Agency One',
        operationDate: new Date().toISOString(),
        isDeleted: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stored = async () =>
      (
        await db
          .selectFrom('userStatusReports')
          .select('isDeleted')
          .where('id', '=', report.id)
          .executeTakeFirstOrThrow()
      ).isDeleted;

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/AllUserProfiles');
      await page.getByRole('button', { name: 'User Status Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Status of Users' });
      // The search is answered by the server, which pages the report.
      await dialog.getByRole('textbox', { name: 'Search' }).fill(changed.lastName);
      const table = dialog.getByRole('table', { name: 'Status of Users' });
      const row = table.getByRole('row', { name: new RegExp(changed.lastName) });
      await row.getByRole('cell', { name: 'Directory details changed' }).waitFor();
      await expectReason(
        page,
        dialog.getByRole('button', { name: 'Acknowledge Selected Profiles' }),
        messages.acknowledgeSelectFirst,
      );

      await row.getByRole('button', { name: `Acknowledge Rhea ${changed.lastName}` }).click();
      await page.getByText(messages.acknowledged).waitFor();
      const reopen = row.getByRole('button', { name: `Reopen Rhea ${changed.lastName}` });
      await reopen.waitFor();
      expect(await stored()).toBe(1);

      await reopen.click();
      await page.getByText(messages.reopened).waitFor();
      await row.getByRole('button', { name: `Acknowledge Rhea ${changed.lastName}` }).waitFor();
      expect(await stored()).toBe(0);
      // Open again, the row can be ticked for 'Acknowledge Selected Profiles'.
      expect(await row.getByRole('checkbox').isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
