import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl } from './server.ts';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export { baseUrl };

/** One Chromium for the journeys of a file, launched before them and closed after: its getter. */
export function launchedForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A fresh browser context on UAP's address, at Home's door. */
async function freshPage(browser: Browser, options: { width?: number; height?: number }) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

/** Signs in through the embedded provider's page, as a person would, and waits for Home. */
export async function signIn(
  browser: Browser,
  name: string,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await freshPage(browser, options);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.getByText(/Welcome to the User Access Portal/).waitFor();
  return { context, page };
}

/**
 * Signs in through the embedded provider's directory-email form, as a person without a demo
 * button would (a profile a test built), and waits for Home.
 */
export async function signInByEmail(
  browser: Browser,
  email: string,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await freshPage(browser, options);
  await page.getByRole('textbox', { name: 'Or sign in with a directory email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(/Welcome to the User Access Portal/).waitFor();
  return { context, page };
}
