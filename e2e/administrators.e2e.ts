import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Role, messages } from '@uap/domain';
import { buildPath, buildRequest, buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn, signInByEmail } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

async function pick(page: Page, dialogName: string, label: string, option: string) {
  await page.getByRole('dialog', { name: dialogName }).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Administrators', () => {
  it('Sue appoints an administrator for a market, who then sees only that market’s rows', async () => {
    const db = e2eDb();
    const approver = await buildUser(db, { roleId: Role.APPROVER });
    const mine = await buildPath(db, { assignment: { primary: approver.userId } });
    const other = await buildPath(db, { assignment: { primary: approver.userId } });
    const subject = await buildUser(db);
    const inMine = await buildRequest(db, { path: mine, user: subject });
    const inOther = await buildRequest(db, { path: other, user: subject });
    const nina = await buildUser(db, { name: 'Nina', lastName: `Newadmin ${subject.lastName}` });

    const sue = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      await sue.page.goto('/Administrators');
      await sue.page.getByRole('button', { name: 'Add New Administrator' }).click();
      const dialogName = 'Add New Administrator';
      const dialog = sue.page.getByRole('dialog', { name: dialogName });
      const save = dialog.getByRole('button', { name: 'Save' });
      await expectReason(sue.page, save, messages.adminNeedsUserRegionMarket);
      await pick(sue.page, dialogName, 'Region', mine.names.region);
      await pick(sue.page, dialogName, 'Market', mine.names.market);
      await dialog.getByRole('textbox', { name: 'Administrator (name or email)' }).fill(nina.email);
      await dialog.getByRole('button', { name: 'Search administrator' }).click();
      await dialog.getByText(`Administrator: ${nina.displayName} (${nina.email})`).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await sue.page.getByText(messages.adminSaved).waitFor();
      const table = sue.page.getByRole('table', { name: 'Administrators' });
      await sue.page.getByRole('region', { name: 'Administrators' }).getByLabel('Search').fill(nina.email);
      await table.getByRole('cell', { name: mine.names.market, exact: true }).waitFor();
    } finally {
      await sue.context.close();
    }
    const row = await db
      .selectFrom('users')
      .select('roleId')
      .where('userId', '=', nina.userId)
      .executeTakeFirstOrThrow();
    expect(row.roleId).toBe(Role.ADMIN);

    const { context, page } = await signInByEmail(browser(), nina.email, { width: 1600 });
    try {
      await page.goto('/AllRequest');
      const tracker = page.getByRole('table', { name: 'All Requests' });
      await tracker.getByRole('checkbox', { name: `Select row ${inMine.requestId}`, exact: true }).waitFor();
      await tracker.getByRole('cell', { name: mine.names.market, exact: true }).first().waitFor();
      expect(
        await tracker.getByRole('checkbox', { name: `Select row ${inOther.requestId}`, exact: true }).count(),
      ).toBe(0);
      expect(await tracker.getByRole('cell', { name: other.names.market, exact: true }).count()).toBe(0);

      await page.goto('/Approvers');
      const paths = page.getByRole('table', { name: 'Approve/Provision Assignments' });
      await paths.getByRole('cell', { name: mine.names.market, exact: true }).first().waitFor();
      expect(await paths.getByRole('cell', { name: other.names.market, exact: true }).count()).toBe(0);

      await page.goto('/Administrators');
      const admins = page.getByRole('table', { name: 'Administrators' });
      await admins.getByRole('cell', { name: nina.email, exact: true }).waitFor();
      expect(await admins.getByRole('cell', { name: other.names.market, exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
