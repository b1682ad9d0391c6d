import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';

/**
 * The request wizard with the keyboard alone: Tab / Shift+Tab to move, Enter and Space to
 * press, arrow keys to choose, typing into fields. No click, no fill, no focus() call.
 */

const browser = launchedForFile();

const hasFocus = (target: Locator) =>
  target.evaluate(
    (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
  );

const isHighlighted = (option: Locator) =>
  option.evaluate((el: { classList: { contains(name: string): boolean } }) =>
    el.classList.contains('Mui-focused'),
  );

/** Presses Tab until the target has the focus (it must be a tab stop). */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 150; presses += 1) {
    if (await hasFocus(target)) {
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens a select with Enter, moves to the option with the arrow keys and picks it with Enter. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await tabTo(page, scope.getByRole('combobox', { name: label, exact: true }));
  await page.keyboard.press('Enter');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await wanted.waitFor();
  for (let presses = 0; presses < 100 && !(await hasFocus(wanted)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await wanted.waitFor({ state: 'hidden' });
}

async function press(page: Page, target: Locator, key: 'Enter' | ' ' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

describe('New Platform Access Request with the keyboard alone', () => {
  it('Sam requests Google Ads access for himself without the mouse', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await press(page, page.getByRole('link', { name: 'Create a New Access Request' }).first());
      await page.getByRole('heading', { name: 'New Platform Access Request', level: 1 }).waitFor();

      // Step 1: who for (Space checks a radio button), then Next.
      await press(page, page.getByRole('radio', { name: 'Myself' }), ' ');
      await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Sam');
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await press(page, page.getByRole('button', { name: 'Next', exact: true }));

      // Step 2: the existing access overview, then Next.
      await page.getByText(messages.existingAccessIntro).waitFor();
      await press(page, page.getByRole('button', { name: 'Next', exact: true }));
      await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();

      // Step 3: the path, the client, one account line through the dialog.
      await choose(page, page, 'Region', 'North America');
      await choose(page, page, 'Market', 'United States');
      await choose(page, page, 'Agency', 'Northwind Media');
      await choose(page, page, 'Practice', 'Search');
      await choose(page, page, 'Platform Name', 'Google Ads');
      await choose(page, page, 'Client Name', 'Coho Winery');

      await press(page, page.getByRole('button', { name: 'Add account', exact: true }));
      const dialog = page.getByRole('dialog', { name: 'Add Account(s)' });
      await dialog.waitFor();
      await choose(page, dialog, 'Asset Type', 'Ad Account');
      await choose(page, dialog, 'Platform User Type', 'Standard');
      const assetName = dialog.getByRole('combobox', { name: 'Select Asset Name' });
      await tabTo(page, assetName);
      await page.keyboard.type('Coho US Brand');
      const account = page.getByRole('option', { name: /^Coho US Brand/ });
      await account.waitFor();
      // The focus stays in the field; the arrow keys move the highlighted option (after 'Select all').
      for (let presses = 0; presses < 20 && !(await isHighlighted(account)); presses += 1) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await press(page, dialog.getByRole('button', { name: 'Confirm' }));
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('list', { name: 'Pending request lines' }).getByText('Coho US Brand').waitFor();

      // Submit with a comment; Home names the new request.
      await tabTo(page, page.getByRole('textbox', { name: 'Comments' }));
      await page.keyboard.type('Needs access for the spring campaign');
      await press(page, page.getByRole('button', { name: 'Submit Request' }));
      await page.getByText(/Welcome to the User Access Portal/).waitFor();
      const notice = page.getByRole('status').filter({ hasText: /Request #\d+ submitted\./ });
      await notice.getByRole('link', { name: messages.viewInMyRequests }).waitFor();
    } finally {
      await context.close();
    }
  });
});
