import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser.ts';
import { samLine } from './data.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const poll = { timeout: 10_000 };

/** Opens a screen through the sidebar, as a person would. */
async function openFromSidebar(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: link, exact: true })
    .click();
}

/** Finds a row by its id through the search box and ticks it. */
async function searchAndTick(page: Page, table: string, id: number) {
  await page.getByRole('region', { name: table }).getByLabel('Search').fill(String(id));
  await page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
}

describe('Tables (issue 14)', () => {
  it('(§1.1) record actions stay available after going Home and back through the sidebar', async () => {
    const { id } = await samLine({ days: [-30, 60] });
    const screens = [
      ['Sam Standard', 'Modify an Existing Access', 'My Records'],
      ['Sue Super', 'Request Tracker', 'All Requests'],
    ] as const;
    for (const [user, link, table] of screens) {
      const { context, page } = await signIn(browser, user, { width: 1600 });
      try {
        for (let visit = 0; visit < 2; visit += 1) {
          await openFromSidebar(page, link);
          await searchAndTick(page, table, id);
          for (const name of ['Modify', 'Reassign Email', 'Deactivate']) {
            await expect
              .poll(() => page.getByRole('button', { name, exact: true }).isEnabled(), poll)
              .toBe(true);
          }
          await openFromSidebar(page, 'Home');
          await page.getByText(/Welcome to the User Access Portal/).waitFor();
        }
      } finally {
        await context.close();
      }
    }
  });
});
