import { describe, expect, it } from 'vitest';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

describe('between a click and the next screen', () => {
  it('moves the menu highlight and shows the new heading and progress at once', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      // A slow line: the screen's code is held until the test lets it through.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/MyRequestsPage-*.js', async (route) => {
        await held;
        await route.continue();
      });
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const home = menu.getByRole('link', { name: 'Home', exact: true });
      const myRequests = menu.getByRole('link', { name: 'My Requests', exact: true });
      expect(await home.getAttribute('aria-current')).toBe('page');

      await myRequests.click();
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
      await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
      expect(await myRequests.getAttribute('aria-current')).toBe('page');
      expect(await home.getAttribute('aria-current')).toBeNull();
      // The old screen is gone, not left on show while the new one loads.
      expect(await page.getByText(/Welcome to the User Access Portal/).count()).toBe(0);

      release();
      await page.getByRole('table', { name: 'My Requests' }).waitFor();
      await expect.poll(() => page.getByRole('progressbar', { name: 'Loading' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
