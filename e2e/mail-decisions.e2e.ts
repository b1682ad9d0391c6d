import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RequestStatus, mailDecisionActions, messages, type MailDecisionAction } from '@uap/domain';
import { OutboxSender } from '../packages/server/src/modules/notifications/sender.ts';
import { mailServer } from '../packages/server/test/processes.ts';
import { launchedForFile, signIn } from './browser.ts';
import { demoEmails, samLine } from './data.ts';
import { expectFieldError } from './field-error.ts';
import { baseUrl, e2eDbHandle } from './server.ts';

const browser = launchedForFile();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A real SMTP server the journeys' outbox sender delivers to (the e2e app sends no mail itself). */
let smtp: Awaited<ReturnType<typeof mailServer>>;
let sender: OutboxSender;

beforeAll(async () => {
  smtp = await mailServer();
  sender = new OutboxSender(e2eDbHandle(), {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'UAP <uap@agency.example>',
    teamsWebhookUrl: null,
    slackWebhookUrl: null,
    outboxPollSeconds: 15,
    baseUrl: baseUrl(),
  });
});

afterAll(async () => {
  await sender.stop();
  await smtp.close();
});

/** Sends everything the outbox holds (a pass sends at most 50) to the SMTP server. */
async function deliverOutbox() {
  for (let pass = 0; pass < 20; pass += 1) {
    const { sent, failed } = await sender.sendDue();
    expect(failed).toBe(0);
    if (sent === 0) {
      return;
    }
  }
}

/** Bytes of a quoted-printable body, read as UTF-8. */
const quotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The text part of a raw message, decoded (quoted-printable or base64, as nodemailer chose). */
function textPart(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type:\s*text\/plain/im.test(p)) ?? raw;
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) {
    return quotedPrintable(body);
  }
  return body;
}

/**
 * The decision links of a mail's text part for request `requestId`, by action: each line of the
 * mail names its request in its own link (`?requestId=N`), and its decision links follow it, one
 * line each, labelled as the page's button is ('Approve: https://…/Decide/<token>').
 */
function decideLinks(text: string, requestId: number): Map<MailDecisionAction, string> {
  const byAction = new Map<MailDecisionAction, string>();
  let current: number | null = null;
  for (const row of text.split(/\r?\n/)) {
    const named = /[?&]requestId=(\d+)/.exec(row);
    if (named) {
      current = Number(named[1]);
    }
    const link = /^\s*([^:]+): (https?:\/\/\S+\/Decide\/[A-Za-z0-9._~-]+)\s*$/.exec(row);
    const action = mailDecisionActions.find((a) => messages.mailDecisionLabel(a) === link?.[1]);
    if (link && action && current === requestId) {
      byAction.set(action, link[2]!);
    }
  }
  return byAction;
}

/** The decision links the mails to `email` carry for request `requestId`, by action. */
function linksFor(email: string, requestId: number): Map<MailDecisionAction, string> {
  const byAction = new Map<MailDecisionAction, string>();
  for (const mail of smtp.received.filter((m) => m.to.includes(email))) {
    for (const [action, link] of decideLinks(textPart(mail.raw), requestId)) {
      byAction.set(action, link);
    }
  }
  return byAction;
}

