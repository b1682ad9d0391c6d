import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { instanceId } from '../../instance.ts';
import { claimLease, releaseLease } from '../jobs/queries.ts';
import * as q from './queries.ts';
import { webhookText, withBaseUrl, withDecisionTokens, type WebhookTarget } from './render.ts';
import { decisionSecret, signToken } from '../mail-decisions/tokens.ts';

/** The lease row that makes exactly one instance send (the job runner's `job_leases`). */
const LEASE = 'notification-outbox';
/** Messages sent per pass; the next pass takes the rest. */
const BATCH = 50;
const MINUTE = 60_000;

/**
 * How long a failed message waits before its next try: 1, 2, 4… minutes after each failure, at
 * most an hour. A message is never dropped: a mail server that is down only delays it.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export interface SendCounts {
  sent: number;
  failed: number;
}

/**
 * Sends the outbox after the transitions committed: email through SMTP_URL (nodemailer), the
 * administrators' events to the Teams / Slack incoming webhooks. Each pass claims the outbox
 * lease first, so with several instances on one database exactly one sends; `now` is a
 * parameter so tests move the clock instead of sleeping. Without SMTP_URL, email stays in the
 * outbox (the super admin's 'Sent mail' page shows it); without webhooks, webhook posts do.
 */
export class OutboxSender {
  private readonly instanceId = instanceId;
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SendCounts> | null = null;
  /** Set by `stop`: a pass under way ends after the message it is sending. */
  private isStopping = false;

  constructor(
    private readonly db: Db,
    private readonly settings: Config['notifications'] & { baseUrl: string },
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.transport = settings.smtpUrl
      ? nodemailer.createTransport(
          {
            url: settings.smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          },
          { from: settings.mailFrom },
        )
      : null;
  }

  private get channels(): ('email' | 'webhook')[] {
    const channels: ('email' | 'webhook')[] = [];
    if (this.transport) {
      channels.push('email');
    }
    if (this.settings.teamsWebhookUrl || this.settings.slackWebhookUrl) {
      channels.push('webhook');
    }
    return channels;
  }

  /** One pass: sends what is due at `now` (or does nothing while another instance holds the lease). */
  async sendDue(now: Date = new Date()): Promise<SendCounts> {
    const counts: SendCounts = { sent: 0, failed: 0 };
    const channels = this.channels;
    if (channels.length === 0) {
      return counts;
    }
    const k = this.db.kysely;
    const owner = `${this.instanceId}:${crypto.randomUUID().slice(0, 8)}`;
    if (!(await claimLease(k, LEASE, owner, new Date(Date.now() + 10 * MINUTE).toISOString()))) {
      return counts;
    }
    try {
      const due = await q.findDueMessages(k, now.toISOString(), channels, BATCH);
      for (const message of due) {
        // Stopping (the instance drains): the rest waits for the next pass, on any instance.
        if (this.isStopping) {
          break;
        }
        try {
          await this.deliver(message);
          await q.markSent(k, message.mailId, new Date().toISOString());
          counts.sent += 1;
        } catch (error) {
          const next = new Date(now.getTime() + retryDelayMs(message.attempts + 1)).toISOString();
          await q.markFailed(k, message.mailId, next, error instanceof Error ? error.message : String(error));
          counts.failed += 1;
        }
      }
    } finally {
      await releaseLease(k, LEASE, owner);
    }
    return counts;
  }

  private async deliver(message: Awaited<ReturnType<typeof q.findDueMessages>>[number]) {
    const text = withBaseUrl(message.textBody, this.settings.baseUrl);
    if (message.channel === 'email') {
      // The mail's decision links are signed as it leaves: the outbox holds none that works.
      const secret = await decisionSecret(this.db);
      const signed = (body: string) =>
        withDecisionTokens(withBaseUrl(body, this.settings.baseUrl), (id) => signToken(secret, id));
      await this.transport!.sendMail({
        to: message.recipient,
        subject: message.subject,
        text: signed(message.textBody),
        html: signed(message.htmlBody),
      });
      return;
    }
    const posts: [WebhookTarget, string | null][] = [
      ['teams', this.settings.teamsWebhookUrl],
      ['slack', this.settings.slackWebhookUrl],
    ];
    for (const [target, url] of posts) {
      if (url === null) {
        continue;
      }
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Both Teams and Slack incoming webhooks show a `text` message, each in its own markup.
        body: JSON.stringify({ text: webhookText(`${message.subject}\n\n${text}`, target) }),
        signal: AbortSignal.timeout(10_000),
      });
      // Read the answer, so the connection is released.
      const answer = await res.text();
      if (!res.ok) {
        throw new Error(`webhook answered ${res.status}: ${answer.slice(0, 200)}`);
      }
    }
  }

  /** Sends on a timer (main.ts, JOBS_ENABLED); tests call `sendDue` themselves. */
  start(): void {
    if (this.timer || this.channels.length === 0) {
      return;
    }
    this.timer = setInterval(() => {
      if (this.running) {
        return;
      }
      this.running = this.sendDue()
        .catch((error: unknown) => {
          this.onError(error);
          return { sent: 0, failed: 0 };
        })
        .finally(() => {
          this.running = null;
        });
    }, this.settings.outboxPollSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer; a pass under way ends after its current message and gives the lease up. */
  async stop(): Promise<void> {
    this.isStopping = true;
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.running;
    this.transport?.close();
  }
}
