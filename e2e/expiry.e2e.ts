import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, / });

describe('Access expiry', () => {
  it('Sue runs Access expiry; Sam is told his access ends tomorrow, extends it from the notice, and Alex gets the change', async () => {
    // Sam's own record on a fresh path that Alex approves, ending tomorrow.
    const { id: recordId } = await samLine({ days: [-30, 1] });

    const sue = await signIn(browser(), 'Sue Super');
    try {
      await sue.page.goto('/Jobs');
      const job = sue.page.getByRole('region', { name: 'Access expiry' });
      await job.getByText('Schedule: daily at 01:00 UTC').waitFor();
      await job.getByRole('button', { name: 'Run now' }).click();
      const dialog = sue.page.getByRole('dialog', { name: 'Run Access expiry' });
      await dialog.getByRole('button', { name: 'Run now' }).click();
      await sue.page.getByText('Access expiry completed.').waitFor();
    } finally {
      await sue.context.close();
    }

    const sam = await signIn(browser(), 'Sam Standard');
    let changeId = 0;
    try {
      await bell(sam.page).click();
      const list = sam.page.getByRole('dialog', { name: 'Notifications' });
      const notice = new RegExp(
        `^Your access #${recordId} \\(.*\\) ends on \\d\\d-\\d\\d-\\d{4}\\. Extend it`,
      );
      await list.getByRole('link', { name: notice }).waitFor();
      await list
        .getByRole('link', { name: new RegExp(`^${messages.notificationExtend}: Your access #${recordId} `) })
        .click();
      await sam.page.waitForURL(new RegExp(`/ChangeUserRecords\\?extend=${recordId}`));

      // The Length Of Access change of that record, prefilled.
      const modify = sam.page.getByRole('dialog', { name: 'Modify Request' });
      await modify.getByText(`Record ID ${recordId}`, { exact: false }).waitFor();
      expect(await modify.getByRole('radio', { name: 'Length Of Access' }).isChecked()).toBe(true);
      expect(await modify.getByLabel('End Date').inputValue()).toBe(inDays(1));
      await modify.getByLabel('Start Date').fill(inDays(0));
      await modify.getByLabel('End Date').fill(inDays(120));
      await modify.getByLabel('Comments').fill('Still needed for the next campaign');
      await modify.getByRole('button', { name: 'Submit' }).click();
      const answer = sam.page.getByText(messages.requestsSentForApproval);
      await answer.waitFor();
      changeId = Number(/change request is #(\d+)/.exec((await answer.textContent()) ?? '')?.[1]);
      expect(changeId).toBeGreaterThan(recordId);
      await sam.page.getByRole('button', { name: 'No' }).click();
    } finally {
      await sam.context.close();
    }

    const alex = await signIn(browser(), 'Alex Approver');
    try {
      await alex.page.goto('/Approvals');
      await alex.page.getByRole('heading', { name: /^My Approval Tasks \(\d+\)$/ }).waitFor();
      const tasks = alex.page.getByRole('table', { name: 'My Approval Tasks' });
      await expect
        .poll(
          () =>
            tasks
              .getByRole('row')
              .filter({ has: alex.page.getByRole('cell', { name: String(changeId), exact: true }) })
              .filter({ hasText: 'Change access' })
              .count(),
          poll,
        )
        .toBe(1);
    } finally {
      await alex.context.close();
    }
  });
});
