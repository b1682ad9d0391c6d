import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { uniqueTag } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('Master Data Request', () => {
  it('Sam asks for a region, Ada marks it done with a link to the region, Sam sees the outcome', async () => {
    const tag = uniqueTag();
    const regionName = `Region ${tag}`;
    const details = `Please add the region ${regionName} for the new offices`;

    const sam = await signIn(browser(), 'Sam Standard');
    try {
      const page = sam.page;
      await page.goto('/MasterDataRequest');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByText(messages.completeRequiredFields).count()).toBe(2);
      await page.getByRole('combobox', { name: 'Database Type' }).click();
      await page.getByRole('option', { name: 'Region', exact: true }).click();
      await page.getByRole('textbox', { name: 'Details' }).fill(details);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(messages.requestSubmited).waitFor();
      const table = page.getByRole('table', { name: 'Historical Database Requests' });
      await table.getByRole('cell', { name: details }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Details' }).inputValue()).toBe('');
    } finally {
      await sam.context.close();
    }

    // The administrator creates the region (the Database Manager's job) and links it.
    const region = await e2eDb()
      .insertInto('regions')
      .values({ description: regionName })
      .returning('regionId')
      .executeTakeFirstOrThrow();
    const ada = await signIn(browser(), 'Ada Admin');
    try {
      const page = ada.page;
      await page.goto('/MasterDataRequest');
      await page.getByRole('textbox', { name: 'Search' }).fill(tag);
      const table = page.getByRole('table', { name: 'Historical Database Requests' });
      // The search settles to this one request.
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      const row = table.getByRole('row').filter({ hasText: details });
      await row.getByRole('cell', { name: 'Sam Standard' }).waitFor();
      await row.getByRole('button', { name: /^Mark done, request \d+$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark request done' });
      await dialog.getByRole('combobox', { name: 'Region created (optional)' }).fill(tag);
      await page.getByRole('option', { name: `${regionName} (#${region.regionId})` }).click();
      await dialog.getByRole('button', { name: 'Mark done' }).click();
      await page.getByText(messages.masterDataRequestDone).waitFor();
      const link = table.getByRole('link', { name: regionName });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(
        `/MasterData?type=Region&q=${encodeURIComponent(regionName).replace(/%20/g, '+')}`,
      );
      await table.getByText('Done', { exact: true }).waitFor();
    } finally {
      await ada.context.close();
    }

    const samAgain = await signIn(browser(), 'Sam Standard');
    try {
      const page = samAgain.page;
      await page.goto(`/MasterDataRequest?q=${tag}`);
      const table = page.getByRole('table', { name: 'Historical Database Requests' });
      await table.getByText(regionName, { exact: true }).waitFor();
      await table.getByText(/^Done .* by Ada Admin$/).waitFor();
      // Only administrators mark requests done.
      expect(await table.getByRole('button', { name: /, request \d+$/ }).count()).toBe(0);
    } finally {
      await samAgain.context.close();
    }
  });
});
