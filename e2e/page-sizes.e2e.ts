import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildPath, buildRequest, userIdOf, type BuiltPath } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { demoEmails } from './data.ts';
import { e2eDb } from './server.ts';
import { rowIds } from './table-search.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
// Written out, not read from the code: the most rows 'All' shows (issue 49).
const MOST = 1000;

/** A fresh path (its own client) with `count` of Sam's request lines on it. */
async function pathWithLines(count: number): Promise<BuiltPath> {
  return e2eDb()
    .transaction()
    .execute(async (trx) => {
      const path = await buildPath(trx);
      const sam = { userId: await userIdOf(trx, demoEmails.sam), email: demoEmails.sam };
      for (let i = 0; i < count; i += 1) {
        await buildRequest(trx, { path, user: sam });
      }
      return path;
    });
}

/** The Request Tracker filtered to one client through the address, as a shared link opens it. */
async function openTrackerOf(page: Page, path: BuiltPath, count: number) {
  await page.goto(`/AllRequest?${new URLSearchParams({ 'f.clientName': path.names.client }).toString()}`);
  await page.getByRole('heading', { name: `All Requests (${count})`, exact: true }).waitFor();
}

async function openRowsPerPage(page: Page) {
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  const list = page.getByRole('listbox', { name: 'Rows per page' });
  await list.getByRole('option').first().waitFor();
  return list;
}

describe('Rows per page: All (the total count)', () => {
  it('shows every row of a small view, and says why it is disabled over 1,000 rows', async () => {
    const small = await pathWithLines(130);
    const large = await pathWithLines(MOST + 1);
    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      // 130 lines: more than the largest page (100), all on one page.
      await openTrackerOf(page, small, 130);
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(50);
      const list = await openRowsPerPage(page);
      expect(await list.getByRole('option').allInnerTexts()).toEqual([
        '5',
        '10',
        '20',
        '50',
        '100',
        'All (130)',
      ]);
      await list.getByRole('option', { name: 'All (130)', exact: true }).click();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(130);
      await page.getByText('1–130 of 130', { exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('size')).toBe('-1');
      expect(await page.getByRole('button', { name: 'Go to next page' }).isDisabled()).toBe(true);

      // 1,001 lines: offered, disabled, the reason shown under it and read as its description.
      await openTrackerOf(page, large, MOST + 1);
      const largeList = await openRowsPerPage(page);
      const all = largeList.getByRole('option', { name: `All (${MOST + 1})`, exact: true });
      expect(await all.getAttribute('aria-disabled')).toBe('true');
      const reason = messages.tooManyRowsForAll(MOST);
      expect(reason).toContain('1,000');
      await largeList.getByText(reason, { exact: true }).waitFor();
      const describedBy = (await all.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(reason);
      // The keyboard reaches it; Enter on it changes nothing.
      await page.keyboard.press('End');
      expect(await all.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(50);
      expect(new URL(page.url()).searchParams.get('size')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('falls back to pages, saying why, when a view with every row grows past 1,000', async () => {
    const large = await pathWithLines(MOST + 1);
    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      // A link that asks for every row of a view that has too many: the server refuses it.
      await page.goto(
        `/AllRequest?${new URLSearchParams({ 'f.clientName': large.names.client, size: '-1' }).toString()}`,
      );
      const notice = page.getByRole('status').filter({ hasText: messages.allRowsTooManyNow(MOST, 50) });
      await notice.waitFor();
      await page.getByRole('heading', { name: `All Requests (${MOST + 1})`, exact: true }).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(50);
      expect(await page.getByRole('alert').count()).toBe(0);
      // Narrowed, the notice goes: it spoke of the view before.
      await page.getByRole('region', { name: 'All Requests' }).getByLabel('Search').fill('Sam');
      await page.getByText('Search: Sam', { exact: true }).waitFor();
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
