import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, messages } from '@uap/domain';
import { buildRequest, buildUser, uniqueTag } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { alexAndPatPath } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** The request ids of the tracker's rows (each row links to its activity log). */
async function rowIds(page: Page): Promise<number[]> {
  // Each link's text is its request id.
  const texts = await page.getByRole('link', { name: /^Activity log of request \d+$/ }).allInnerTexts();
  return texts.map(Number).sort((a, b) => a - b);
}

const rowOf = (page: Page, id: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Activity log of request ${id}`, exact: true }) });

describe('Overdue tasks: the Request Tracker and the reminders job', () => {
  it('Sue filters the tracker on Overdue and sees exactly the overdue lines; after the job runs, Alex’s bell shows the reminder', async () => {
    // Lines of one fresh subject on a path Alex approves and Pat provisions, with old dates:
    // past the 48-hour level (approval and provisioning), urgent past 24 hours, and one recent.
    const db = e2eDb();
    const path = await alexAndPatPath();
    const subject = await buildUser(db, { name: 'Olive', lastName: `Overdue${uniqueTag()}` });
    const make = (o: { hours: number; isUrgent?: boolean; approvedHoursAgo?: number }) =>
      buildRequest(db, {
        path,
        user: subject,
        statusId: o.approvedHoursAgo === undefined ? RequestStatus.SUBMITTED : RequestStatus.APPROVED,
        createdDate: hoursAgo(o.hours),
        set: {
          isUrgent: o.isUrgent ? 1 : 0,
          ...(o.approvedHoursAgo === undefined ? {} : { approvedDate: hoursAgo(o.approvedHoursAgo) }),
        },
      });
    const waiting = await make({ hours: 60 });
    const urgent = await make({ hours: 30, isUrgent: true });
    const recent = await make({ hours: 10 });
    const approved = await make({ hours: 300, approvedHoursAgo: 50 });
    const overdue = [waiting, urgent, approved].map((r) => r.requestId).sort((a, b) => a - b);

    const sue = await signIn(browser(), 'Sue Super', { width: 1800 });
    try {
      const { page } = sue;
      await page.getByRole('link', { name: 'Request Tracker' }).first().click();
      await page.getByRole('heading', { name: 'Request Tracker', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Search' }).fill(subject.lastName);
      await expect
        .poll(() => rowIds(page), poll)
        .toEqual([...overdue, recent.requestId].sort((a, b) => a - b));

      await page.getByRole('button', { name: `Filter ${messages.overdue}` }).click();
      const menu = page.getByRole('dialog', { name: `Filter ${messages.overdue}` });
      await menu.getByRole('checkbox', { name: '(Blank)' }).click();
      await menu.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => rowIds(page), poll).toEqual(overdue);
      for (const id of overdue) {
        await rowOf(page, id).getByText(messages.overdue, { exact: true }).waitFor();
      }
      // The filter is kept in the address: a reload shows the same lines.
      expect(page.url()).toContain('overdue');
      await page.reload();
      await expect.poll(() => rowIds(page), poll).toEqual(overdue);

      // Sue runs the reminders job from the Jobs screen.
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Jobs', exact: true })
        .click();
      const job = page.getByRole('region', { name: 'Task reminders' });
      await job.getByText('Schedule: hourly at 15 minutes past the hour').waitFor();
      await job.getByRole('button', { name: 'Run now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run Task reminders' });
      await dialog.getByRole('button', { name: 'Run now' }).click();
      await page.getByText('Task reminders completed.').waitFor({ timeout: 60_000 });
    } finally {
      await sue.context.close();
    }

    // Alex's bell lists the reminder of the line waiting for his approval.
    const alex = await signIn(browser(), 'Alex Approver');
    try {
      await alex.page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, / })
        .click();
      const list = alex.page.getByRole('dialog', { name: 'Notifications' });
      await list
        .getByRole('link', {
          name: new RegExp(`^Reminder: Request #${waiting.requestId} .* for your approval\\.`),
        })
        .waitFor();
    } finally {
      await alex.context.close();
    }
  });
});
