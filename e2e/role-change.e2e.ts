import { describe, expect, it } from 'vitest';
import { Role, messages } from '@uap/domain';
import { buildAdminRegion, buildPath, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { demoEmails } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** How long the web app counts the signed-in user as fresh (src/api/user.ts), and a little. */
const userStaleMs = 10_500;

describe('A role change reaches the screen without a reload', () => {
  it(
    'Sam is appointed administrator: his next click shows the admin menus; demoted, a refused call takes them away',
    { timeout: 120_000 },
    async () => {
      const db = e2eDb();
      const sam = await userIdOf(db, demoEmails.sam);
      const path = await buildPath(db);
      const { context, page } = await signIn(browser(), 'Sam Standard');
      try {
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        await menu.getByRole('link', { name: 'My Requests' }).waitFor();
        expect(await menu.getByRole('link', { name: 'Database Manager' }).count()).toBe(0);
        // Marks this page load: a reload would lose it.
        await page.evaluate(() => {
          document.body.dataset.sameLoad = 'yes';
        });

        // A super administrator appoints Sam (the Administrators screen's write).
        await buildAdminRegion(db, sam, path);
        await db.updateTable('users').set({ roleId: Role.ADMIN }).where('userId', '=', sam).execute();
        // The answer of the sign-in is fresh for a few seconds; a click after that checks again.
        await page.waitForTimeout(userStaleMs);
        await menu.getByRole('link', { name: 'My Requests' }).click();
        await menu.getByRole('link', { name: 'Database Manager' }).waitFor();
        await page.getByText(messages.roleChanged('Administrator'), { exact: true }).waitFor();

        await menu.getByRole('link', { name: 'Database Manager' }).click();
        await page.getByRole('table', { name: 'Database Manager' }).waitFor();
        // Demoted while on the screen: the next call is refused, and the menus follow at once.
        await db.deleteFrom('adminRegions').where('userId', '=', sam).execute();
        await db.updateTable('users').set({ roleId: Role.STANDARD }).where('userId', '=', sam).execute();
        await page.getByRole('combobox', { name: 'Data type', exact: true }).click();
        await page.getByRole('option', { name: 'Market', exact: true }).click();
        await page.getByText(messages.roleChanged('Standard User'), { exact: true }).waitFor();
        await menu.getByRole('link', { name: 'Database Manager' }).waitFor({ state: 'detached' });
        await menu.getByRole('link', { name: 'My Requests' }).waitFor();

        expect(await page.evaluate(() => document.body.dataset.sameLoad)).toBe('yes');
      } finally {
        await context.close();
      }
    },
  );
});
