/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

/** Where the pending screen's parts are: the title's text itself (what a paint measures), the bar, the spinner's centre. */
async function pendingGeometry(page: Page) {
  const title = page.locator('#root p', { hasText: 'Request Tracker' });
  await title.waitFor();
  return title.evaluate((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const text = range.getBoundingClientRect();
    const bar = document.querySelector('#root > div > div')!.getBoundingClientRect();
    const spinner = document.querySelector('[role=progressbar]')!.getBoundingClientRect();
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      text: [text.x, text.y, text.width, text.height].map(round),
      bar: [bar.x, bar.y, bar.width, bar.height].map(round),
      barColor: getComputedStyle(document.querySelector('#root > div > div')!).backgroundColor,
      spinnerCentre: [spinner.x + spinner.width / 2, spinner.y + spinner.height / 2].map(round),
      isHidden: p.getAttribute('aria-hidden'),
    };
  });
}

/** Holds back the page's requests to `url` until the function it resolves to is called. */
async function holdBack(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the first draw of a screen', () => {
  it.each([
    { width: 412, height: 823 },
    { width: 1280, height: 900 },
  ])('is drawn by the server before any script runs, as the app then draws it ($width px)', async (size) => {
    const { context, page } = await signIn(browser(), 'Ada Admin', size);
    try {
      // Without the scripts: the server's page alone.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/AllRequest');
      await expect.poll(() => page.getByRole('progressbar', { name: 'Loading' }).isVisible()).toBe(true);
      expect(await page.getByText('Request Tracker').isVisible()).toBe(true);
      const server = await pendingGeometry(page);
      // No heading yet: the title is a picture of the screen's heading, hidden from assistive technology.
      expect(await page.getByRole('heading').count()).toBe(0);
      expect(server.isHidden).toBe('true');

      // With the scripts, while the user check is held: the app's pending screen.
      await page.unroute('**/assets/*.js');
      const release = await holdBack(page, '**/api/User/ValidateNewUser');
      await page.goto('/AllRequest');
      await page.getByRole('progressbar', { name: 'Checking your access' }).waitFor();
      const app = await pendingGeometry(page);
      expect(app).toEqual(server);

      release();
      await page.getByRole('heading', { name: 'Request Tracker', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('starts without asking for the configuration, which index.html carries', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/config') {
          asked.push(request.url());
        }
      });
      await page.goto('/AllRequest');
      await page.getByRole('heading', { name: 'Request Tracker', level: 1 }).waitFor();
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the Request Tracker's first page on a phone", () => {
  it('follows its grey cards, which it hides, and loads its answer schemas from the links index.html carries', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin', { width: 412, height: 823 });
    try {
      // The page's answer held back, so the grey cards are seen first.
      const release = await holdBack(page, '**/api/Request/AllRequests');
      const html: string[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'document') {
          html.push(await response.text());
        }
      });
      await page.goto('/AllRequest');
      // The grey cards are hidden from assistive technology: found by their list's class.
      const greyCards = page.locator('ul[aria-hidden="true"]');
      await expect.poll(() => greyCards.isVisible()).toBe(true);

      release();
      const cards = page.getByRole('list', { name: 'All Requests' }).getByRole('listitem');
      await cards.first().getByText('Request ID').waitFor();
      expect(await greyCards.isVisible()).toBe(false);
      expect(await cards.count()).toBeGreaterThan(1);

      // The tracker's answer schemas were preloaded from index.html, and nothing appended
      // another link for them (or for any other file) when the first answer was checked.
      const linked = [...(html[0] ?? '').matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(linked.some((href) => /\/tracker-schemas-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
      const links = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
      );
      expect(links.sort()).toEqual([...linked].sort());
    } finally {
      await context.close();
    }
  });
});
