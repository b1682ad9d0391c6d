import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildPath, uniqueTag, type BuiltPath } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** A platform offered on the path's agency and practice with the given asset types and no client. */
async function clientlessPlatform(path: BuiltPath, assets: { name: string; isAgencyLevel: boolean }[]) {
  const db = e2eDb();
  const name = `Clientless ${uniqueTag()}`;
  const { platformId } = await db
    .insertInto('platforms')
    .values({ description: name })
    .returning('platformId')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('platformAgencies')
    .values({ platformId, agencyId: path.agencyId, practiceId: path.practiceId })
    .execute();
  for (const asset of assets) {
    const { assetId } = await db
      .insertInto('assetTypes')
      .values({
        platformId,
        description: asset.name,
        assetName: asset.name,
        isSystemRecord: asset.isAgencyLevel ? 1 : 0,
      })
      .returning('assetId')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('platformUserTypes')
      .values({ platformId, assetId, description: `User ${asset.name}`, basicName: 'Standard' })
      .execute();
  }
  return name;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Sam opens the wizard for himself and picks the path up to its practice. */
async function openPath(page: Page, path: BuiltPath) {
  await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
  await page.getByRole('radio', { name: 'Myself' }).check();
  await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Sam');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(messages.existingAccessIntro).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();
  await choose(page, 'Region', path.names.region);
  await choose(page, 'Market', path.names.market);
  await choose(page, 'Agency', path.names.agency);
  await choose(page, 'Practice', path.names.practice);
}

const addAccount = (page: Page) => page.getByRole('button', { name: 'Add account', exact: true });

describe('a path that lacks master data', () => {
  it('says nothing can be requested and links to the Master Data Request page', async () => {
    const path = await buildPath(e2eDb());
    const platform = await clientlessPlatform(path, [{ name: 'Ad Account', isAgencyLevel: false }]);
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openPath(page, path);
      await choose(page, 'Platform Name', platform);
      const why = messages.nothingToRequestOnPath(platform);
      await page.getByRole('alert').filter({ hasText: why }).waitFor();
      expect(await addAccount(page).isDisabled()).toBe(true);
      expect(await addAccount(page).getAttribute('aria-describedby')).not.toBeNull();
      await page.getByRole('link', { name: messages.openMasterDataRequest }).click();
      await page.getByRole('heading', { name: 'Master Data Request', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('offers only the agency-level asset types of a platform without clients', async () => {
    const path = await buildPath(e2eDb());
    const platform = await clientlessPlatform(path, [
      { name: 'Ad Account', isAgencyLevel: false },
      { name: 'Work Licence', isAgencyLevel: true },
    ]);
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openPath(page, path);
      await choose(page, 'Platform Name', platform);
      await page
        .getByRole('alert')
        .filter({ hasText: messages.noClientsOnPath(platform) })
        .waitFor();
      expect(await page.getByRole('combobox', { name: 'Client Name' }).getAttribute('aria-disabled')).toBe(
        'true',
      );
      await addAccount(page).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
      await dialog.getByRole('combobox', { name: 'Asset Type' }).click();
      const offered = (await page.getByRole('listbox').getByRole('option').allInnerTexts()).map((t) =>
        t.trim(),
      );
      expect(offered).toEqual(['Work Licence']);
      await page.getByRole('option', { name: 'Work Licence' }).click();
      await choose(page, 'Platform User Type', 'User Work Licence');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('list', { name: 'Pending request lines' })
        .getByText('Work Licence')
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('says when a client has no asset names of the chosen type', async () => {
    const db = e2eDb();
    const path = await buildPath(db);
    const { assetId } = await db
      .insertInto('assetTypes')
      .values({ platformId: path.platformId, description: 'Campaign Group', assetName: 'Campaign Group' })
      .returning('assetId')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('platformUserTypes')
      .values({ platformId: path.platformId, assetId, description: 'Campaign Editor', basicName: 'Standard' })
      .execute();
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openPath(page, path);
      await choose(page, 'Platform Name', path.names.platform);
      await choose(page, 'Client Name', path.names.client);
      await addAccount(page).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
      await choose(page, 'Asset Type', 'Campaign Group');
      await dialog
        .getByRole('alert')
        .filter({ hasText: messages.noAssetNamesForClient('Campaign Group') })
        .waitFor();
      await dialog.getByRole('combobox', { name: 'Select Asset Name' }).click();
      expect(await page.getByRole('option', { name: 'Select All Assets' }).count()).toBe(0);
      await dialog.getByRole('link', { name: messages.openMasterDataRequest }).waitFor();
    } finally {
      await context.close();
    }
  });
});
