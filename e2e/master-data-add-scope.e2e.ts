import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildAdminRegion, buildPath, userIdOf } from '../packages/server/test/factories.ts';
import { launchBrowser, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A disabled button says why: pointing at it shows the reason as a tooltip. */
async function expectReason(page: Page, button: Locator, reason: string) {
  await expect.poll(() => button.isDisabled()).toBe(true);
  // A hover that lands while the page is still redrawing shows nothing: point again, as a person would.
  const tip = page.getByRole('tooltip', { name: reason });
  await expect
    .poll(
      async () => {
        await page.mouse.move(0, 0);
        await button.hover({ force: true });
        return tip.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.mouse.move(0, 0);
  await page.getByRole('tooltip', { name: reason }).waitFor({ state: 'hidden' });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('The Database Manager offers an administrator only what the save allows', () => {
  it('Ada may not add a region, nor a market in a region she does not administer, and is told why', async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const inside = await buildPath(db);
    const outside = await buildPath(db);
    await buildAdminRegion(db, ada, inside);

    const { context, page } = await signIn(browser, 'Ada Admin');
    try {
      await page.getByRole('link', { name: 'Database Manager' }).first().click();
      await page.getByRole('table', { name: 'Database Manager' }).waitFor();
      // Regions span every market: a super administrator's.
      await expectReason(
        page,
        page.getByRole('button', { name: 'Add New Region' }),
        messages.masterDataWriteNotAllowed('Region'),
      );

      await choose(page, 'Data type', 'Market');
      const addMarket = page.getByRole('button', { name: 'Add New Market' });
      await choose(page, 'Region', outside.names.region);
      await expectReason(page, addMarket, messages.masterDataAddOutsideScope('Market', 'region'));
      await choose(page, 'Region', inside.names.region);
      await expect.poll(() => addMarket.isEnabled()).toBe(true);
      await addMarket.click();
      await page.getByRole('dialog', { name: 'Add New Market' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
