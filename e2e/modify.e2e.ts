import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';
import { expectFieldError } from './field-error.ts';

const browser = launchedForFile();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens a record pre-filtered by ?Id=, selects it and opens the modal behind `button`. */
async function openAction(page: Page, recordId: number, button: string, dialogName: string) {
  await page.goto(`/ChangeUserRecords?Id=${recordId}`);
  await page.getByRole('heading', { name: 'Modify an Existing Access' }).waitFor();
  await page.getByRole('checkbox', { name: `Select row ${recordId}` }).check();
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByText(`Record ID ${recordId}`).waitFor();
  return dialog;
}

/** Each journey modifies a record of its own: Sam's, Completed, with a limited length of access. */
const limitedRecord = async () => (await samLine({ days: [-30, 60] })).id;
const openModify = async (page: Page) => openAction(page, await limitedRecord(), 'Modify', 'Modify Request');

describe('Modify an Existing Access', () => {
  it('refuses the same user role with the spec message', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      const dialog = await openModify(page);
      await dialog.getByRole('radio', { name: 'User Role' }).check();
      await dialog.getByLabel('Comments').fill('Keep my access as it is');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByRole('alert').getByText(messages.sameUserRole).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a missing new platform email is marked at its field, which is focused; a short comment too', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard', { height: 640 });
    try {
      const dialog = await openModify(page);
      await dialog.getByRole('radio', { name: 'Platform Email' }).check();
      await dialog.getByLabel('Comments').fill('Moving to my new address');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const email = dialog.getByRole('textbox', { name: 'New Platform Email' });
      await expectFieldError(page, dialog, email, messages.completeRequiredFields);
      // Said once, at the field: not again at the top of the dialog.
      expect(await dialog.getByText(messages.completeRequiredFields).count()).toBe(1);

      await email.fill(`sam.${Date.now()}@agency.example`);
      expect(await email.getAttribute('aria-invalid')).not.toBe('true');
      await dialog.getByLabel('Comments').fill('ok');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectFieldError(page, dialog, dialog.getByLabel('Comments'), messages.invalidComment);
    } finally {
      await context.close();
    }
  });

  it('(5) sends a new length of access of a completed record for approval', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      const recordId = await limitedRecord();
      const dialog = await openAction(page, recordId, 'Modify', 'Modify Request');
      await dialog.getByRole('radio', { name: 'Length Of Access' }).check();
      await dialog.getByLabel('Start Date').fill(inDays(0));
      await dialog.getByLabel('End Date').fill(inDays(120));
      await dialog.getByLabel('Comments').fill('Extending access for the next campaign');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      // The answer names the change request it created, and the record shows it as pending.
      const answer = page.getByText(messages.requestsSentForApproval);
      await answer.waitFor();
      const changeId = Number(/change request is #(\d+)/.exec((await answer.textContent()) ?? '')?.[1]);
      expect(changeId).toBeGreaterThan(recordId);
      await page.getByRole('button', { name: 'No' }).click();
      await page
        .getByRole('table', { name: 'My Records' })
        .getByRole('link', { name: `Change request #${changeId}` })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('reassigns a record to a colleague picked through the Select User search', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      const dialog = await openAction(
        page,
        await limitedRecord(),
        'Reassign Email',
        'Reassign Non-Personal User Email',
      );
      const search = dialog.getByLabel('New user: corporate email or full name');
      await dialog.getByLabel('Comments').fill('The campaign mailbox moves to Zoe');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectFieldError(page, dialog, search, messages.enterNewUserEmail);

      await search.fill('zoe@');
      await search.press('Enter');
      await dialog.getByText(messages.enterValidNewUserEmail).waitFor();

      // Exactly one match is picked without asking; picking the record's own user is refused.
      await search.fill('Sam Standard');
      await dialog.getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('alert').getByText(messages.sameUserReassign).waitFor();

      // Several matches open the 'Select User' modal.
      await search.fill('Zoe');
      await search.press('Enter');
      const results = page.getByRole('dialog', { name: 'Select User' });
      await results.getByRole('button', { name: 'Select Zoe Rodriguez' }).click();
      await results.waitFor({ state: 'hidden' });
      await dialog.getByText('New User Email: Zoe Rodriguez (zoe.rodriguez@agency.example)').waitFor();

      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(messages.requestsSentForApproval).waitFor();
      await page.getByRole('button', { name: 'No' }).click();
    } finally {
      await context.close();
    }
  });
});
