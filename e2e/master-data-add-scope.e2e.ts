import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildAdminRegion, buildPath, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

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

    const { context, page } = await signIn(browser(), 'Ada Admin');
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
