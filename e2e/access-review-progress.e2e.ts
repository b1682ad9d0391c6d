import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildAdminRegion, buildRecord, buildUser, userIdOf } from '../packages/server/test/factories.ts';
import { axeFindings } from './axe.ts';
import { launchedForFile, signIn } from './browser.ts';
import { alexAndPatPath, demoEmails } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Picks one option of a scope multi-select by its words, as a person types and clicks it. */
async function pick(page: Page, label: string, option: string) {
  const box = page
    .getByRole('dialog', { name: 'New Campaign' })
    .getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Issue 46 item 5, the campaign page: Ada starts a campaign over two accesses Alex approves, Alex
 * keeps one of them, and Ada's Progress of the campaign shows it overall (the chart and its
 * summary in words) and on Alex's row of the reviewers.
 */
describe('Access review progress', () => {
  it("Ada follows a campaign's progress: the overall summary and the reviewer's counts", async () => {
    const db = e2eDb();
    const path = await alexAndPatPath();
    await buildAdminRegion(db, await userIdOf(db, 'ada.admin@agency.example'), path);
    const records = [];
    for (const n of [1, 2]) {
      const user = await buildUser(db, { name: `Held${n}` });
      records.push(await buildRecord(db, { path, user: { userId: user.userId, email: user.email } }));
    }
    const name = `Progress review of ${path.names.client}`;

    const admin = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      const { page } = admin;
      await page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await page.getByRole('button', { name: 'New Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Campaign' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await pick(page, 'Regions', path.names.region);
      await pick(page, 'Clients', path.names.client);
      await dialog.getByLabel('Due date').fill(inDays(14));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText(messages.accessReviewSaved).waitFor();
      await page.getByRole('button', { name: `Start, campaign ${name}`, exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Start Campaign' })
        .getByRole('button', { name: 'Yes, start' })
        .click();
      await page.getByRole('status').getByText(messages.accessReviewStarted(2)).waitFor();
    } finally {
      await admin.context.close();
    }

    const reviewer = await signIn(browser(), 'Alex Approver', { width: 1600 });
    try {
      const { page } = reviewer;
      await page.getByRole('link', { name: 'My Access Reviews', exact: true }).first().click();
      const keep = page.getByRole('button', { name: `Keep, record ${records[0]!.requestId}`, exact: true });
      await keep.click();
      await page
        .getByRole('dialog', { name: 'Keep Access' })
        .getByRole('button', { name: 'Keep', exact: true })
        .click();
      await page.getByRole('status').getByText(messages.accessReviewsDecided(1)).waitFor();
    } finally {
      await reviewer.context.close();
    }

    const { context, page } = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      await page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await page.getByRole('link', { name: messages.accessReviewProgressLabel(name), exact: true }).click();
      await page.getByRole('heading', { name: 'Access Review Progress', level: 1 }).waitFor();
      await page.getByRole('heading', { name, level: 2 }).waitFor();
      // The chart is a figure described by the summary in words.
      const summary = messages.accessReviewProgressSummary({
        itemCount: 2,
        decidedCount: 1,
        keptCount: 1,
        revokedCount: 0,
        undecidedCount: 1,
      });
      expect(summary).toBe('1 of 2 items decided (50%): 1 kept, 0 revoked; 1 undecided.');
      const figure = page.getByRole('figure', { name: messages.accessReviewProgressChart(name) });
      await expect.poll(() => figure.getAttribute('aria-describedby')).toBeTruthy();
      const describedBy = (await figure.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(summary);

      // Alex's row: one undecided of his two items, one decided (kept); not overdue.
      const table = page.getByRole('table', { name: 'Reviewers' });
      const row = table.getByRole('row').filter({ hasText: demoEmails.alex });
      await row.waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      expect(cells.slice(0, 8).map((c) => c.trim())).toEqual([
        'Alex Approver',
        demoEmails.alex,
        '',
        '1',
        '2',
        '1',
        '1',
        '0',
      ]);
      expect(cells[8]?.trim()).not.toBe('');
      expect(await table.getByRole('row').count()).toBe(2);
      expect(await axeFindings(page)).toEqual([]);

      await page.getByRole('link', { name: messages.accessReviewBackToCampaigns }).click();
      await page.getByRole('heading', { name: 'Access Reviews', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
