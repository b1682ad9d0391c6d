import { describe, expect, it } from 'vitest';
import { Role, messages } from '@uap/domain';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildUser,
  userIdOf,
} from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectFieldError, expectMarked } from './field-error.ts';
import { e2eDb } from './server.ts';
import { searchFor } from './table-search.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };

/** A fresh path inside Ada's admin rows. */
async function adasPath() {
  const db = e2eDb();
  const path = await buildPath(db);
  await buildAdminRegion(db, await userIdOf(db, 'ada.admin@agency.example'), path);
  return path;
}

describe('Master Approver Assignments', () => {
  it("Ada deactivates one person's master approver row, opened with ?userId=", async () => {
    const db = e2eDb();
    const path = await adasPath();
    const master = await buildUser(db, { roleId: Role.MASTERAPPROVER });
    const id = await buildMasterApprover(db, master.userId, path);
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto(`/MasterApprovers?userId=${master.userId}`);
      const table = page.getByRole('table', { name: 'Master Approver Assignments' });
      await table.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await page.getByText(messages.masterApproversDeactivated).waitFor();
      await table.getByRole('cell', { name: 'Inactive', exact: true }).waitFor();
      const row = await db
        .selectFrom('masterApprovers')
        .select('isDeleted')
        .where('masterApproverId', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.isDeleted).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('Save without a path or a person points at the missing fields, the first focused', async () => {
    const path = await adasPath();
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/MasterApprovers');
      await page.getByRole('button', { name: 'Add New Master Approver' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Master Approver' });
      const level = (label: string) => dialog.getByRole('combobox', { name: label, exact: true });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectFieldError(page, dialog, level('Region'), messages.selectMasterApproverPath);
      await expectMarked(page, level('Practice'), messages.selectMasterApproverPath);

      for (const [label, option] of [
        ['Region', path.names.region],
        ['Market', path.names.market],
        ['Agency', path.names.agency],
        ['Practice', path.names.practice],
      ] as const) {
        await level(label).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      expect(await level('Region').getAttribute('aria-invalid')).not.toBe('true');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'Master approver (name or email)' }),
        messages.searchForApprover,
      );
    } finally {
      await context.close();
    }
  });

  it('Ada acknowledges a status row of an approver whose directory account was disabled', async () => {
    const db = e2eDb();
    const path = await adasPath();
    const approver = await buildUser(db, { roleId: Role.APPROVER });
    const leaver = await buildUser(db, { active: false, name: 'Leaving' });
    await buildPath(db, {
      regionId: path.regionId,
      marketId: path.marketId,
      assignment: { primary: approver.userId, secondary: leaver.userId },
    });
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/Approvers');
      await page.getByRole('button', { name: 'Status of Approvers and Provisioners' }).click();
      const dialog = page.getByRole('dialog', { name: 'Status of Approvers and Provisioners' });
      // One row per person and role: the secondary approver role has code 2.
      const rowId = leaver.userId * 10 + 2;
      await searchFor(dialog, 'Approvers and Provisioners who left', leaver.email, [rowId]);
      const rowBox = dialog.getByRole('checkbox', { name: `Select row ${rowId}`, exact: true });
      await rowBox.check();
      await dialog.getByRole('cell', { name: 'Directory account disabled' }).waitFor();
      await dialog.getByRole('button', { name: 'Acknowledge (1)' }).click();
      await page
        .getByRole('dialog', { name: 'Acknowledge' })
        .getByRole('button', { name: 'Yes, acknowledge' })
        .click();
      await page.getByText('Acknowledged successfully').waitFor();
      await expect.poll(() => rowBox.count(), poll).toBe(0);
      const stored = await db
        .selectFrom('assignmentStatusReports')
        .select(['role', 'isDeleted'])
        .where('userId', '=', leaver.userId)
        .execute();
      expect(stored).toEqual([{ role: 'Secondary Approver', isDeleted: 1 }]);
    } finally {
      await context.close();
    }
  });
});
