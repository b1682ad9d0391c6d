import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildPath, uniqueTag, type BuiltPath } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { alexAndPatPath } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/**
 * Another client, asset type and account on `path`'s platform: Alex's assignment (every client)
 * covers it. The levels it shares with `path` keep `path`'s names.
 */
async function besidePath(path: BuiltPath): Promise<BuiltPath> {
  const { regionId, marketId, agencyId, practiceId, platformId } = path;
  const beside = await buildPath(e2eDb(), { regionId, marketId, agencyId, practiceId, platformId });
  const { region, market, agency, practice, platform } = path.names;
  return { ...beside, names: { ...beside.names, region, market, agency, practice, platform } };
}

/** The asset type's and the user type's names of a built path (the factory names them by its tag). */
async function typeNamesOf(path: BuiltPath): Promise<{ asset: string; userType: string }> {
  const db = e2eDb();
  const asset = await db
    .selectFrom('assetTypes')
    .select('description')
    .where('assetId', '=', path.assetId)
    .executeTakeFirstOrThrow();
  const userType = await db
    .selectFrom('platformUserTypes')
    .select('description')
    .where('platformUserTypeId', '=', path.platformUserTypeId)
    .executeTakeFirstOrThrow();
  return { asset: asset.description, userType: userType.description };
}

/** Opens a select (inside `scope`) by its label and picks the option of that name. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One access through the bundle dialog's "Add access": practice → platform → client → asset type → account → user type. */
async function addAccess(page: Page, bundle: Locator, path: BuiltPath) {
  const names = await typeNamesOf(path);
  await bundle.getByRole('button', { name: 'Add access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add access' });
  await dialog.waitFor();
  await choose(page, dialog, 'Practice', path.names.practice);
  await choose(page, dialog, 'Platform', path.names.platform);
  await choose(page, dialog, 'Client', path.names.client);
  await choose(page, dialog, 'Asset Type', names.asset);
  await dialog.getByRole('combobox', { name: 'Select Asset Name' }).click();
  await page.getByRole('option', { name: new RegExp(`^${path.names.account}`) }).click();
  await page.keyboard.press('Escape');
  await choose(page, dialog, 'Platform User Type', names.userType);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await bundle.getByRole('list', { name: 'Accesses of the bundle' }).getByText(path.names.account).waitFor();
}

