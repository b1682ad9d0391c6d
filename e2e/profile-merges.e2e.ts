import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { expectFieldError } from './field-error.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('profile merges', () => {
  it('Ada merges a duplicate profile, opens the User Details List and unmerges it', async () => {
    const db = e2eDb();
    const parent = await buildUser(db, { name: 'Dana' });
    const child = await buildUser(db, { name: 'Dana' });

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/AllUserProfiles');
      const table = page.getByRole('table', { name: 'All User Profiles' });
      await page.getByRole('textbox', { name: 'Search' }).fill(child.email);
      await table.getByRole('cell', { name: child.email, exact: true }).waitFor();

      await table.getByRole('button', { name: `Merge Dana ${child.lastName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Merge Profile — UAP Id ${child.userId}` });
      // Merge without a UAP Id: the field says so and is focused.
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'Merge into UAP Id' }),
        messages.mergeChooseUapId,
      );
      await dialog.getByRole('textbox', { name: 'Merge into UAP Id' }).fill(String(parent.userId));
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await page.getByText(messages.mergeConfirm(child.userId, parent.userId)).waitFor();
      await page.getByRole('button', { name: 'Yes, merge' }).click();
      await page.getByText(messages.profileMerged(parent.userId)).waitFor();

      // The child row now shows the merged marker, which opens the family.
      await table.getByRole('cell', { name: `${child.userId} (${parent.userId})`, exact: true }).waitFor();
      await table
        .getByRole('link', { name: `Dana ${child.lastName} is merged into UAP Id ${parent.userId}` })
        .click();
      await page.waitForURL(`**/UserDetailsList/${parent.userId}`);
      const family = page.getByRole('table', { name: 'User Details List' });
      const parentRow = family.getByRole('row', { name: new RegExp(messages.parentProfileMark) });
      expect(await parentRow.textContent()).toContain(parent.email);
      expect(await family.getByRole('row').count()).toBe(3);

      // The parent alone cannot be unmerged: the server's sentence is shown.
      const unmerge = page.getByRole('button', { name: 'Unmerged Selected Profiles' });
      await expectReason(page, unmerge, messages.unmergeSelectFirst);
      await family.getByRole('checkbox', { name: `Select row ${parent.userId}` }).check();
      await unmerge.click();
      await page.getByText(messages.confirmUnmerge).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      const refusal = page.getByRole('alertdialog');
      await refusal.getByText(messages.unmergeOnlyParent).waitFor();
      await refusal.getByRole('button', { name: 'OK' }).click();

      await family.getByRole('checkbox', { name: `Select row ${parent.userId}` }).uncheck();
      await family.getByRole('checkbox', { name: `Select row ${child.userId}` }).check();
      await unmerge.click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText(messages.profilesUnmerged(1)).waitFor();
      // One profile left: back to All User Profiles.
      await page.waitForURL('**/AllUserProfiles');
      const profile = await db
        .selectFrom('users')
        .select(['mergedUserId', 'isChild'])
        .where('userId', '=', child.userId)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({ mergedUserId: null, isChild: 0 });
    } finally {
      await context.close();
    }
  });

  it('Ada runs the Profile Matcher and sees its status line; she acknowledges a Status of Users row', async () => {
    const db = e2eDb();
    const changed = await buildUser(db, { name: 'Stella' });
    await db
      .insertInto('userStatusReports')
      .values({
        userId: changed.userId,
        roleName: 'Standard User',
        changeDescription: 'Account disabled in the directory',
        agency: 'Agency One',
        operationDate: new Date().toISOString(),
        isDeleted: 0,
      })
      .execute();

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/AllUserProfiles');
      await page.getByRole('table', { name: 'All User Profiles' }).waitFor();
      await page.getByRole('button', { name: 'Profile Matcher', exact: true }).click();
      await page.getByText(messages.profileMatcherDone).waitFor();
      await page.getByText(/^Last Profile Matcher job started on .+ and completed on .+/).waitFor();

      await page.getByRole('button', { name: 'User Status Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Status of Users' });
      await dialog.getByRole('textbox', { name: 'Search' }).fill(changed.lastName);
      const report = dialog.getByRole('table', { name: 'Status of Users' });
      const row = report.getByRole('row', { name: new RegExp(changed.lastName) });
      await row.getByRole('cell', { name: 'Account disabled in the directory' }).waitFor();
      await row.getByRole('button', { name: `Acknowledge Stella ${changed.lastName}` }).click();
      await page.getByText(messages.acknowledged).waitFor();
      // The acknowledged row says so and offers to reopen it (status-of-users.e2e.ts).
      await row.getByRole('button', { name: `Reopen Stella ${changed.lastName}` }).waitFor();
      const stored = await db
        .selectFrom('userStatusReports')
        .select('isDeleted')
        .where('userId', '=', changed.userId)
        .executeTakeFirstOrThrow();
      expect(stored.isDeleted).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('the status line follows a Profile Matcher run started elsewhere, polling every 10 s while it runs', async () => {
    const db = e2eDb();
    // A run another instance (or the schedule) started a moment ago and has not ended.
    const run = await db
      .insertInto('jobRuns')
      .values({
        jobName: 'profile-matcher',
        status: 'RUNNING',
        startedOn: new Date().toISOString(),
        leaseOwner: 'e2e-elsewhere',
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
        attempt: 1,
        startedBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const finish = () =>
      db
        .updateTable('jobRuns')
        .set({ status: 'COMPLETED', endedOn: new Date().toISOString() })
        .where('id', '=', run.id)
        .execute();
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto('/AllUserProfiles');
      await page.getByText(/^Profile Matcher job started on .+ is running…$/).waitFor();
      await finish();
      // No reload and no click: only the poll can bring the completed line (within one 10 s period).
      await page
        .getByText(/^Last Profile Matcher job started on .+ and completed on .+/)
        .waitFor({ timeout: 15_000 });
    } finally {
      await finish();
      await context.close();
    }
  });
});
