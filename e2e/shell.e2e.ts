import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { homeTiles, messages, visibleMenuItems, type ShellUser } from '@uap/domain';
import { demoAccounts } from '../packages/server/src/auth/demo-accounts.ts';
import { launchedForFile, signIn } from './browser.ts';

const browser = launchedForFile();

/** Mia is the one demo master approver with showApprover set. */
const shellUserOf = (account: (typeof demoAccounts)[number]): ShellUser => ({
  roleId: account.roleId,
  showApprover: account.email === 'mia.master@agency.example',
});

async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

async function tileNames(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Shortcuts' });
  await list.getByRole('link').first().waitFor();
  // Each link's accessible name, as the browser computes it (from the tile's words).
  return [...(await list.ariaSnapshot()).matchAll(/- link "([^"]*)"/g)].map((m) =>
    m[1]!.replace(/\s+/g, ' ').trim(),
  );
}

describe.each(demoAccounts)('signed in as $name', (account) => {
  it('shows the menu items and home tiles of the role (spec 1 §6, §2.2)', async () => {
    const { context, page } = await signIn(browser(), account.name);
    try {
      const user = shellUserOf(account);
      await expect.poll(() => page.getByText(account.email).first().isVisible()).toBe(true);
      expect(await menuLabels(page)).toEqual(visibleMenuItems(user).map((m) => m.label));
      const tiles = await tileNames(page);
      const expected = homeTiles(user);
      // A badge tile's name goes on with what it counts ('12 to approve'), once it has loaded.
      const counted = (badge: Parameters<typeof messages.tileTaskCount>[1]) =>
        messages.tileTaskCount('COUNT', badge).replace('COUNT', '\\d+\\+?');
      const labelOf = (name: string) =>
        expected.find((t) => t.badge && new RegExp(`^${t.label} ${counted(t.badge)}$`).test(name))?.label ??
        name;
      expect(tiles.map(labelOf)).toEqual(expected.map((t) => t.label));
      for (const tile of expected.filter((t) => t.badge)) {
        await expect
          .poll(async () => (await tileNames(page)).find((t) => t.startsWith(tile.label)))
          .toMatch(new RegExp(`^${tile.label} ${counted(tile.badge!)}$`));
      }
      await expect.poll(() => page.getByText('v.2.80').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('task badges', () => {
  it('counts at least 10 submitted requests routed to Alex', async () => {
    const { context, page } = await signIn(browser(), 'Alex Approver');
    try {
      const tile = page.getByRole('link', { name: /^My Approval Tasks \d+\+? to approve$/ });
      await tile.waitFor();
      const count = Number(/(\d+)\+? to approve/.exec((await tile.textContent()) ?? '')?.[1]);
      expect(count).toBeGreaterThanOrEqual(10);
    } finally {
      await context.close();
    }
  });
});

describe('route guard', () => {
  it("shows 'Forbidden!' to a standard user on /MasterData and /Approvals", async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      for (const path of ['/MasterData', '/Approvals']) {
        await page.goto(path);
        await page.getByRole('heading', { name: messages.forbidden }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('lets an admin open /MasterData', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/MasterData');
      await page.getByRole('heading', { name: 'Database Manager', level: 1 }).waitFor();
      expect(await page.getByText(messages.forbidden).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('redirects /Null to Home and shows a not-found page for unknown routes', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.goto('/Null');
      await page.getByText(/Welcome to the User Access Portal/).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goto('/NoSuchScreen');
      await page.getByRole('heading', { name: messages.notFound }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('narrow layout', () => {
  it('collapses the top bar into a menu below 700 px', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard', { width: 600, height: 900 });
    try {
      const openMenu = page.getByRole('button', { name: 'Open menu' });
      await openMenu.waitFor();
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
      await openMenu.click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.getByRole('link', { name: 'My Requests' }).first().waitFor();
      expect(await page.getByText('sam.standard@agency.example').first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("What's Included?", () => {
  it('lists the clients of an agency on a platform in a modal', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.goto('/AgencyClients');
      await page.getByRole('heading', { name: "What's Included?" }).waitFor();
      const meta = page.getByRole('region', { name: 'Meta' });
      const agencies = meta.getByRole('button');
      await agencies.first().waitFor();
      let listed = 0;
      for (const agency of await agencies.all()) {
        const name = (await agency.getAttribute('aria-label')) ?? '';
        await agency.click();
        const dialog = page.getByRole('dialog', { name: `${name} Meta clients` });
        await dialog.waitFor();
        await expect
          .poll(
            async () =>
              (await dialog.getByRole('listitem').count()) +
              (await dialog.getByText(messages.noDataFound).count()),
          )
          .toBeGreaterThan(0);
        listed = await dialog.getByRole('listitem').count();
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'hidden' });
        if (listed > 0) {
          break;
        }
      }
      expect(listed).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('sign-out', () => {
  it('logs out and asks to sign in again', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.getByRole('button', { name: 'Logout' }).click();
      // The embedded provider may confirm the sign-out; accept it when it asks.
      const confirm = page.getByRole('button', { name: /yes|sign out/i });
      await Promise.race([
        confirm.waitFor({ timeout: 10_000 }).then(() => confirm.click()),
        page.waitForURL(/\/signin\//, { timeout: 10_000 }),
      ]).catch(() => undefined);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in as Sam Standard' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
