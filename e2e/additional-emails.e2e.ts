import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

describe("The wizard's 'Email associated with this request'", () => {
  it('shows who added each email to the profile, and the owner removes one', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
      await page.getByRole('radio', { name: 'Myself' }).check();
      const email = `sam.e2e.${Date.now()}@partner.example`;
      const select = page.getByRole('combobox', { name: 'Email associated with this request', exact: true });
      await select.click();
      await page.getByRole('option', { name: 'Add new email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add new email' });
      await dialog.getByRole('textbox', { name: 'New email' }).fill(email);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(messages.emailLinked).waitFor();

      const added = page.getByRole('list', { name: 'Added emails' });
      await added.getByText(`${email} (${messages.emailAddedBy('Sam Standard')})`).waitFor();
      await select.click();
      await page.getByRole('option', { name: new RegExp(`^${email.replace(/\./g, '\\.')}`) }).waitFor();
      await expect
        .poll(() =>
          page.getByRole('option', { name: new RegExp(`^${email.replace(/\./g, '\\.')}`) }).textContent(),
        )
        .toContain(messages.emailAddedBy('Sam Standard'));
      await page.keyboard.press('Escape');

      await added.getByRole('button', { name: `Remove ${email}` }).click();
      await page.getByText(messages.additionalEmailRemoved).waitFor();
      await added.getByText(email).waitFor({ state: 'detached' });
      await select.click();
      await expect
        .poll(() => page.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) }).count())
        .toBe(0);
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });
});
