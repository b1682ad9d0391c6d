import { describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages } from '@uap/domain';
import { buildPath, buildRequest, buildUser, userIdOf } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { demoEmails, samLine } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('A provisioner’s notification link', () => {
  it('Pat opens /Provisioners?requestId=N: the Provisioning Request dialog of that line, which he provisions; a line that is not his task is not found', async () => {
    // Sam's line, approved by Alex, waits for Pat.
    const { id } = await samLine({ statusId: RequestStatus.APPROVED });
    // Another approved line, on a path someone else provisions.
    const db = e2eDb();
    const someone = await buildUser(db, { roleId: Role.PROVISIONER, name: 'Olga' });
    const approver = await buildUser(db, { roleId: Role.APPROVER, name: 'Otto' });
    const otherPath = await buildPath(db, {
      assignment: { primary: approver.userId, provisioner: someone.userId },
    });
    const notMine = (
      await buildRequest(db, {
        path: otherPath,
        user: { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam },
        statusId: RequestStatus.APPROVED,
        decidedBy: approver.userId,
      })
    ).requestId;

    const pat = await signIn(browser(), 'Pat Provisioner');
    try {
      const { page } = pat;
      await page.goto(`/Provisioners?requestId=${id}`);
      const dialog = page.getByRole('dialog', { name: `Provisioning Request #${id}` });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByText('Sam Standard', { exact: false }).count()).toBeGreaterThan(0);
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Access granted in the platform');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(messages.requestProvisioned).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The same link again: the line is provisioned now, so the dialog says so.
      await page.goto(`/Provisioners?requestId=${id}`);
      const again = page.getByRole('dialog', { name: `Provisioning Request #${id}` });
      await again.getByText('This request is Completed.').waitFor();
      await again.getByRole('button', { name: 'Close' }).click();
      await again.waitFor({ state: 'hidden' });

      // A line someone else provisions: the message the Approval Request dialog gives.
      await page.goto(`/Provisioners?requestId=${notMine}`);
      const other = page.getByRole('dialog', { name: `Provisioning Request #${notMine}` });
      await other.getByText(messages.recordNotFound).waitFor();
      await expect(other.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    } finally {
      await pat.context.close();
    }
  });
});