describe('Access Bundles', () => {
  it('Sue defines a bundle of two accesses for an agency, deactivates it after confirming and activates it again', async () => {
    const first = await alexAndPatPath();
    const second = await besidePath(first);
    const name = `Onboarding ${uniqueTag()}`;

    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      await page.goto('/AccessBundles');
      await page.getByRole('heading', { name: 'Access Bundles' }).first().waitFor();
      await page.getByRole('button', { name: 'New Bundle' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Bundle' });
      await dialog.waitFor();

      // Nothing named yet: the schema's sentences at their fields.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(messages.bundleNameRequired).waitFor();

      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await choose(page, dialog, 'Region', first.names.region);
      await choose(page, dialog, 'Market', first.names.market);
      await choose(page, dialog, 'Agency', first.names.agency);
      await addAccess(page, dialog, first);
      await addAccess(page, dialog, second);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: messages.bundleSaved }).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('region', { name: 'Access Bundles' }).getByLabel('Search').fill(name);
      const table = page.getByRole('table', { name: 'Access Bundles' });
      const row = table.getByRole('row').filter({ hasText: name });
      await row.getByRole('cell', { name: first.names.agency, exact: true }).waitFor();
      await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();

      // The edit lists both accesses.
      await row.getByRole('button', { name: `Edit, bundle ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Bundle' });
      const accesses = edit.getByRole('list', { name: 'Accesses of the bundle' });
      await accesses.getByText(first.names.account).waitFor();
      await accesses.getByText(second.names.account).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });

      // Deactivating is asked first.
      await row.getByRole('button', { name: `Deactivate, bundle ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate Bundle' });
      await confirm.getByText(messages.bundleDeactivateConfirm(name)).waitFor();
      await confirm.getByRole('button', { name: 'Yes, deactivate' }).click();
      await page.getByRole('status').filter({ hasText: messages.bundleDeactivated }).waitFor();
      await row.getByRole('cell', { name: 'Inactive', exact: true }).waitFor();

      await row.getByRole('button', { name: `Activate, bundle ${name}` }).click();
      await page.getByRole('status').filter({ hasText: messages.bundleActivated }).waitFor();
      await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
      await row.getByRole('button', { name: `Deactivate, bundle ${name}` }).waitFor();
    } finally {
      await context.close();
    }

    const saved = await e2eDb()
      .selectFrom('accessBundles')
      .innerJoin('accessBundleItems', 'accessBundleItems.bundleId', 'accessBundles.bundleId')
      .select(['accessBundleItems.clientAccountId', 'accessBundles.isDeleted', 'accessBundles.agencyId'])
      .where('accessBundles.name', '=', name)
      .execute();
    expect(saved.map((r) => r.clientAccountId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [first.clientAccountId, second.clientAccountId].sort((a, b) => a - b),
    );
    expect(saved.every((r) => r.isDeleted === 0 && r.agencyId === first.agencyId)).toBe(true);
  });

  it("Sam requests a bundle of his agency in the wizard: both accesses become the request's lines", async () => {
    const db = e2eDb();
    const first = await alexAndPatPath();
    const second = await besidePath(first);
    const name = `Starter kit ${uniqueTag()}`;
    const { bundleId } = await db
      .insertInto('accessBundles')
      .values({
        name,
        regionId: first.regionId,
        marketId: first.marketId,
        agencyId: first.agencyId,
        createdBy: null,
        updatedBy: null,
      })
      .returning('bundleId')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('accessBundleItems')
      .values(
        [first, second].map((p) => ({
          bundleId,
          practiceId: p.practiceId,
          platformId: p.platformId,
          clientId: p.clientId,
          assetId: p.assetId,
          clientAccountId: p.clientAccountId,
          platformUserTypeId: p.platformUserTypeId,
          isPlatformRequest: 0,
        })),
      )
      .execute();

    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.goto('/NewRequest');
      await page.getByRole('heading', { name: 'New Platform Access Request' }).waitFor();
      await page.getByRole('radio', { name: 'Myself' }).check();
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(messages.existingAccessIntro).waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();

      const request = page.getByRole('button', { name: messages.bundleChoose, exact: true });
      expect(await request.isDisabled()).toBe(true);
      await choose(page, page, 'Region', first.names.region);
      await choose(page, page, 'Market', first.names.market);
      await choose(page, page, 'Agency', first.names.agency);
      await request.click();

      const dialog = page.getByRole('dialog', { name: messages.bundleChoose });
      await dialog.getByText(messages.bundleIntro).waitFor();
      await dialog.getByRole('radio', { name }).check();
      // Every access of the bundle starts ticked.
      for (const path of [first, second]) {
        const box = dialog.getByRole('checkbox', { name: new RegExp(path.names.account) });
        await box.waitFor();
        expect(await box.isChecked()).toBe(true);
      }
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();

      const lines = dialog.getByRole('table', { name: 'Lines of the request' });
      for (const path of [first, second]) {
        const line = lines.getByRole('row').filter({ hasText: path.names.account });
        await line.waitFor();
        expect(await line.textContent()).toContain(messages.sameAccessOutcome('request'));
      }

      await dialog.getByRole('textbox', { name: 'Comments' }).fill('The starter kit for the new planner');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByText(/Welcome to the User Access Portal/).waitFor();
      const notice = page.getByRole('status').filter({ hasText: /Requests? #\d+/ });
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      const requestIds = [...text.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
      expect(requestIds).toHaveLength(2);
      expect(text).toContain(messages.requestsSubmitted(requestIds));
      expect(text).toContain(messages.sameAccessSubmitted(2, 0));
    } finally {
      await context.close();
    }
  });
});
