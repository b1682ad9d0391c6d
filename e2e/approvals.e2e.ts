import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';
import { expectFieldError } from './field-error.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };
const table = (page: Page) => page.getByRole('table', { name: 'My Approval Tasks' });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

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

async function openTasks(page: Page) {
  await page.goto('/Approvals');
  await page.getByRole('heading', { name: /^My Approval Tasks \(\d+\)$/ }).waitFor();
  await expect.poll(async () => (await rowIds(page)).length, poll).toBeGreaterThan(0);
}

describe('My Approval Tasks', () => {
  it('(2) Alex rejects a submitted request after the confirmation and it leaves his list', async () => {
    // A short window: the request's details fill the dialog and the comment box is below them.
    const { context, page } = await signIn(browser(), 'Alex Approver', { height: 640 });
    try {
      await openTasks(page);
      // An Add request: rejecting it asks for confirmation.
      const addRow = table(page).getByRole('row').filter({ hasText: 'Add access' }).first();
      const label = await addRow.getByRole('checkbox').getAttribute('aria-label');
      const id = Number(/\d+$/.exec(label ?? '')?.[0]);
      expect(id).toBeGreaterThan(0);

      await rowOf(page, id)
        .getByRole('button', { name: String(id), exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: `Approval Request #${id}` });
      await dialog.getByRole('region', { name: 'Approver and Provisioner Details' }).waitFor();
      // Reject without a comment while the comment box is below the fold: the box is scrolled to,
      // focused, marked invalid and says why.
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'Comments' }),
        messages.inputComment,
      );

      await dialog
        .getByRole('textbox', { name: 'Comments' })
        .fill('This access is not needed for the campaign');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reject request' });
      await confirm.getByRole('button', { name: 'Yes, reject' }).click();

      await page.getByText(messages.requestRejected).waitFor();
      await expect.poll(async () => (await rowIds(page)).includes(id), poll).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('(3) Alex selects three requests and approves them with one comment', async () => {
    const { context, page } = await signIn(browser(), 'Alex Approver');
    try {
      await openTasks(page);
      const ids = (await rowIds(page)).slice(0, 3);
      expect(ids).toHaveLength(3);
      for (const id of ids) {
        await table(page)
          .getByRole('checkbox', { name: `Select row ${id}`, exact: true })
          .check();
      }
      await page.getByRole('button', { name: 'Action on Selected Requests (3)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Action on Selected Requests' });
      // The dialog lists what is being decided, one line per request.
      const lines = dialog.getByRole('table', { name: 'Requests to decide' });
      for (const id of ids) {
        await lines.getByRole('cell', { name: `#${id}`, exact: true }).waitFor();
      }
      expect(await lines.getByRole('row').count()).toBe(4);
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Approved for the quarter');
      await dialog.getByRole('button', { name: 'Approve all' }).click();

      // The result counts what happened.
      await page.getByRole('status').getByText(messages.requestsDecided(3, 'approved')).waitFor();
      await expect
        .poll(async () => {
          const left = await rowIds(page);
          return ids.some((id) => left.includes(id));
        }, poll)
        .toBe(false);
      await page.getByRole('button', { name: 'Action on Selected Requests (0)' }).waitFor();

      // They are in his archive now.
      await page.goto('/ArchiveApprovals');
      const archive = page.getByRole('table', { name: 'My Archive Approvals' });
      for (const id of ids) {
        await archive.getByRole('button', { name: String(id), exact: true }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('(6) an expired deactivation cannot be rejected: the alert opens the expired edit view', async () => {
    // Sam asks to deactivate his record that expired 20 days ago, on a path routed to Alex
    // (Modify an Existing Access → Deactivate).
    const { id: EXPIRED_RECORD_ID } = await samLine({ days: [-80, -20] });
    const sam = await signIn(browser(), 'Sam Standard');
    try {
      await sam.page.goto(`/ChangeUserRecords?Id=${EXPIRED_RECORD_ID}`);
      await sam.page.getByRole('checkbox', { name: `Select row ${EXPIRED_RECORD_ID}` }).check();
      await sam.page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      const deactivate = sam.page.getByRole('dialog', { name: 'Deactivate Access' });
      await deactivate
        .getByRole('textbox', { name: 'Comments' })
        .fill('Campaign ended, access no longer needed');
      await deactivate.getByRole('button', { name: 'Deactivate' }).click();
      await sam.page.getByText(messages.requestsSentForApproval).waitFor();
    } finally {
      await sam.context.close();
    }

    const { context, page } = await signIn(browser(), 'Alex Approver');
    try {
      await openTasks(page);
      await page.getByLabel('Search').fill('Deactivate access');
      await expect
        .poll(async () => table(page).getByRole('row').filter({ hasText: 'Add access' }).count(), poll)
        .toBe(0);
      const id = Math.max(...(await rowIds(page)));
      await rowOf(page, id)
        .getByRole('button', { name: String(id), exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: `Approval Request #${id}` });
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Deactivation is not right');
      await dialog.getByRole('button', { name: 'Reject' }).click();

      const alert = page.getByRole('dialog', { name: 'Expired deactivation request' });
      await alert.getByText(messages.expiredDeactivationReject).waitFor();
      await alert.getByRole('button', { name: 'OK' }).click();

      const edit = page.getByRole('dialog', { name: `Modify Length Of Access #${id}` });
      await edit.getByLabel('Start Date').fill(inDays(0));
      await edit.getByLabel('End Date').fill(inDays(30));
      await edit.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(messages.requestsModified).waitFor();

      // Back in the request, the approver may now reject it.
      const again = page.getByRole('dialog', { name: `Approval Request #${id}` });
      await again.getByRole('textbox', { name: 'Comments' }).fill('Keep the access for another month');
      await again.getByRole('button', { name: 'Reject' }).click();
      await page.getByText(messages.requestRejected).waitFor();
    } finally {
      await context.close();
    }
  });
});
