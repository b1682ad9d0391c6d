import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const table = (page: Page) => page.getByRole('table', { name: 'My Requests' });

/** The ids of the rows on screen, read from their selection checkboxes. */
async function rowIds(page: Page): Promise<number[]> {
  const boxes = await table(page)
    .getByRole('checkbox', { name: /^Select row \d+$/ })
    .all();
  return Promise.all(
    boxes.map(async (b) => Number(/\d+$/.exec((await b.getAttribute('aria-label')) ?? '')?.[0])),
  );
}

const rowOf = (page: Page, id: number) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }) });

describe('My Requests', () => {
  it('lists, filters, pages and cancels a Submitted request of Sam', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.getByRole('link', { name: 'My Requests' }).first().click();
      await page.getByRole('heading', { name: /^My Requests \(\d+\)$/ }).waitFor();
      await expect.poll(async () => (await rowIds(page)).length, poll).toBeGreaterThan(5);

      // Page size 5: at most five rows, the total unchanged.
      await page.getByRole('combobox', { name: /Rows per page/ }).click();
      await page.getByRole('option', { name: '5', exact: true }).click();
      await expect.poll(async () => (await rowIds(page)).length, poll).toBe(5);

      // Filter Request Status to Submitted through the column's menu.
      await page.getByRole('button', { name: 'Filter Request Status' }).click();
      const menu = page.getByRole('dialog', { name: 'Filter Request Status' });
      await menu.getByRole('checkbox', { name: 'Select All' }).click();
      await menu.getByRole('checkbox', { name: 'Submitted', exact: true }).click();
      await menu.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(async () => {
          const statuses = await table(page).locator('tbody tr td:nth-child(3)').allInnerTexts();
          return statuses.length > 0 && statuses.every((s) => s === 'Submitted');
        }, poll)
        .toBe(true);

      // Cancel the first Submitted request, after confirming.
      const [id] = await rowIds(page);
      expect(id).toBeGreaterThan(0);
      const cancel = page.getByRole('button', { name: 'Cancel selected requests' });
      expect(await cancel.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
      await cancel.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel selected requests' });
      await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
      await page.getByText(messages.requestsCancelled).waitFor();

      // Opened by its id, the request now reads Cancelled.
      await page.goto(`/MyRequests?requestId=${id}`);
      await rowOf(page, id!).waitFor();
      await expect
        .poll(() => rowOf(page, id!).getByRole('cell', { name: 'Cancelled', exact: true }).count())
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it("opened on one request, says so in a chip that clears back to all of Sam's requests", async () => {
    const { id } = await samLine();
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.goto(`/MyRequests?requestId=${id}`);
      const chip = page
        .getByRole('list', { name: 'Active filters' })
        .getByRole('button', { name: messages.myRequestsOfSubmission(id) });
      await chip.waitFor();
      await rowOf(page, id).waitFor();
      expect(await rowIds(page)).toEqual([id]);
      const clearFilters = page.getByRole('button', { name: 'Clear Filters', exact: true });
      expect(await clearFilters.isEnabled()).toBe(true);

      // The chip's delete (Backspace on the focused chip, as MUI's Chip takes it) shows them all.
      await chip.focus();
      await page.keyboard.press('Backspace');
      await chip.waitFor({ state: 'detached' });
      await expect.poll(async () => (await rowIds(page)).length, poll).toBeGreaterThan(1);
      expect(new URL(page.url()).searchParams.has('requestId')).toBe(false);
      expect(await clearFilters.isDisabled()).toBe(true);

      // Clear Filters takes the request away too.
      await page.goto(`/MyRequests?requestId=${id}`);
      await chip.waitFor();
      await clearFilters.click();
      await chip.waitFor({ state: 'detached' });
      await expect.poll(async () => (await rowIds(page)).length, poll).toBeGreaterThan(1);
      expect(new URL(page.url()).searchParams.has('requestId')).toBe(false);
    } finally {
      await context.close();
    }
  });
});
