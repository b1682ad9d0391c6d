import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, RequestType, Role } from '@uap/domain';
import {
  buildAdminRegion,
  buildPath,
  buildRecord,
  buildUser,
  userIdOf,
  type BuiltPath,
} from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectFieldError } from './field-error.ts';
import { e2eDb } from './server.ts';
import { searchFor } from './table-search.ts';

const browser = launchedForFile();

/** A leaver (directory account turned off) with an active record on the path. */
async function leaverRecord(db: ReturnType<typeof e2eDb>, path: BuiltPath) {
  const leaver = await buildUser(db, { active: false });
  const record = await buildRecord(db, { path, user: { userId: leaver.userId, email: leaver.email } });
  return { requestId: record.requestId, email: leaver.email };
}

/** Opens Leavers User Records from the menu, finds the record by its leaver's email and selects it. */
async function selectOnLeavers(page: Page, record: { requestId: number; email: string }) {
  await page.getByRole('link', { name: 'Leavers User Records' }).first().click();
  const table = page.getByRole('table', { name: 'Leavers User Records' });
  await searchFor(page, 'Leavers User Records', record.email, [record.requestId]);
  await table.getByRole('checkbox', { name: `Select row ${record.requestId}`, exact: true }).check();
}

describe('Leavers User Records', () => {
  it("Ada deactivates a leaver's record: a Deactivation request she asked for waits for the approver", async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const approver = await buildUser(db, { roleId: Role.APPROVER });
    const path = await buildPath(db, { assignment: { primary: approver.userId } });
    await buildAdminRegion(db, ada, path);
    const record = await leaverRecord(db, path);

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await selectOnLeavers(page, record);
      await page.getByRole('button', { name: 'Deactivate Selected (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Selected Records' });
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('User left the company');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(/^Deactivation request #\d+ was created and waits for approval\.$/).waitFor();

      const created = await db
        .selectFrom('requests')
        .select(['requestTypeId', 'statusId', 'createdBy'])
        .where('recordId', '=', record.requestId)
        .execute();
      expect(created).toEqual([
        { requestTypeId: RequestType.DEACTIVATE, statusId: RequestStatus.SUBMITTED, createdBy: ada },
      ]);
    } finally {
      await context.close();
    }
  });

  it('Ada adds a leaver comment: a blank one is refused at its field, then it is saved', async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const path = await buildPath(db);
    await buildAdminRegion(db, ada, path);
    const record = await leaverRecord(db, path);

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await selectOnLeavers(page, record);
      await page.getByRole('button', { name: 'Leaver Comment', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Leaver Comment' });
      const field = dialog.getByRole('textbox', { name: 'Leaver comment' });
      await dialog.getByRole('button', { name: 'Enter' }).click();
      await expectFieldError(page, dialog, field, 'You have to input a comment.');

      await field.fill('Left on Friday');
      await dialog.getByRole('button', { name: 'Enter' }).click();
      await page.getByText('Comment saved successfully', { exact: true }).waitFor();
      expect(await dialog.count()).toBe(0);
      await page
        .getByRole('table', { name: 'Leavers User Records' })
        .getByRole('button', { name: `Left on Friday, comments of record ${record.requestId}` })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
