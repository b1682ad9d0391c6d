import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

describe('the server becomes unreachable', () => {
  it('a failed call still shows its error with Reload, though the error dialog cannot be downloaded', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      // From now on the API is unreachable, and so is the error dialog's code (not downloaded yet).
      await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await context.route('**/assets/ErrorDialog-*', (route) => route.abort('internetdisconnected'));
      // Opening the bell asks the server for the notifications.
      await page
        .getByRole('button', { name: /notification/i })
        .first()
        .click();

      await page.getByText(messages.appPartNotLoaded).waitFor({ timeout: 30_000 });
      // The open bell hides the page from assistive technology; closed, the notice is a dialog.
      await page.keyboard.press('Escape');
      const notice = page.getByRole('alertdialog', { name: messages.errorTitle });
      await expect.poll(() => notice.textContent()).toContain(messages.appPartNotLoaded);
      await notice.getByRole('button', { name: 'Reload' }).waitFor();
      // The screen behind it is still there: the menu did not go with the failed part.
      await page.getByRole('link', { name: 'My Requests' }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