/** A browser context on UAP's address that has never signed in, at a phone's width. */
async function signedOutPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** Nothing of the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Sam asks for a longer access on his record (as notifications.e2e.ts): a Change request for Alex. */
async function samAsksForAChange(recordId: number): Promise<number> {
  const sam = await signIn(browser(), 'Sam Standard');
  try {
    const { page } = sam;
    await page.goto(`/ChangeUserRecords?Id=${recordId}`);
    await page.getByRole('checkbox', { name: `Select row ${recordId}` }).check();
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    const modify = page.getByRole('dialog', { name: 'Modify Request' });
    await modify.getByRole('radio', { name: 'Length Of Access' }).check();
    await modify.getByLabel('Start Date').fill(inDays(0));
    await modify.getByLabel('End Date').fill(inDays(120));
    await modify.getByLabel('Comments').fill('Extending access for the next campaign');
    await modify.getByRole('button', { name: 'Submit' }).click();
    const answer = page.getByText(messages.requestsSentForApproval);
    await answer.waitFor();
    const changeId = Number(/change request is #(\d+)/.exec((await answer.textContent()) ?? '')?.[1]);
    expect(changeId).toBeGreaterThan(recordId);
    return changeId;
  } finally {
    await sam.context.close();
  }
}

/** Sue finds the line on the Request Tracker and sees its status. */
async function sueSeesOnTracker(requestId: number, status: string) {
  const sue = await signIn(browser(), 'Sue Super', { width: 1600 });
  try {
    const { page } = sue;
    await page.goto('/AllRequest');
    await page.getByRole('heading', { name: 'Request Tracker', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'All Requests' }).getByLabel('Search').fill(String(requestId));
    const row = page
      .getByRole('table', { name: 'All Requests' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Activity log of request ${requestId}`, exact: true }) });
    await row.getByText(status, { exact: true }).waitFor();
  } finally {
    await sue.context.close();
  }
}

describe('Deciding from the mail', () => {
  it('Alex approves Sam’s change from the Approve link of his mail, signed out on a phone; the tracker shows it Approved and the link does not work twice', async () => {
    const { id: recordId, path } = await samLine({ days: [-30, 60] });
    const changeId = await samAsksForAChange(recordId);

    // The submission queued Alex's mail; the outbox sends it to the SMTP server.
    await deliverOutbox();
    const links = linksFor(demoEmails.alex, changeId);
    expect([...links.keys()].sort()).toEqual(['approve', 'reject']);
    const approveLink = links.get('approve')!;
    expect(new URL(approveLink).pathname).toMatch(/^\/Decide\/\d+\.[A-Za-z0-9_-]+$/);

    const phone = await signedOutPhone();
    try {
      const { page } = phone;
      await page.goto(approveLink);
      await page
        .getByRole('heading', { name: messages.mailDecisionTitle('approve', changeId), level: 1 })
        .waitFor();
      // Public: no sign-in started, and opening the link changed nothing.
      expect(new URL(page.url()).pathname).toBe(new URL(approveLink).pathname);
      const sentTo = page.getByText(messages.mailDecisionFor('').slice(0, -1).trim());
      expect(await sentTo.textContent()).toMatch(/Alex Approver|alex\.approver@agency\.example/);
      expect(await sentTo.textContent()).toContain(messages.mailDecisionValidUntil('').split(' until')[0]);
      await page.getByRole('definition').filter({ hasText: path.names.platform }).first().waitFor();
      await page.getByText(messages.mailDecisionHint).waitFor();
      await expectNoSidewaysScroll(page);

      // One button, named by the action; an empty comment is refused at the box.
      const approve = page.getByRole('button', { name: messages.mailDecisionLabel('approve'), exact: true });
      expect(await page.getByRole('button', { name: messages.mailDecisionLabel('reject') }).count()).toBe(0);
      const comments = page.getByRole('textbox', { name: 'Comments' });
      await approve.click();
      await expectFieldError(page, page.getByRole('main'), comments, messages.inputComment);

      await comments.fill('Approved from my phone');
      await approve.click();
      const done = page
        .getByRole('status')
        .filter({ hasText: messages.mailDecisionDone(messages.requestApproved) });
      await done.waitFor();
      expect(await comments.count()).toBe(0);
      expect(await approve.count()).toBe(0);
      await page.getByRole('link', { name: 'Home' }).waitFor();
    } finally {
      await phone.context.close();
    }

    await sueSeesOnTracker(changeId, 'Approved');

    // The same link again: refused, with no form.
    const again = await signedOutPhone();
    try {
      const { page } = again;
      await page.goto(approveLink);
      await page.getByRole('alert').filter({ hasText: messages.mailDecisionUsed }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Comments' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: messages.mailDecisionLabel('approve') }).count()).toBe(0);
    } finally {
      await again.context.close();
    }
  });

  it('Pat marks a line provisioned from the Provisioned link of the mail its approval sent him; the tracker shows it Completed', async () => {
    const { id: requestId, path } = await samLine({ statusId: RequestStatus.SUBMITTED });

    // Alex approves it in the portal: the approval queues Pat's mail.
    const alex = await signIn(browser(), 'Alex Approver');
    try {
      const { page } = alex;
      await page.goto('/Approvals');
      await page.getByRole('textbox', { name: 'Search' }).fill(String(requestId));
      await page.getByRole('button', { name: String(requestId), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Approval Request #${requestId}` });
      await dialog.getByRole('textbox', { name: 'Comments' }).fill('Approved for the campaign');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(messages.requestApproved).first().waitFor();
    } finally {
      await alex.context.close();
    }

    await deliverOutbox();
    const links = linksFor(demoEmails.pat, requestId);
    expect([...links.keys()]).toEqual(['provision']);
    const provisionLink = links.get('provision')!;

    const phone = await signedOutPhone();
    try {
      const { page } = phone;
      await page.goto(provisionLink);
      await page
        .getByRole('heading', { name: messages.mailDecisionTitle('provision', requestId), level: 1 })
        .waitFor();
      await page.getByRole('definition').filter({ hasText: path.names.platform }).first().waitFor();
      await expectNoSidewaysScroll(page);
      await page.getByRole('textbox', { name: 'Comments' }).fill('Access granted in the platform.');
      await page.getByRole('button', { name: messages.mailDecisionLabel('provision'), exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: messages.mailDecisionDone(messages.requestProvisioned) })
        .waitFor();
    } finally {
      await phone.context.close();
    }

    await sueSeesOnTracker(requestId, 'Completed');
  });
});
