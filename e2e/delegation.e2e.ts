import { describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages } from '@uap/domain';
import { buildPath, buildRequest, buildUser, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signInByEmail } from './browser.ts';
import { demoEmails } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const approvalTile = (count: number) => `My Approval Tasks ${count} to approve`;

describe('Out of office and delegation', () => {
  it("an approver's delegate sees and approves a task while the approver is away", async () => {
    const db = e2eDb();
    const tag = Date.now();
    const away = await buildUser(db, { roleId: Role.APPROVER, name: 'Ava', lastName: `Away ${tag}` });
    const deputy = await buildUser(db, { roleId: Role.APPROVER, name: 'Dev', lastName: `Deputy ${tag}` });
    const path = await buildPath(db, { assignment: { primary: away.userId } });
    const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
    const { requestId } = await buildRequest(db, { path, user: sam, statusId: RequestStatus.SUBMITTED });

    // Ava sets her absence on her role-details page, naming Dev.
    const ava = await signInByEmail(browser(), away.email);
    try {
      const { page } = ava;
      await page.goto('/MyApprovalPaths');
      const panel = page.getByRole('region', { name: messages.absenceHeading });
      await panel.getByText(messages.noAbsences).waitFor();
      await panel.getByRole('textbox', { name: 'Search Delegate' }).fill(deputy.email);
      await panel.getByRole('textbox', { name: 'Search Delegate' }).press('Enter');
      await panel.getByLabel('Current Delegate').filter({ hasText: deputy.email }).waitFor();
      await panel.getByRole('button', { name: 'Save absence' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: messages.absenceSaved(deputy.displayName) })
        .waitFor();
      await panel.getByRole('table', { name: 'Absences' }).getByRole('cell', { name: 'Running' }).waitFor();
    } finally {
      await ava.context.close();
    }

    // Dev's badge counts Ava's task; the task says for whom; he approves it.
    const dev = await signInByEmail(browser(), deputy.email);
    try {
      const { page } = dev;
      await page.getByRole('link', { name: approvalTile(1) }).click();
      const table = page.getByRole('table', { name: 'My Approval Tasks' });
      const row = table.getByRole('row').filter({ hasText: messages.onBehalfOf(away.displayName) });
      await row.getByRole('button', { name: String(requestId), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Approval Request #${requestId}` });
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Approved while Ava is away');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(messages.requestApproved).waitFor();
      await expect
        .poll(async () => table.getByRole('button', { name: String(requestId), exact: true }).count())
        .toBe(0);
    } finally {
      await dev.context.close();
    }

    // The history records who acted for whom.
    const step = await db
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', requestId)
      .where('statusId', '=', RequestStatus.APPROVED)
      .executeTakeFirstOrThrow();
    expect(step).toEqual({ createdBy: deputy.userId, onBehalfOf: away.userId });
  });
});
