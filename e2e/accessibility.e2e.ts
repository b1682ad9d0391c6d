import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { messages, routeTable, routeTitle, type ShellUser } from '@uap/domain';
import { demoAccounts } from '../packages/server/src/auth/demo-accounts.ts';
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
  await db
    .updateTable('users')
    .set({ mergedUserId: parent.userId, isChild: 1 })
    .where('userId', '=', child.userId)
    .execute();
});
afterAll(async () => {
  await browser.close();
});

/** Every route whose screen is built (the others share the placeholder, checked once below). */
const builtRoutes = [
  '/',
  '/NewRequest',
  '/MyRequests',
  '/ChangeUserRecords',
  '/LearningResourceCenter',
  '/AgencyClients',
  '/Contact',
  '/NewsLetter',
  '/Approvals',
  '/ArchiveApprovals',
  '/MyApprovalPaths',
  '/Provisioners',
  '/ArchiveProvisioners',
  '/Approvers',
  '/AllRequest',
  '/Logs/:logId',
  '/MyMasterApprovalPath',
  '/MasterApprovers',
  '/MasterData',
  '/MasterDataRequest',
  '/LeaversUserRecords',
  '/LandingReports',
  '/Upload',
  '/Token',
  '/Jobs',
  '/UnderConstruction',
  // All User Profiles and the profile logs
  '/AllUserProfiles',
  '/UserLogs/:userId',
  '/LogUserAditionalEmail/:userid',
  // The User Details List of merged profiles
  '/UserDetailsList/:userId',
];

const shellUserOf = (account: (typeof demoAccounts)[number]): ShellUser => ({
  roleId: account.roleId,
  showApprover: account.email === 'mia.master@agency.example',
});

/** Waits until the screen has its data: its heading, no spinner, no request in flight. */
async function settle(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Serious and critical findings of axe (its default rules: WCAG 2.x A and AA and best practices),
 * and skipped heading levels (moderate for axe, but they break navigating by headings), one line each.
 */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    );
}

describe.each(demoAccounts)('signed in as $name', (account) => {
  const user = shellUserOf(account);
  const reachable = routeTable.filter((e) => builtRoutes.includes(e.path) && user.roleId >= e.minLevel);

  // Every screen of the role, axe on each (a few seconds per table screen).
  const timeout = 60_000 + reachable.length * 12_000;
  it(
    'every screen the role reaches has no serious accessibility finding and names itself in the tab',
    { timeout },
    async () => {
      const { context, page } = await signIn(browser, account.name);
      try {
        const findings: string[] = [];
        for (const entry of reachable) {
          const title = routeTitle(entry, user);
          const userId = entry.path === '/UserDetailsList/:userId' ? familyParentId : samId;
          await page.goto(
            entry.path
              .replace(':logId', String(logId))
              .replace(':userId', String(userId))
              .replace(':userid', String(samId)),
          );
          await settle(page, title);
          expect(await page.title(), entry.path).toBe(messages.documentTitle(title));
          findings.push(...(await seriousFindings(page)).map((f) => `${entry.path}: ${f}`));
        }
        expect(findings).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('pages outside the route table', () => {
  it("'Forbidden!' and the not-found page have no serious accessibility finding", async () => {
    const { context, page } = await signIn(browser, 'Sam Standard');
    try {
      await page.goto('/Approvals');
      await settle(page, messages.forbidden);
      expect(await page.title()).toBe(messages.documentTitle(messages.forbidden));
      const findings = await seriousFindings(page);
      await page.goto('/NoSuchScreen');
      await settle(page, messages.notFound);
      findings.push(...(await seriousFindings(page)));
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
});
