import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  uniqueTag,
  userIdOf,
} from '../packages/server/test/factories.ts';
import { demoEmails } from './data.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the type in the Database Manager (the parents chosen so far stay). */
async function openType(page: Page, type: string) {
  await choose(page, 'Data type', type);
  await page.getByRole('button', { name: `Add New ${type}` }).waitFor();
}

/** Opens 'Add New {type}', fills the description, lets `fill` do the rest, saves, waits for `saved`. */
async function addItem(
  page: Page,
  type: string,
  description: string,
  saved: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: `Add New ${type}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add New ${type}` });
  await dialog
    .getByRole('textbox', { name: type === 'Client Asset' ? 'Client asset name' : 'Description' })
    .fill(description);
  await fill?.(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(saved, { exact: true }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('table', { name: 'Database Manager' })
    .getByRole('cell', { name: description, exact: true })
    .waitFor();
}

/** Sam's wizard up to the client select, on the path the test built. */
async function samChoosesPath(
  page: Page,
  names: Record<'region' | 'market' | 'agency' | 'practice' | 'platform', string>,
) {
  await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
  await page.getByRole('radio', { name: 'Myself' }).check();
  await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Sam');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(messages.existingAccessIntro).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();
  await choose(page, 'Region', names.region);
  await choose(page, 'Market', names.market);
  await choose(page, 'Agency', names.agency);
  await choose(page, 'Practice', names.practice);
  await choose(page, 'Platform Name', names.platform);
}

describe('Database Manager', () => {
  it(
    'Ada builds a path from market to client asset, Sam requests it, and a deactivated client is gone',
    { timeout: 300_000 },
    async () => {
      const db = e2eDb();
      const tag = uniqueTag();
      const names = {
        region: `Region ${tag}`,
        market: `Market ${tag}`,
        agency: `Agency ${tag}`,
        practice: `Practice ${tag}`,
        platform: `Platform ${tag}`,
        userType: `Editor ${tag}`,
        client: `Client ${tag}`,
        account: `Account ${tag}`,
      };
      // Ada administers a market of a fresh region: she may add markets there (regions are super admins').
      const region = await db
        .insertInto('regions')
        .values({ description: names.region })
        .returning('regionId')
        .executeTakeFirstOrThrow();
      const home = await db
        .insertInto('markets')
        .values({ regionId: region.regionId, description: `Home ${tag}`, code: 'HM' })
        .returning('marketId')
        .executeTakeFirstOrThrow();
      const ada = await userIdOf(db, 'ada.admin@agency.example');
      await buildAdminRegion(db, ada, { regionId: region.regionId, marketId: home.marketId });

      const admin = await signIn(browser(), 'Ada Admin');
      try {
        const page = admin.page;
        await page.goto('/MasterData');
        await openType(page, 'Market');
        await choose(page, 'Region', names.region);
        await addItem(page, 'Market', names.market, messages.marketSaved, async (dialog) => {
          await dialog.getByRole('textbox', { name: 'Code' }).fill('MK');
        });
        // A super administrator gives Ada the new market (the Administrators screen's job).
        const market = await db
          .selectFrom('markets')
          .select('marketId')
          .where('description', '=', names.market)
          .executeTakeFirstOrThrow();
        await buildAdminRegion(db, ada, { regionId: region.regionId, marketId: market.marketId });

        await openType(page, 'Agency');
        await choose(page, 'Market', names.market);
        await addItem(page, 'Agency', names.agency, messages.agencySaved);

        await openType(page, 'Practice');
        await choose(page, 'Agency', names.agency);
        await addItem(page, 'Practice', names.practice, messages.practiceSaved);

        await openType(page, 'Platform');
        await choose(page, 'Practice', names.practice);
        await addItem(page, 'Platform', names.platform, messages.platformSaved, async (dialog) => {
          await dialog.getByRole('button', { name: 'Add asset type' }).click();
          await dialog.getByText(messages.missingAssetName).waitFor();
          await dialog.getByRole('textbox', { name: 'Asset name' }).fill('Ad Account');
          await dialog.getByRole('button', { name: 'Add asset type' }).click();
          await dialog
            .getByRole('list', { name: 'Asset types' })
            .getByRole('button', { name: 'Remove Ad Account' })
            .waitFor();
        });

        await openType(page, 'Platform User Type');
        await choose(page, 'Platform', names.platform);
        await addItem(
          page,
          'Platform User Type',
          names.userType,
          messages.platformAccessSaved,
          async (dialog) => {
            await dialog.getByText(messages.platformOrderReminder).waitFor();
            await dialog.getByRole('textbox', { name: 'Normalized User Type' }).fill('Standard');
            await choose(page, 'Asset type', 'Ad Account');
          },
        );

        await openType(page, 'Client - Client Code');
        await addItem(page, 'Client - Client Code', names.client, messages.clientSaved, async (dialog) => {
          const code = dialog.getByRole('textbox', { name: 'Client code' });
          const add = dialog.getByRole('button', { name: 'Add client code' });
          await add.click();
          await dialog.getByText(messages.missingClientCode).waitFor();
          for (const value of ['C1', 'C2', 'c1']) {
            await code.fill(value);
            await add.click();
          }
          await dialog.getByText(messages.clientCodeExists).waitFor();
          for (const value of ['C3', 'C4', 'C5', 'C6']) {
            await code.fill(value);
            await add.click();
          }
          // Six codes: the add option is gone until one is removed.
          await expect.poll(() => add.count()).toBe(0);
          for (const value of ['C6', 'C5', 'C4']) {
            await dialog.getByRole('button', { name: `Remove ${value}` }).click();
          }
          await add.waitFor();
        });
        await page.getByRole('cell', { name: 'C1, C2, C3' }).waitFor();

        await openType(page, 'Client Asset');
        await choose(page, 'Client', names.client);
        await addItem(page, 'Client Asset', names.account, messages.clientAccountSaved, async (dialog) => {
          await choose(page, 'Asset type', 'Ad Account');
          await dialog.getByRole('textbox', { name: 'Asset ID' }).fill(`act-${tag}`);
        });
      } finally {
        await admin.context.close();
      }

      const sam = await signIn(browser(), 'Sam Standard');
      try {
        const page = sam.page;
        await samChoosesPath(page, names);
        await choose(page, 'Client Name', names.client);
        await page.getByRole('button', { name: 'Add account', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
        await choose(page, 'Asset Type', 'Ad Account');
        await choose(page, 'Platform User Type', names.userType);
        await dialog.getByRole('combobox', { name: 'Select Asset Name' }).click();
        await page.getByRole('option', { name: new RegExp(`^${names.account}`) }).click();
        await page.keyboard.press('Escape');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('textbox', { name: 'Comments' }).fill('Needs access to the new client');
        await page.getByRole('button', { name: 'Submit Request' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: /Request #\d+ submitted\./ })
          .waitFor();
      } finally {
        await sam.context.close();
      }

      const adminAgain = await signIn(browser(), 'Ada Admin');
      try {
        const page = adminAgain.page;
        await page.goto(`/MasterData?type=${encodeURIComponent('Client - Client Code')}&q=${tag}`);
        const table = page.getByRole('table', { name: 'Database Manager' });
        await table.getByRole('button', { name: `Deactivate ${names.client}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Deactivate Client - Client Code' });
        await confirm.getByRole('button', { name: 'Yes, deactivate' }).click();
        await confirm.waitFor({ state: 'hidden' });
        await table.getByRole('button', { name: `Activate ${names.client}` }).waitFor();
      } finally {
        await adminAgain.context.close();
      }

      // Another active client of the platform at the agency, so the list still opens.
      const deactivated = await db
        .selectFrom('clients')
        .select(['platformId', 'agencyId'])
        .where('description', '=', names.client)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('clients')
        .values({ ...deactivated, description: `Other ${names.client}` })
        .execute();

      const samAgain = await signIn(browser(), 'Sam Standard');
      try {
        const page = samAgain.page;
        await samChoosesPath(page, names);
        await page.getByRole('combobox', { name: 'Client Name', exact: true }).click();
        await page.getByRole('option', { name: `Other ${names.client}`, exact: true }).waitFor();
        expect(await page.getByRole('option', { name: names.client, exact: true }).count()).toBe(0);
      } finally {
        await samAgain.context.close();
      }
    },
  );

  it(
    'Ada is refused deleting a client asset in use, reassigns it after the confirmation and reads its history',
    { timeout: 180_000 },
    async () => {
      const db = e2eDb();
      const path = await buildPath(db, { assignment: null });
      const ada = await userIdOf(db, 'ada.admin@agency.example');
      await buildAdminRegion(db, ada, path);
      const other = await buildPath(db, { ...path, assignment: null });
      await buildRequest(db, {
        path,
        user: { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam },
      });

      const { context, page } = await signIn(browser(), 'Ada Admin');
      try {
        const at = (clientId: number) =>
          `/MasterData?${new URLSearchParams({
            type: 'Client Asset',
            region: String(path.regionId),
            market: String(path.marketId),
            agency: String(path.agencyId),
            practice: String(path.practiceId),
            platform: String(path.platformId),
            client: String(clientId),
          }).toString()}`;
        await page.goto(at(path.clientId));
        const table = page.getByRole('table', { name: 'Database Manager' });
        await table.getByRole('button', { name: `Delete ${path.names.account}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete Client Asset' });
        await confirm.getByText(messages.confirmDeleteMasterData('Client Asset')).waitFor();
        await confirm.getByRole('button', { name: 'Yes, delete' }).click();
        await confirm
          .getByRole('alert')
          .filter({ hasText: /cannot be deleted/ })
          .waitFor();
        await confirm.getByRole('button', { name: messages.deactivateInstead }).waitFor();
        await confirm.getByRole('button', { name: 'No' }).click();

        await table
          .getByRole('checkbox', { name: `Select row ${path.clientAccountId}`, exact: true })
          .check();
        await page.getByRole('button', { name: 'Reassign', exact: true }).click();
        const reassign = page.getByRole('dialog', { name: 'Reassign Client Asset' });
        await choose(page, 'Select Client', other.names.client);
        await reassign.getByRole('button', { name: 'Reassign' }).click();
        await reassign.getByText(messages.confirmReassignAsset).waitFor();
        await reassign.getByRole('button', { name: 'Okay' }).click();
        await page.getByText(messages.clientAssetMoved).waitFor();

        await page.goto(at(other.clientId));
        await table.getByRole('button', { name: `History ${path.names.account}` }).click();
        const history = page.getByRole('dialog', {
          name: messages.masterDataHistory('Client Asset', path.names.account),
        });
        await history.getByRole('cell', { name: 'Moved', exact: true }).waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
