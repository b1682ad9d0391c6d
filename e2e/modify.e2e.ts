import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchBrowser, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Sam's active, Completed Workfront record with a limited length of access in the demo seed
 * (fixed random seeds and ids in creation order make it the same id on every fresh seed).
 */
const RECORD_ID = 643;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens the record pre-filtered by ?Id=, selects it and opens the Modify Request modal. */
async function openModify(page: Page) {
  await page.goto(`/ChangeUserRecords?Id=${RECORD_ID}`);
  await page.getByRole('heading', { name: 'Modify an Existing Access' }).waitFor();
  await page.getByRole('checkbox', { name: `Select row ${RECORD_ID}` }).check();
  await page.getByRole('button', { name: 'Modify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify Request' });
  await dialog.getByText(`Record ID ${RECORD_ID}`).waitFor();
  return dialog;
}

describe('Modify an Existing Access (issue 3 §4)', () => {
  it('refuses the same user role with the spec message', async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
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

  it('(5) sends a new length of access of a completed record for approval', async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
    try {
      const dialog = await openModify(page);
      await dialog.getByRole('radio', { name: 'Length Of Access' }).check();
      await dialog.getByLabel('Start Date').fill(inDays(0));
      await dialog.getByLabel('End Date').fill(inDays(120));
      await dialog.getByLabel('Comments').fill('Extending access for the next campaign');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(messages.requestsSentForApproval).waitFor();
      await page.getByRole('button', { name: 'No' }).click();
    } finally {
      await context.close();
    }
  });
});
