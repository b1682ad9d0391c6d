import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, messages } from '@uap/domain';
import { buildPath, buildRequest, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectFieldError } from './field-error.ts';
import { demoEmails, samLine } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** A Google Ads account of Northwind Media no other journey requests (Alex approves, Pat provisions). */
const ACCOUNT = 'Trey US Seasonal';
const STANDARD_COMMENT = 'Access granted in the platform.';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Sam asks for Google Ads access for himself through the wizard (the minimal steps of new-request.e2e.ts). */
async function submitRequest(page: Page) {
  await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
  await page.getByRole('heading', { name: 'New Platform Access Request' }).waitFor();
  await page.getByRole('radio', { name: 'Myself' }).check();
  await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Sam');
  await page.getByText(/Manager: Alex Approver/).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(messages.existingAccessIntro).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();
  await choose(page, 'Region', 'North America');
  await choose(page, 'Market', 'United States');
  await choose(page, 'Agency', 'Northwind Media');
  await choose(page, 'Practice', 'Search');
  await choose(page, 'Platform Name', 'Google Ads');
  await choose(page, 'Client Name', 'Trey Research Labs');
  await page.getByRole('button', { name: 'Add account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
  await dialog.waitFor();
  await choose(page, 'Asset Type', 'Ad Account');
  await choose(page, 'Platform User Type', 'Standard');
  await dialog.getByRole('combobox', { name: 'Select Asset Name' }).click();
  await page.getByRole('option', { name: new RegExp(`^${ACCOUNT}`) }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('textbox', { name: 'Comments' }).fill('Needs access for the seasonal search campaign');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /Request #\d+ submitted\./ })
    .waitFor();
}

/** The id of Sam's new line, read from its row in My Requests. */
async function newRequestId(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'My Requests' }).first().click();
  const table = page.getByRole('table', { name: 'My Requests' });
  const row = table.getByRole('row').filter({ hasText: ACCOUNT }).first();
  const label = await row.getByRole('checkbox').getAttribute('aria-label');
  const id = Number(/Select row (\d+)/.exec(label ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** Narrows a table screen to one request through its search box. */
async function searchFor(page: Page, requestId: number) {
  await page.getByRole('textbox', { name: 'Search' }).fill(String(requestId));
}

describe('Provisioning', () => {
  it('(1) Sam requests, Alex approves, Pat provisions with a standard comment, Sam sees the record Active', async () => {
    let requestId = 0;
    const sam = await signIn(browser(), 'Sam Standard');
    try {
      await submitRequest(sam.page);
      requestId = await newRequestId(sam.page);
    } finally {
      await sam.context.close();
    }

    const alex = await signIn(browser(), 'Alex Approver');
    try {
      const { page } = alex;
      await page.goto('/Approvals');
      await searchFor(page, requestId);
      await page.getByRole('button', { name: String(requestId), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Approval Request #${requestId}` });
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Approved for the seasonal campaign');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(messages.requestApproved).first().waitFor();
    } finally {
      await alex.context.close();
    }

    const pat = await signIn(browser(), 'Pat Provisioner', { height: 640 });
    try {
      const { page } = pat;
      await page.goto('/Provisioners');
      await page.getByRole('heading', { name: 'My Provisioning Tasks', exact: true }).first().waitFor();
      await searchFor(page, requestId);
      await page.getByRole('button', { name: `Open provisioning request ${requestId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Provisioning Request #${requestId}` });
      await dialog.getByText(ACCOUNT).first().waitFor();

      // Approve without a comment: the comment box, below the request's details, is scrolled to,
      // focused, marked invalid and says why.
      const comments = dialog.getByRole('textbox', { name: 'Comments' });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectFieldError(page, dialog, comments, messages.inputComment);

      // A standard comment can be added and removed from the modal.
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'New standard comment' }),
        messages.inputCommentToAdd,
      );
      const note = `Checked by the e2e run ${Date.now()}`;
      await dialog.getByRole('textbox', { name: 'New standard comment' }).fill(note);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByRole('button', { name: note }).click();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.getByRole('button', { name: note }).waitFor({ state: 'detached' });

      await dialog.getByRole('button', { name: STANDARD_COMMENT }).click();
      expect(await dialog.getByRole('textbox', { name: 'Comments' }).inputValue()).toBe(STANDARD_COMMENT);
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(messages.requestProvisioned).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('table', { name: 'My Provisioning Tasks' }).getByRole('row').filter({
        hasText: STANDARD_COMMENT,
      });
      await row.getByText('Completed').waitFor();
    } finally {
      await pat.context.close();
    }

    const samAgain = await signIn(browser(), 'Sam Standard');
    try {
      const { page } = samAgain;
      await page.goto(`/ChangeUserRecords?Id=${requestId}`);
      await page.getByRole('heading', { name: 'Modify an Existing Access' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: ACCOUNT });
      await row.getByText('Active', { exact: true }).waitFor();
    } finally {
      await samAgain.context.close();
    }
  });

  it('(5) Pat’s tile says how many lines wait to be provisioned; the list puts them before his Completed ones, and its bulk button names the dialog it opens', async () => {
    // An urgent Completed line of 2020 (the oldest urgent line of his list) and an Approved one.
    const db = e2eDb();
    const pat = await userIdOf(db, demoEmails.pat);
    const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
    const path = await buildPath(db, {
      assignment: { primary: await userIdOf(db, demoEmails.alex), provisioner: pat },
    });
    const old = await buildRequest(db, {
      path,
      user: sam,
      statusId: RequestStatus.COMPLETED,
      createdDate: '2020-01-01T00:00:00.000Z',
      set: { isUrgent: 1, provisionedBy: pat },
    });
    const approved = await buildRequest(db, { path, user: sam, statusId: RequestStatus.APPROVED });
    const { context, page } = await signIn(browser(), 'Pat Provisioner');
    try {
      const tile = page.getByRole('link', { name: /^My Provisioning Tasks \d+\+? to provision$/ });
      await tile.getByText(/^\d+\+? to provision$/).waitFor();
      await tile.click();
      const table = page.getByRole('table', { name: 'My Provisioning Tasks' });
      await table.getByRole('row').nth(1).waitFor();
      // The first row needs work: an Approved line, not the old urgent Completed one.
      await table.getByRole('row').nth(1).getByText('Approved', { exact: true }).waitFor();
      expect(
        await table
          .getByRole('row')
          .nth(1)
          .getByRole('checkbox', { name: `Select row ${old.requestId}`, exact: true })
          .count(),
      ).toBe(0);

      await searchFor(page, approved.requestId);
      await table.getByRole('checkbox', { name: `Select row ${approved.requestId}`, exact: true }).check();
      await page.getByRole('button', { name: `${messages.actionOnSelectedRequests} (1)` }).click();
      const dialog = page.getByRole('dialog', { name: messages.actionOnSelectedRequests });
      await dialog.getByRole('button', { name: messages.decideApprove, exact: true }).waitFor();
      await dialog.getByRole('button', { name: messages.decideReject, exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await context.close();
    }
  });

  it('(4) Pat archives a completed request and finds it in My Archive Provisionings', async () => {
    // A request Pat provisioned, on a path of its own.
    const { id: requestId, path } = await samLine({ provisionedByPat: true });
    const ACCOUNT = path.names.account;
    const { context, page } = await signIn(browser(), 'Pat Provisioner');
    try {
      await page.goto('/Provisioners');
      await searchFor(page, requestId);
      const archive = page.getByRole('button', { name: 'Archive', exact: true });
      await page.getByRole('checkbox', { name: `Select row ${requestId}` }).check();
      expect(await archive.isEnabled()).toBe(true);
      await archive.click();
      const confirm = page.getByRole('dialog', { name: 'Archive selected requests' });
      await confirm.getByRole('button', { name: 'Yes, archive' }).click();
      await page.getByText(messages.requestsArchived).waitFor();
      await page
        .getByRole('table', { name: 'My Provisioning Tasks' })
        .getByText(messages.noRowsMatchFilters)
        .waitFor();

      await page.goto('/ArchiveProvisioners');
      await page.getByRole('heading', { name: 'My Archive Provisionings', exact: true }).first().waitFor();
      await searchFor(page, requestId);
      const table = page.getByRole('table', { name: 'My Archive Provisionings' });
      await table.getByRole('row').filter({ hasText: ACCOUNT }).getByText('Archived').waitFor();
      expect(await table.getByRole('checkbox').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('(6) Pat adds a provisioner comment: a blank one is refused at its field, then it is saved', async () => {
    const { id: requestId } = await samLine({ provisionedByPat: true });
    const { context, page } = await signIn(browser(), 'Pat Provisioner');
    try {
      await page.goto('/Provisioners');
      await searchFor(page, requestId);
      await page.getByRole('checkbox', { name: `Select row ${requestId}` }).check();
      // The toolbar's button comes before the table's column header of the same name.
      await page.getByRole('button', { name: 'Provisioner Comment', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Provisioner Comment' });
      const field = dialog.getByRole('textbox', { name: 'Provisioner comment' });
      await dialog.getByRole('button', { name: 'Enter' }).click();
      await expectFieldError(page, dialog, field, 'You have to input a comment.');

      await field.fill('Licence ordered, waiting for the vendor');
      await dialog.getByRole('button', { name: 'Enter' }).click();
      await page.getByText('Comment saved successfully', { exact: true }).waitFor();
      expect(await dialog.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
