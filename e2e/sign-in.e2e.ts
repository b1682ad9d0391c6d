import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { baseUrl, launchedForFile } from './browser.ts';

const browser = launchedForFile();

/** The session the SPA keeps in session storage (oidc-client-ts' user store). */
interface StoredSession {
  access_token: string;
  refresh_token?: string;
  expires_at: number;
}

/** The SPA's own pages, not the identity provider's (/oidc/…, its sign-in page /signin/…). */
const isAppPage = (pathname: string) => !/^\/(oidc|signin)\//.test(pathname);

describe('sign-in', () => {
  it('loads the app once before the provider and once on its way back, then renews the token silently', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      // Fake timers from the first script on, so the renewal an hour later can be fast-forwarded.
      await page.clock.install();
      const documents: string[] = [];
      const tokenRequests: Request[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
          documents.push(url.pathname);
        }
        if (url.pathname === '/oidc/token') {
          tokenRequests.push(request);
        }
      });

      await page.goto('/MyRequests?tab=1');
      await page.getByRole('button', { name: 'Sign in as Sam Standard' }).click();
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/MyRequests?tab=1');

      expect(documents.filter(isAppPage)).toEqual(['/MyRequests', '/signin-callback']);
      expect(tokenRequests.map((r) => new URLSearchParams(r.postData() ?? '').get('grant_type'))).toEqual([
        'authorization_code',
      ]);

      const readSession = () =>
        page.evaluate(() => {
          const store = (globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage;
          const key = Object.keys(store).find((k) => k.startsWith('oidc.user:'));
          return key ? (JSON.parse(store[key]!) as StoredSession) : null;
        });
      const before = await readSession();
      expect(before?.refresh_token).toBeTruthy();

      // A minute before the hour-long token expires, the SPA renews it with the refresh token.
      await page.clock.fastForward('59:30');
      await expect.poll(() => tokenRequests.length).toBe(2);
      expect(new URLSearchParams(tokenRequests[1]!.postData() ?? '').get('grant_type')).toBe('refresh_token');
      await expect.poll(async () => (await readSession())?.access_token).not.toBe(before!.access_token);
      expect(documents.filter(isAppPage)).toEqual(['/MyRequests', '/signin-callback']);
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens a signed-in page without waiting for the sign-in library, which then renews the token', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await page.clock.install();
      const events: string[] = [];
      const tokenRequests: Request[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/oidc-client-ts')) {
          events.push('sign-in library');
        }
        if (url.pathname === '/api/User/ValidateNewUser') {
          events.push('user check');
        }
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
          events.push(`page ${url.pathname}`);
        }
        if (url.pathname === '/oidc/token') {
          tokenRequests.push(request);
        }
      });
      await page.goto('/MyRequests');
      await page.getByRole('button', { name: 'Sign in as Sam Standard' }).click();
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      // A new load of the page, with the session in session storage.
      events.length = 0;
      tokenRequests.length = 0;
      await page.reload();
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
      await expect.poll(() => events).toContain('sign-in library');
      expect(events.indexOf('user check')).toBeLessThan(events.indexOf('sign-in library'));
      // No second trip through the identity provider.
      expect(events.filter((event) => event.startsWith('page '))).toEqual(['page /MyRequests']);

      await page.clock.fastForward('59:30');
      await expect.poll(() => tokenRequests.length).toBe(1);
      expect(new URLSearchParams(tokenRequests[0]!.postData() ?? '').get('grant_type')).toBe('refresh_token');
      await page.getByRole('heading', { name: 'My Requests', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
