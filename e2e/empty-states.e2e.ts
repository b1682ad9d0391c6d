import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Role, messages } from '@uap/domain';
import { userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { demoEmails } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const wide = { width: 1440, height: 900 };

/** Whether the element lies wholly inside the window, left to right (a wide table scrolls sideways). */
async function isInView(page: Page, element: Locator): Promise<boolean> {
  await element.waitFor();
  const [box, viewport] = [await element.boundingBox(), page.viewportSize()];
  return box !== null && viewport !== null && box.x >= 0 && box.x + box.width <= viewport.width + 1;
}

describe('An empty table says so where the person is looking', () => {
  it('an approver with no tasks sees Nothing waiting inside the window at 1440 px', async () => {
    const db = e2eDb();
    // Sam, made an approver of nothing: no task is waiting for him.
    const sam = await userIdOf(db, demoEmails.sam);
    await db.updateTable('users').set({ roleId: Role.APPROVER }).where('userId', '=', sam).execute();
    const { context, page } = await signIn(browser(), 'Sam Standard', wide);
    try {
      await page.goto('/Approvals');
      const region = page.getByRole('region', { name: 'My Approval Tasks' });
      const empty = region.getByText(messages.nothingWaiting, { exact: true });
      expect(await isInView(page, empty)).toBe(true);
    } finally {
      await context.close();
      await db.updateTable('users').set({ roleId: Role.STANDARD }).where('userId', '=', sam).execute();
    }
  });

  it('a search that matches nothing shows why and Clear filters inside the window on every wide table', async () => {
    const visits: [string, string, string][] = [
      ['Sam Standard', '/MyRequests', 'My Requests'],
      ['Alex Approver', '/Approvals', 'My Approval Tasks'],
      ['Pat Provisioner', '/Provisioners', 'My Provisioning Tasks'],
      ['Sue Super', '/AllUserProfiles', 'All User Profiles'],
      ['Sue Super', '/AllRequest', 'All Requests'],
    ];
    for (const [name, route, title] of visits) {
      const { context, page } = await signIn(browser(), name, wide);
      try {
        await page.goto(`${route}?q=no-such-thing-anywhere`);
        const region = page.getByRole('region', { name: title });
        const empty = region.getByText(messages.noRowsMatchFilters, { exact: true });
        const clear = region.getByRole('button', { name: 'Clear filters', exact: true });
        expect(await isInView(page, empty), `${route}: the message`).toBe(true);
        expect(await isInView(page, clear), `${route}: Clear filters`).toBe(true);
        await clear.click();
        await empty.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });
});
