import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildUser } from '../packages/server/test/factories.ts';
import { axeFindings } from './axe.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('the user-details popup', () => {
  it('Ada opens it from Merge, finds a person, reads their details and takes their UAP Id', async () => {
    const db = e2eDb();
    const parent = await buildUser(db, { name: 'Petra' });
    const child = await buildUser(db, { name: 'Petra' });
    await db
      .updateTable('users')
      .set({ title: 'Trading Lead', department: 'Programmatic' })
      .where('userId', '=', parent.userId)
      .execute();
    const platformLogin = `petra.${parent.userId}@partner.example`;
    const oldLogin = `petra.old.${parent.userId}@partner.example`;
    await db
      .insertInto('userAdditionalEmails')
      .values([
        { userId: parent.userId, email: platformLogin, isDeleted: 0 },
        { userId: parent.userId, email: oldLogin, isDeleted: 1 },
      ])
      .execute();

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/AllUserProfiles');
      const table = page.getByRole('table', { name: 'All User Profiles' });
      await page.getByRole('textbox', { name: 'Search' }).fill(child.email);
      await table.getByRole('cell', { name: child.email, exact: true }).waitFor();
      await table.getByRole('button', { name: `Merge Petra ${child.lastName}` }).click();
      const merge = page.getByRole('dialog', { name: `Merge Profile — UAP Id ${child.userId}` });
      await merge.getByRole('button', { name: 'Browse user details' }).click();

      const popup = page.getByRole('dialog', { name: 'User Details' });
      await popup.getByRole('textbox', { name: 'Search by name, email or UAP Id' }).fill(parent.lastName);
      const users = popup.getByRole('list', { name: 'Users' });
      await users.getByRole('button', { name: new RegExp(`UAP Id ${parent.userId}`) }).click();

      const details = popup.getByRole('region', { name: `Details of Petra ${parent.lastName}` });
      await details.getByText(parent.email, { exact: true }).waitFor();
      expect(await details.textContent()).toContain('Trading Lead');
      expect(await details.textContent()).toContain('Programmatic');
      expect(await details.textContent()).toContain('Standard User');
      // Its additional emails come from GET api/User/GetAllAdditionalEmails.
      const extra = details.getByRole('list', { name: 'Additional Emails' });
      await extra.getByText(platformLogin, { exact: true }).waitFor();
      await extra.getByText(`${oldLogin} (deactivated)`, { exact: true }).waitFor();

      expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);

      // The profile being merged is listed too, but cannot be taken, and the button says why.
      const search = popup.getByRole('textbox', { name: 'Search by name, email or UAP Id' });
      await search.fill(String(child.userId));
      await users.getByRole('button', { name: new RegExp(`UAP Id ${child.userId}`) }).click();
      const useSelf = popup.getByRole('button', { name: `Use UAP Id ${child.userId}` });
      expect(await useSelf.isDisabled()).toBe(true);
      expect(await useSelf.getAttribute('aria-describedby')).not.toBeNull();
      await popup.getByText(messages.mergeIntoSelf).waitFor({ state: 'attached' });

      await search.fill(parent.lastName);
      await users.getByRole('button', { name: new RegExp(`UAP Id ${parent.userId}`) }).click();
      await popup.getByRole('button', { name: `Use UAP Id ${parent.userId}` }).click();
      await popup.waitFor({ state: 'detached' });
      expect(await merge.getByRole('textbox', { name: 'Merge into UAP Id' }).inputValue()).toBe(
        String(parent.userId),
      );
    } finally {
      await context.close();
    }
  });
});
