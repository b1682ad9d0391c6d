import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, / });

/** The unread count the bell's accessible name gives ('Notifications, 3 unread'; none: 0). */
async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Coming back to the tab: the bell asks for its count again (as it also does every minute). */
async function returnToTab(page: Page) {
  await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
}

describe('Notifications', () => {
  it('Sam submits; Alex sees the bell rise and opens the task from it; after Alex approves, Sam’s bell shows it', async () => {
    const { id: recordId } = await samLine({ days: [-30, 60] });
    const alex = await signIn(browser(), 'Alex Approver');
    const sam = await signIn(browser(), 'Sam Standard');
    try {
      await bell(alex.page).waitFor();
      const alexBefore = await unreadOf(alex.page);

      // Sam asks for a longer access on his record: a Change request for Alex.
      await sam.page.goto(`/ChangeUserRecords?Id=${recordId}`);
      await sam.page.getByRole('checkbox', { name: `Select row ${recordId}` }).check();
      await sam.page.getByRole('button', { name: 'Modify', exact: true }).click();
      const modify = sam.page.getByRole('dialog', { name: 'Modify Request' });
      await modify.getByRole('radio', { name: 'Length Of Access' }).check();
      await modify.getByLabel('Start Date').fill(inDays(0));
      await modify.getByLabel('End Date').fill(inDays(120));
      await modify.getByLabel('Comments').fill('Extending access for the next campaign');
      await modify.getByRole('button', { name: 'Submit' }).click();
      const answer = sam.page.getByText(messages.requestsSentForApproval);
      await answer.waitFor();
      const changeId = Number(/change request is #(\d+)/.exec((await answer.textContent()) ?? '')?.[1]);
      expect(changeId).toBeGreaterThan(recordId);
      await sam.page.getByRole('button', { name: 'No' }).click();
      const samBefore = await unreadOf(sam.page);

      // Alex's bell rises when he comes back to the portal's tab.
      await returnToTab(alex.page);
      await expect.poll(() => unreadOf(alex.page), poll).toBe(alexBefore + 1);
      await bell(alex.page).click();
      const list = alex.page.getByRole('dialog', { name: 'Notifications' });
      const item = list.getByRole('link', {
        name: new RegExp(`^Request #${changeId} .* waits for your approval\\.`),
      });
      await item.click();
      const decision = alex.page.getByRole('dialog', { name: `Approval Request #${changeId}` });
      await decision.getByRole('region', { name: 'Approver and Provisioner Details' }).waitFor();

      await decision.getByRole('textbox', { name: 'Comments' }).fill('Approved for the next campaign');
      await decision.getByRole('button', { name: 'Approve', exact: true }).click();
      await alex.page.getByText(messages.requestApproved).waitFor();
      // Opening it marked it read.
      await expect.poll(() => unreadOf(alex.page), poll).toBe(alexBefore);

      // Sam's bell shows the approval; its link leads to his request.
      await returnToTab(sam.page);
      await expect.poll(() => unreadOf(sam.page), poll).toBe(samBefore + 1);
      await bell(sam.page).click();
      const samList = sam.page.getByRole('dialog', { name: 'Notifications' });
      const approved = samList.getByRole('link', {
        name: new RegExp(`^Your request #${changeId} .* was approved by Alex Approver\\.`),
      });
      await approved.click();
      await sam.page.waitForURL(new RegExp(`/MyRequests\\?requestId=${changeId}$`));
      await expect.poll(() => unreadOf(sam.page), poll).toBe(samBefore);
    } finally {
      await alex.context.close();
      await sam.context.close();
    }
  });
});
