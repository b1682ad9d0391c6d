import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';

/**
 * Deciding from the mail: a mail that tells an approver of a task, or a provisioner of an
 * approved line, carries one link per action. Each holds a token bound to that person, that
 * line and that action (`<id>.<HMAC>`), usable once, for `mailDecisionHours`.
 */
export const mailDecisionActions = ['approve', 'reject', 'provision'] as const;
export type MailDecisionAction = (typeof mailDecisionActions)[number];

/** How long a link of a mail decides: 72 hours from the mail. */
export const mailDecisionHours = 72;

/** The link's path in the portal (the page opens it; nothing changes until its one button). */
export const mailDecisionPath = (token: string) => `/Decide/${token}`;

/** A token as it travels: anything else is answered as a link that is not valid (404). */
export const mailDecisionTokenParam = z.object({ token: z.string().max(200) });

/** The line a link decides, as the page shows it before anything changes. */
export const mailDecisionLine = z.object({
  requestId: z.number().int(),
  requestType: z.string(),
  status: z.string(),
  platform: z.string(),
  client: z.string().nullable(),
  clientAccount: z.string().nullable(),
  userType: z.string().nullable(),
  /** The user type grants administrator rights: deciding needs a sign-in. */
  isAdministratorType: z.boolean(),
  /** Who the access is for. */
  user: z.string(),
  userEmail: z.string(),
  requestor: z.string(),
  requestorComment: z.string().nullable(),
  beginningDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
export type MailDecisionLine = z.infer<typeof mailDecisionLine>;

/** GET api/MailDecisions/{token}: what the link would do, and whether it needs a sign-in first. */
export const mailDecision = z.object({
  action: z.enum(mailDecisionActions),
  /** Who the link was sent to (the page names them, so someone else's mail is plain). */
  recipient: z.string(),
  expiresAt: z.string(),
  /** A line of an administrator user type, or the person's role changed since the mail. */
  signInRequired: z.boolean(),
  /** Why a sign-in is needed, as the page says it; null when it is not. */
  signInReason: z.string().nullable(),
  line: mailDecisionLine,
});
export type MailDecision = z.infer<typeof mailDecision>;

/** POST api/MailDecisions/{token}: the comment, required as in the app. */
export const mailDecisionInput = z.object({
  comments: z
    .string({ error: messages.inputComment })
    .trim()
    .min(1, { error: messages.inputComment })
    .max(limits.comment),
});
export type MailDecisionInput = z.infer<typeof mailDecisionInput>;

/** What the decision did: the line's new status. */
export const mailDecisionResult = z.object({
  requestId: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
});
export type MailDecisionResult = z.infer<typeof mailDecisionResult>;
