import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildRecord, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { alexAndPatPath, demoEmails } from './data.ts';
import { expectFieldError, expectMarked } from './field-error.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const comment = 'Needs access for the spring campaign';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openWizard(page: Page) {
  await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
  await page.getByRole('heading', { name: 'New Platform Access Request' }).waitFor();
  for (const step of [
    'User Information',
    'Check Existing Access Information',
    'Platform Access Information',
  ]) {
    await page.getByRole('tab', { name: step }).waitFor();
  }
}

/** Step 0 → step 1: Next shows the subject's existing access. */
async function openExistingAccess(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(messages.existingAccessIntro).waitFor();
}

/** Step 1 → step 2: the overview is shown, then Next. */
async function passExistingAccess(page: Page) {
  await openExistingAccess(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();
}

async function choosePath(page: Page, practice: string, platform: string) {
  await choose(page, 'Region', 'North America');
  await choose(page, 'Market', 'United States');
  await choose(page, 'Agency', 'Northwind Media');
  await choose(page, 'Practice', practice);
  await choose(page, 'Platform Name', platform);
}

/** Adds one account row through the Add Account(s) dialog. */
async function addAccount(page: Page, a: { asset: string; userType: string; account: string }) {
  await page.getByRole('button', { name: 'Add account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
  await dialog.waitFor();
  await choose(page, 'Asset Type', a.asset);
  await choose(page, 'Platform User Type', a.userType);
  await dialog.getByRole('combobox', { name: 'Select Asset Name' }).click();
  await page.getByRole('option', { name: new RegExp(`^${a.account}`) }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('list', { name: 'Pending request lines' }).getByText(a.account).waitFor();
}

/** Submits and returns to Home, where a message names the new request and links to it. */
async function submit(page: Page) {
  await page.getByRole('textbox', { name: 'Comments' }).fill(comment);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByText(/Welcome to the User Access Portal/).waitFor();
  const notice = page.getByRole('status').filter({ hasText: /Request #\d+ submitted\./ });
  await notice.waitFor();
  const id = Number(/#(\d+)/.exec((await notice.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, notice };
}

describe('New Platform Access Request', () => {
  it('Sam requests Meta access for himself and sees it in My Requests', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openWizard(page);
      await page.getByRole('radio', { name: 'Myself' }).check();
      await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Sam');
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await page.getByText(messages.singleSignOnEmailWarning).waitFor();
      await passExistingAccess(page);

      await choosePath(page, 'Social', 'Meta');
      // Sam holds no Business Manager access yet: the business-access modal asks first.
      const business = page.getByRole('dialog', { name: 'Select the Meta Business Manager Access Details' });
      await business.waitFor();
      await business.getByRole('button', { name: 'Cancel' }).click();
      await choose(page, 'Client Name', 'Proseware Health');
      await addAccount(page, {
        asset: 'Ad Account',
        userType: 'Administrator',
        account: 'Proseware US Promotions',
      });
      expect(await page.getByRole('combobox', { name: 'Region' }).getAttribute('aria-disabled')).toBe('true');
      // Before submitting, the line says who will approve and provision it.
      await page
        .getByRole('list', { name: 'Pending request lines' })
        .getByText(/Approver: .+ · Provisioner: /)
        .waitFor();
      const { id, notice } = await submit(page);

      // The message links to the request in My Requests, and closes by itself.
      await notice.getByRole('link', { name: messages.viewInMyRequests }).click();
      await page.waitForURL(`**/MyRequests?requestId=${id}`);
      const myRequests = page.getByRole('table', { name: 'My Requests' });
      await myRequests.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).waitFor();
      await myRequests.getByText('Proseware US Promotions').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('requests for an internal colleague found by name, seeing access others requested for him', async () => {
    const db = e2eDb();
    const path = await alexAndPatPath();
    const pat = await userIdOf(db, demoEmails.pat);
    const marco = {
      userId: await userIdOf(db, 'marco.wilson@agency.example'),
      email: 'marco.wilson@agency.example',
    };
    const alex = { userId: await userIdOf(db, demoEmails.alex), email: demoEmails.alex };
    const marcosRecord = {
      id: (await buildRecord(db, { path, user: marco, createdBy: pat })).requestId,
      account: path.names.account,
    };
    const alexPath = await alexAndPatPath();
    const alexsRecord = {
      id: (await buildRecord(db, { path: alexPath, user: alex, createdBy: pat })).requestId,
      account: alexPath.names.account,
    };
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openWizard(page);
      await page.getByRole('radio', { name: 'Someone Else' }).check();
      await page.getByRole('radio', { name: 'Internal' }).check();
      const search = page.getByRole('textbox', { name: 'Corporate email or full name' });
      await search.fill('Marco');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Select User' });
      await modal.getByRole('button', { name: 'Select Marco Wilson' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: 'Last Name' }).inputValue()).toBe('Wilson');
      // A full name finds exactly one colleague: picked without the modal.
      await search.fill('Marco Wilson');
      await search.press('Enter');
      await page.getByText('marco.wilson@agency.example').first().waitFor();

      // Marco's record requested by Pat shows before Sam asks again; a record of Alex's does not.
      await openExistingAccess(page);
      const overview = page.getByRole('table', { name: 'User Access Overview' });
      await overview.getByRole('cell', { name: marcosRecord.account, exact: true }).waitFor();
      expect(await overview.getByRole('cell', { name: String(marcosRecord.id), exact: true }).count()).toBe(
        1,
      );
      // Not Sam's to modify: the Record ID is plain text, not a link.
      expect(await overview.getByRole('link', { name: String(marcosRecord.id) }).count()).toBe(0);
      expect(await overview.getByRole('cell', { name: alexsRecord.account, exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();

      await choosePath(page, 'Search', 'Google Ads');
      await choose(page, 'Client Name', 'Coho Winery');
      await addAccount(page, { asset: 'Ad Account', userType: 'Standard', account: 'Coho US Brand' });
      const { notice } = await submit(page);
      // A success message closes by itself (about 6 s).
      await notice.waitFor({ state: 'hidden', timeout: 12_000 });
    } finally {
      await context.close();
    }
  });

  it('requests for a new external user by email through the TPA confirm', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openWizard(page);
      await page.getByRole('radio', { name: 'Someone Else' }).check();
      await page.getByRole('radio', { name: 'External' }).click();
      const tpa = page.getByRole('dialog', { name: 'Third Party Access Agreement' });
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        tpa.getByRole('button', { name: 'View the Third Party Access Agreement' }).click(),
      ]);
      await popup.close();
      await tpa.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('textbox', { name: 'External user email' }).fill('new.vendor@vendor.example');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText(messages.noUserFound).waitFor();
      const fields = {
        'First Name': 'Nina',
        'Last Name': 'Vendor',
        'User Title': 'Media Buyer',
        'User Agency or Organization': 'Vendor Co',
        Department: 'Marketing',
        Location: 'Chicago',
      };
      for (const [label, value] of Object.entries(fields)) {
        await page.getByRole('textbox', { name: label }).fill(value);
      }
      await passExistingAccess(page);

      await choosePath(page, 'Search', 'Google Ads');
      await choose(page, 'Client Name', 'Graphic Design Institute');
      await addAccount(page, { asset: 'Ad Account', userType: 'Read only', account: 'GDI US Launch' });
      await submit(page);
    } finally {
      await context.close();
    }
  });

  it('shows the exact message of a digits-only name, an invalid email and a too-short comment', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await openWizard(page);
      await page.getByRole('radio', { name: 'Someone Else' }).check();
      await page.getByRole('radio', { name: 'External' }).click();
      await page
        .getByRole('dialog', { name: 'Third Party Access Agreement' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await page.getByRole('textbox', { name: 'External user email' }).fill('not an email');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText(messages.invalidEmail).waitFor();
      expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);

      await page.getByRole('radio', { name: 'Myself' }).check();
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      await expect.poll(() => firstName.inputValue()).toBe('Sam');
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await firstName.fill('12345');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('alert').getByText(messages.digitsOnly).waitFor();
      expect(await page.getByRole('heading', { name: 'Step 1 Platform Details' }).count()).toBe(0);

      await firstName.fill('Sam');
      await passExistingAccess(page);
      await choosePath(page, 'Search', 'Google Ads');
      await choose(page, 'Client Name', 'Trey Research Labs');
      await addAccount(page, { asset: 'Ad Account', userType: 'Read only', account: 'Trey US Launch' });
      const comments = page.getByRole('textbox', { name: 'Comments' });
      await comments.fill('abc');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expectFieldError(page, page.locator('body'), comments, messages.invalidComment);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("Confirm in Add Account(s) points at each empty field: the first is focused, each says 'Please complete required field(s)'", async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard', { height: 640 });
    try {
      await openWizard(page);
      await page.getByRole('radio', { name: 'Myself' }).check();
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await passExistingAccess(page);
      await choosePath(page, 'Search', 'Google Ads');
      await choose(page, 'Client Name', 'Trey Research Labs');
      await page.getByRole('button', { name: 'Add account', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
      const first = dialog.getByRole('group', { name: 'Account row 1' });
      const assetType = first.getByRole('combobox', { name: 'Asset Type' });
      const userType = first.getByRole('combobox', { name: 'Platform User Type' });
      const assetName = first.getByRole('combobox', { name: 'Select Asset Name' });
      const confirm = dialog.getByRole('button', { name: 'Confirm' });

      await confirm.click();
      await expectFieldError(page, dialog, assetType, messages.completeRequiredFields);
      await expectMarked(page, userType, messages.completeRequiredFields);
      await expectMarked(page, assetName, messages.completeRequiredFields);

      // The first row filled in; a second row of limited access without anything: its fields,
      // the dates too, are marked and its Asset Type is focused.
      await assetType.click();
      await page.getByRole('option', { name: 'Ad Account', exact: true }).click();
      expect(await assetType.getAttribute('aria-invalid')).not.toBe('true');
      await userType.click();
      await page.getByRole('option', { name: 'Read only', exact: true }).click();
      await assetName.click();
      await page.getByRole('option', { name: /^Trey US Launch/ }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Add another row' }).click();
      const second = dialog.getByRole('group', { name: 'Account row 2' });
      await second.getByLabel('Unlimited').uncheck();
      await confirm.click();
      await expectFieldError(
        page,
        dialog,
        second.getByRole('combobox', { name: 'Asset Type' }),
        messages.completeRequiredFields,
      );
      await expectMarked(page, second.getByLabel('Start Date'), messages.completeRequiredFields);
      await expectMarked(page, second.getByLabel('End Date'), messages.completeRequiredFields);
      expect(await assetType.getAttribute('aria-invalid')).not.toBe('true');
      expect(await dialog.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
