import {
  mailDecisionPath,
  messages,
  notificationLink,
  type NotificationEvent,
  type NotificationRole,
  type TaskKind,
} from '@uap/domain';
import type { DecisionLink } from '../mail-decisions/issue.ts';

/**
 * Links in a queued message start with this token; the sender (and the Sent mail page) put the
 * portal's public address (PUBLIC_URL) in its place, so a transition needs no configuration.
 */
export const BASE_URL_TOKEN = '{{UAP_BASE_URL}}';

/**
 * A mail link's token is written as this placeholder, with its row's id: the sender signs it as
 * the mail leaves (`withDecisionTokens`), so the outbox holds no usable link.
 */
const decisionPlaceholder = (tokenId: number) => `{{UAP_DECISION:${tokenId}}}`;
const DECISION_PLACEHOLDER = /\{\{UAP_DECISION:(\d+)\}\}/g;

/** The body with each link's token made by `tokenOf` (the signed token, or a withheld one to show). */
export function withDecisionTokens(body: string, tokenOf: (tokenId: number) => string): string {
  return body.replace(DECISION_PLACEHOLDER, (_whole, id: string) => tokenOf(Number(id)));
}

export interface MailLine {
  requestId: number;
  role: NotificationRole;
  task?: TaskKind;
  /** Escalations: how many times its service level the line has waited. */
  times?: number;
  text: string;
  /** The links that decide the line from the mail (`mail-decisions/`), approve before reject. */
  decisions?: readonly DecisionLink[];
}

const decisionUrl = (link: DecisionLink) =>
  `${BASE_URL_TOKEN}${mailDecisionPath(decisionPlaceholder(link.tokenId))}`;

/** A line's decision links: a line of text each, and the HTML anchors after the line. */
function decisionText(line: MailLine): string[] {
  const links = line.decisions ?? [];
  return links.length === 0
    ? []
    : [
        `  ${messages.mailDecisionLinks}`,
        ...links.map((link) => `  ${messages.mailDecisionLabel(link.action)}: ${decisionUrl(link)}`),
      ];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/*
 * User-supplied text (a person's name, a platform's name) in a webhook post is marked when the
 * post is queued and escaped for each target when it is sent: Slack's mrkdwn and Teams'
 * Markdown differ, and one outbox row posts to both. The marks are private-use characters,
 * taken out of the text they enclose, so a name cannot end its own mark.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const MARKED = /\uE000([^\uE000\uE001]*)\uE001/g;

/** Marks a user-supplied part of a webhook post (see `webhookText`). */
export function userText(value: string): string {
  return `${OPEN}${value.replace(MARKS, '')}${CLOSE}`;
}

export type WebhookTarget = 'slack' | 'teams';

const escapeFor: Record<WebhookTarget, (text: string) => string> = {
  // Every Slack link, mention and command (<url|text>, <!channel>, <@U…>) opens with '<'.
  slack: (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  // Markdown keeps any ASCII punctuation literal after a backslash: links, emphasis, code, HTML.
  teams: (text) => text.replace(/[\\`*_{}[\]()#+\-.!|~<>&]/g, (c) => `\\${c}`),
};

/** A webhook post's text for one target: the marked parts on one line, escaped; the marks gone. */
export function webhookText(text: string, target: WebhookTarget): string {
  return text
    .replace(MARKED, (_marked, part: string) =>
      escapeFor[target](part.replace(/[\u0000-\u001f\u007f]/g, ' ')),
    )
    .replace(MARKS, '');
}

/** A text as people read it (the HTML body, the Sent mail page): the marks gone. */
export function plainText(text: string): string {
  return text.replace(MARKS, '');
}

/** A line's decision links as HTML: a short paragraph of anchors after the line's own link. */
function decisionHtml(line: MailLine): string {
  const links = line.decisions ?? [];
  return links.length === 0
    ? ''
    : `<br>${escapeHtml(messages.mailDecisionLinks)} ${links
        .map(
          (link) =>
            `<a href="${escapeHtml(decisionUrl(link))}">${escapeHtml(messages.mailDecisionLabel(link.action))}</a>`,
        )
        .join(' · ')}`;
}

/**
 * The text and HTML bodies of one message that lists the lines of a batch, each with its link.
 * An external guest never signs in to the portal, so their mail tells them what happened with no
 * link into it and no footer pointing at its settings.
 */
export function renderMail(
  event: NotificationEvent,
  recipientName: string,
  lines: readonly MailLine[],
  o: { isGuest?: boolean } = {},
) {
  const isGuest = o.isGuest === true;
  // An escalation's subject says what every line of it has waited at least.
  const times = lines.every((l) => l.times !== undefined)
    ? Math.min(...lines.map((l) => l.times ?? 0))
    : undefined;
  const subject = messages.notificationMailSubject(event, lines.length, times);
  const linkOf = (line: MailLine) =>
    `${BASE_URL_TOKEN}${notificationLink(line.role, line.requestId, line.task, event)}`;
  const open = event === 'expiring' ? messages.notificationMailExtend : messages.notificationMailOpen;
  const footer = isGuest ? messages.notificationMailGuestFooter : messages.notificationMailFooter;
  const text = [
    messages.notificationMailGreeting(recipientName),
    '',
    ...lines.flatMap((line) =>
      isGuest ? [`- ${line.text}`] : [`- ${line.text}`, `  ${open} ${linkOf(line)}`, ...decisionText(line)],
    ),
    '',
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif">',
    `<p>${escapeHtml(messages.notificationMailGreeting(recipientName))}</p>`,
    '<ul>',
    ...lines.map((line) =>
      isGuest
        ? `<li>${escapeHtml(plainText(line.text))}</li>`
        : `<li>${escapeHtml(plainText(line.text))} <a href="${escapeHtml(linkOf(line))}">#${line.requestId}</a>${decisionHtml(line)}</li>`,
    ),
    '</ul>',
    `<p style="color: #555">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * The one message that tells a person of the tasks reassigned to them: the sentence, the
 * requests, and a link to each task list they now have work in.
 */
export function renderReassignedMail(
  recipientName: string,
  o: { text: string; requests: string; links: readonly string[]; count: number },
) {
  return renderPersonMail(recipientName, { ...o, event: 'reassigned' });
}

/**
 * One message to a person about work of theirs as a whole (tasks reassigned to them, items of an
 * access review to decide): the sentence, a line of detail, and a link to each list it concerns.
 */
export function renderPersonMail(
  recipientName: string,
  o: { event: string; text: string; requests: string; links: readonly string[]; count: number },
) {
  const subject = messages.notificationMailSubject(o.event, o.count);
  const links = o.links.map((link) => `${BASE_URL_TOKEN}${link}`);
  const text = [
    messages.notificationMailGreeting(recipientName),
    '',
    o.text,
    o.requests,
    '',
    ...links.map((link) => `${messages.notificationMailOpen} ${link}`),
    '',
    messages.notificationMailFooter,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif">',
    `<p>${escapeHtml(messages.notificationMailGreeting(recipientName))}</p>`,
    `<p>${escapeHtml(o.text)}<br>${escapeHtml(o.requests)}</p>`,
    ...links.map(
      (link) =>
        `<p>${escapeHtml(messages.notificationMailOpen)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ),
    `<p style="color: #555">${escapeHtml(messages.notificationMailFooter)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A queued message as it leaves: the token replaced by the portal's address. */
export function withBaseUrl(body: string, baseUrl: string): string {
  return body.split(BASE_URL_TOKEN).join(baseUrl);
}
