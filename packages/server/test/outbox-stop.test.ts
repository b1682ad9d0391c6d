import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/connection.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { mailServer, until } from './processes.ts';

/**
 * An instance told to stop while it sends the outbox (SIGTERM in a rolling restart) ends its pass
 * after the message under way and gives the lease up, instead of sending the rest of the batch
 * into its grace period (where a cut-off send would be sent again by the next instance).
 */

const MAILS = 6;

describe('stopping the outbox sender', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof mailServer>>;

  beforeAll(async () => {
    smtp = await mailServer();
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_SECONDS: '1' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('ends a pass under way after the message it is sending, leaves the rest pending and releases the lease', async () => {
    const k = ctx.db.kysely;
    const now = nowIso();
    await k
      .insertInto('mailOutbox')
      .values(
        Array.from({ length: MAILS }, (_, i) => ({
          channel: 'email',
          event: 'approved',
          recipientUserId: null,
          recipient: `stop.${i}@agency.example`,
          subject: `Mail ${i}`,
          textBody: `Mail ${i}`,
          htmlBody: `<p>Mail ${i}</p>`,
          createdDate: now,
          nextAttemptAt: now,
        })),
      )
      .execute();
    const pending = async () =>
      (await k.selectFrom('mailOutbox').select('mailId').where('status', '=', 'PENDING').execute()).length;
    const due = await pending();
    smtp.delayMs = 300;
    // Its timer, as `npm start` runs it with JOBS_ENABLED.
    ctx.app.outboxSender.start();
    await until(async () => smtp.received.length >= 1, 30_000);
    // Stopped in the middle of a pass: it waits for the pass, which ends early.
    await ctx.app.outboxSender.stop();
    // The message under way when it was told to stop, at most.
    expect(smtp.received.length).toBeLessThanOrEqual(2);
    expect(await pending()).toBe(due - smtp.received.length);
    const lease = await k
      .selectFrom('jobLeases')
      .select('owner')
      .where('jobName', '=', 'notification-outbox')
      .executeTakeFirst();
    expect(lease).toBeUndefined();
  });
});
