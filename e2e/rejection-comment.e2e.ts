import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const myRequests = (page: Page) => page.getByRole('table', { name: 'My Requests' });
const rowOf = (page: Page, id: number) =>
  myRequests(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }) });

describe('Why a request was rejected', () => {
  it('Alex rejects Sam’s request with a comment; Sam reads it in the bell and in My Requests', async () => {
    const { id } = await samLine({ statusId: RequestStatus.SUBMITTED });
    const comment = `Ask your manager to confirm the campaign first (${id})`;

    const alex = await signIn(browser(), 'Alex Approver');
    try {
      await alex.page.goto(`/Approvals?requestId=${id}`);
      const dialog = alex.page.getByRole('dialog', { name: `Approval Request #${id}` });
      await dialog.getByRole('region', { name: 'Approver and Provisioner Details' }).waitFor();
      await dialog.getByRole('textbox', { name: 'Comments' }).fill(comment);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await alex.page
        .getByRole('dialog', { name: 'Reject request' })
        .getByRole('button', { name: 'Yes, reject' })
        .click();
      await alex.page.getByText(messages.requestRejected).waitFor();
    } finally {
      await alex.context.close();
    }

    const sam = await signIn(browser(), 'Sam Standard');
    try {
      // The bell says who rejected it and why; its link opens the request in My Requests.
      await sam.page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      const notification = sam.page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', {
        name: new RegExp(
          `^Your request #${id} .* was rejected by Alex Approver\\. Comment: ${escaped(comment)}`,
        ),
      });
      await notification.click();
      await sam.page.waitForURL(new RegExp(`/MyRequests\\?requestId=${id}$`));

      await myRequests(sam.page)
        .getByRole('columnheader', { name: /Decision Comment/ })
        .waitFor();
      const row = rowOf(sam.page, id);
      await row.waitFor();
      await expect.poll(() => row.getByRole('cell', { name: 'Rejected', exact: true }).count(), poll).toBe(1);
      await expect.poll(() => row.getByRole('cell', { name: comment, exact: true }).count(), poll).toBe(1);
    } finally {
      await sam.context.close();
    }
  });
});
