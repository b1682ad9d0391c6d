import { describe, it } from 'vitest';
import { sql } from 'kysely';
import { messages, RequestStatus } from '@uap/domain';
import { buildPath, buildRequest, buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { runJobFromJobsPage } from './jobs-page.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

describe('The audit chain, broken', () => {
  it('a history step edited in the database: the verification fails naming it, and Sue is told in the bell', async () => {
    const db = e2eDb();
    const subject = await buildUser(db, { name: 'Tom', lastName: 'Tampered' });
    const line = await buildRequest(db, {
      path: await buildPath(db, {}),
      user: subject,
      statusId: RequestStatus.COMPLETED,
    });
    const step = await db
      .selectFrom('requestHistory')
      .select('id')
      .where('requestId', '=', line.requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await sql`update request_history set provisioner_comment = 'done quietly' where id = ${step.id}`.execute(
      db,
    );
    const text = messages.auditChainBreak('request_history', step.id, 'content');

    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      await runJobFromJobsPage(page, 'UAP Audit Chain Verification');
      await page.getByText(messages.jobRunFailed('UAP Audit Chain Verification', text)).first().waitFor();

      await page.goto(`/Logs/${line.requestId}`);
      await page.getByText(messages.historyNotVerified).waitFor();

      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, / })
        .click();
      const list = page.getByRole('dialog', { name: 'Notifications' });
      await list.getByRole('link', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
      await page.waitForURL(/\/Jobs$/);
    } finally {
      await context.close();
    }
  });
});
