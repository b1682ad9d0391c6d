import { describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { userIdOf } from '../packages/server/test/factories.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('Jobs', () => {
  it('Sue runs UAP User Role Validation from the Jobs view and sees the new run with its outcome', async () => {
    const db = e2eDb();
    const sue = await userIdOf(db, 'sue.super@agency.example');
    const runsBySue = () =>
      db
        .selectFrom('jobRuns')
        .select(['id', 'status'])
        .where('jobName', '=', 'user-role-validation')
        .where('startedBy', '=', sue)
        .execute();
    const before = await runsBySue();

    const { context, page } = await signIn(browser(), 'Sue Super');
    try {
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Jobs', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Jobs', exact: true }).waitFor();
      const job = page.getByRole('region', { name: 'UAP User Role Validation' });
      await job.getByText('Schedule: daily at 02:00 UTC').waitFor();

      await job.getByRole('button', { name: 'Run now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run UAP User Role Validation' });
      await dialog.getByRole('button', { name: 'Run now' }).click();
      await page.getByText('UAP User Role Validation completed.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const after = await runsBySue();
      expect(after).toHaveLength(before.length + 1);
      expect(after.find((r) => !before.some((b) => b.id === r.id))).toMatchObject({ status: 'COMPLETED' });

      const newest = job
        .getByRole('table', { name: 'Last runs of UAP User Role Validation' })
        .getByRole('row')
        .nth(1);
      await expect
        .poll(() => newest.getByRole('cell').allInnerTexts())
        .toEqual([
          expect.any(String),
          expect.any(String),
          'Completed',
          expect.stringMatching(/^checked: \d+/),
          '1',
          'Sue Super',
        ]);
    } finally {
      await context.close();
    }
  });

  it("Run now while the job runs elsewhere shows the server's message in the dialog", async () => {
    const db = e2eDb();
    await db
      .insertInto('jobLeases')
      .values({
        jobName: 'user-role-validation',
        owner: 'another-instance',
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const { context, page } = await signIn(browser(), 'Sue Super');
    try {
      await page.goto('/Jobs');
      const job = page.getByRole('region', { name: 'UAP User Role Validation' });
      await job.getByRole('button', { name: 'Run now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run UAP User Role Validation' });
      await dialog.getByRole('button', { name: 'Run now' }).click();
      await dialog
        .getByRole('alert')
        .getByText(messages.jobAlreadyRunning('UAP User Role Validation'), { exact: true })
        .waitFor();
    } finally {
      await context.close();
      await db.deleteFrom('jobLeases').where('jobName', '=', 'user-role-validation').execute();
    }
  });

  it('Ada (admin) has no Jobs entry in the sidebar and is refused the screen', async () => {
    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Administrators', exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'Jobs', exact: true }).count()).toBe(0);
      await page.goto('/Jobs');
      await page.getByRole('heading', { level: 1, name: messages.forbidden }).waitFor();
    } finally {
      await context.close();
    }
  });
});
