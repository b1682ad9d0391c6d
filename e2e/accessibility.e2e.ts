import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { messages, routeTable, routeTitle, type RouteEntry, type ShellUser } from '@uap/domain';
import { demoAccounts } from '../packages/server/src/auth/demo-accounts.ts';
import { axeFindings } from './axe.ts';
import { launchBrowser, signIn } from './browser.ts';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  buildUser,
  userIdOf,
} from '../packages/server/test/factories.ts';
import { demoEmails, samLine } from './data.ts';
import { e2eDb } from './server.ts';

let browser: Browser;
let logId = 0;
let samId = 0;
let familyParentId = 0;
let familyParentGuid = '';
beforeAll(async () => {
  browser = await launchBrowser();
  const line = await samLine();
  logId = line.id;
  const db = e2eDb();
  samId = await userIdOf(db, demoEmails.sam);
  // The admin sees the activity log only of lines inside her (region, market) rows.
  await buildAdminRegion(db, await userIdOf(db, 'ada.admin@agency.example'), line.path);
  // A line no one can approve: the Request Tracker shows its orange 'No approval path' chip.
  await buildRequest(db, {
    path: await buildPath(db, { assignment: null }),
    user: { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam },
  });
  // A merged family for the User Details List (with one profile it goes back to All User Profiles).
  const parent = await buildUser(db, { name: 'Fay' });
  const child = await buildUser(db, { name: 'Fay' });
  familyParentId = parent.userId;
  familyParentGuid = parent.directoryId;
  await db
    .updateTable('users')
    .set({ mergedUserId: parent.userId, isChild: 1 })
    .where('userId', '=', child.userId)
    .execute();
  // The family's ParentGUID, for the ParentGUID Log.
  await db
    .updateTable('users')
    .set({ parentGuid: familyParentGuid })
    .where('userId', 'in', [parent.userId, child.userId])
    .execute();
});
afterAll(async () => {
  await browser.close();
});

/**
 * The screens a role opens: every route of the route table it may reach. A route that only adds
 * a filter to another one's address (`/AllRequest/:filtercolumn/:filtervalue`) is the same screen.
 */
const screensOf = (user: ShellUser) =>
  routeTable.filter(
    (e) =>
      !e.path.includes(':filtercolumn') &&
      user.roleId >= e.minLevel &&
      (e.roles === undefined || e.roles.includes(user.roleId)),
  );

const shellUserOf = (account: (typeof demoAccounts)[number]): ShellUser => ({
  roleId: account.roleId,
  showApprover: account.email === 'mia.master@agency.example',
});

/**
 * Which account looks at which screen. Every screen is looked at once, by one of the roles that
 * reach it: the one with the fewest screens so far (the lower role on a tie), so that the views
 * of every role are covered and no screen is scanned seven times over. Each role also looks at
 * its Home, where its own menu and tiles are.
 */
const screensLookedAtBy = (() => {
  const accounts = [...demoAccounts].sort((a, b) => a.roleId - b.roleId);
  const given = new Map<string, RouteEntry[]>(accounts.map((a) => [a.email, []]));
  const reachable = new Map(accounts.map((a) => [a.email, screensOf(shellUserOf(a))]));
  for (const entry of routeTable.filter((e) => !e.path.includes(':filtercolumn') && e.path !== '/')) {
    const reaching = accounts.filter((a) => reachable.get(a.email)!.includes(entry));
    const fewest = reaching.reduce<(typeof accounts)[number] | undefined>(
      (best, a) =>
        best === undefined || given.get(a.email)!.length < given.get(best.email)!.length ? a : best,
      undefined,
    );
    if (fewest !== undefined) {
      given.get(fewest.email)!.push(entry);
    }
  }
  const home = routeTable.find((e) => e.path === '/')!;
  return (account: (typeof demoAccounts)[number]) => [home, ...given.get(account.email)!];
})();

/** Waits until the screen has its data: its heading, no spinner, no request in flight. */
async function settle(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
}

it('looks at every screen of the route table, each under a role that reaches it', () => {
  const lookedAt = new Set(demoAccounts.flatMap((a) => screensLookedAtBy(a).map((e) => e.path)));
  const screens = routeTable.filter((e) => !e.path.includes(':filtercolumn')).map((e) => e.path);
  expect([...lookedAt].sort()).toEqual([...new Set(screens)].sort());
});

describe.each(demoAccounts)('signed in as $name', (account) => {
  const user = shellUserOf(account);
  const screens = screensLookedAtBy(account);

  // Axe on each screen given to the role (a few seconds per table screen).
  const timeout = 60_000 + screens.length * 12_000;
  it(
    'the screens given to the role have no accessibility finding and name themselves in the tab',
    { timeout },
    async () => {
      const { context, page } = await signIn(browser, account.name);
      try {
        const findings: string[] = [];
        for (const entry of screens) {
          const title = routeTitle(entry, user);
          const userId = entry.path === '/UserDetailsList/:userId' ? familyParentId : samId;
          await page.goto(
            entry.path
              .replace(':logId', String(logId))
              .replace(':userId', String(userId))
              .replace(':userid', String(samId))
              .replace(':parentGuid', familyParentGuid),
          );
          await settle(page, title);
          expect(await page.title(), entry.path).toBe(messages.documentTitle(title));
          findings.push(...(await axeFindings(page)).map((f) => `${entry.path}: ${f}`));
        }
        expect(findings).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('pages outside the route table', () => {
  it("'Forbidden!' and the not-found page have no accessibility finding", async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
    try {
      await page.goto('/Approvals');
      await settle(page, messages.forbidden);
      expect(await page.title()).toBe(messages.documentTitle(messages.forbidden));
      const findings = await axeFindings(page);
      await page.goto('/NoSuchScreen');
      await settle(page, messages.notFound);
      findings.push(...(await axeFindings(page)));
      expect(findings).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('keyboard', () => {
  it('offers a skip link to the screen as the first tab stop', async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
    try {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: messages.skipToContent });
      await expect.poll(() => skip.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (globalThis as unknown as { document: { activeElement: { id: string } } }).document
                .activeElement.id,
          ),
        )
        .toBe('main-content');
    } finally {
      await context.close();
    }
  });

  it('shows where the focus is with a solid 2 px ring, not a tint', async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
    try {
      const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
      await tabTo(page, bell);
      const ring = await bell.evaluate((el) => {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): Outline }).getComputedStyle(
          el,
        );
        return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      });
      // The primary navy, #0d2c54.
      expect(ring).toBe('solid 2px rgb(13, 44, 84)');
    } finally {
      await context.close();
    }
  });

  it('reaches and scrolls a scorecard table wider than the page', async () => {
    const { context, page } = await signIn(browser, 'Ada Admin');
    try {
      await page.goto('/Scorecards');
      const region = page.getByRole('region', { name: 'Meta numbers by agency' });
      await tabTo(page, region);
      const scrollLeft = () => region.evaluate((el: { scrollLeft: number }) => el.scrollLeft);
      expect(await scrollLeft()).toBe(0);
      await page.keyboard.press('ArrowRight');
      await expect.poll(scrollLeft).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

interface Outline {
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
}

const hasFocus = (target: Locator) =>
  target.evaluate(
    (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
  );

/** Presses Tab until the target has the focus (it must be a tab stop). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 100; presses += 1) {
    if (await hasFocus(target)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
