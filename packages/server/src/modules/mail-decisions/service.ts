import {
  isAdministratorUserType,
  isRoleId,
  mailDecisionHours,
  messages,
  RequestStatus,
  requestStatusNames,
  type MailDecision,
  type MailDecisionAction,
  type MailDecisionInput,
  type MailDecisionResult,
  type RequestStatusId,
} from '@uap/domain';
import { nowIso, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { approveReject } from '../approvals/service.ts';
import { decideProvisioning } from '../provisioning/service/decide.ts';
import * as q from './queries.ts';
import { decisionSecret, verifyToken } from './tokens.ts';

/** The status a line waits in for each action: an approver's or a provisioner's. */
const waitsIn: Record<MailDecisionAction, RequestStatusId> = {
  approve: RequestStatus.SUBMITTED,
  reject: RequestStatus.SUBMITTED,
  provision: RequestStatus.APPROVED,
};

/** A link that passed every check, the line it decides and who it was sent to. */
interface OpenedLink {
  token: q.DecisionTokenRow;
  line: q.DecisionLine;
  /** Why the person must sign in first (null: the link decides alone). */
  signInReason: string | null;
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * Checks a link, changing nothing: its HMAC and row (404 when cut, changed or made up); with a
 * signed-in caller, that it was sent to them (403); not used (409), not expired (409); the
 * person's access still there (403: a leaver's links die with their tokens); the line still
 * waiting for this action (409 naming its status). Without a sign-in, a line of an
 * administrator user type or a role changed since the mail asks for one.
 */
async function openLink(db: Db, text: string, signedIn: Actor | null): Promise<OpenedLink> {
  const tokenId = verifyToken(await decisionSecret(db), text);
  const token = tokenId === null ? undefined : await q.findDecisionToken(db.kysely, tokenId, nowIso());
  if (!token) {
    throw notFound(messages.mailDecisionInvalid);
  }
  if (signedIn && signedIn.userId !== token.userId) {
    throw forbidden(messages.mailDecisionOtherPerson);
  }
  if (token.usedDate !== null) {
    throw conflict(messages.mailDecisionUsed);
  }
  if (token.expiresAt <= nowIso()) {
    throw conflict(messages.mailDecisionExpired(mailDecisionHours));
  }
  if (token.isDeleted === 1 || token.directoryActive === 0 || token.directoryDeleted === 1) {
    throw forbidden(messages.mailDecisionRevoked);
  }
  const line = await q.findDecisionLine(db.kysely, token.requestId);
  if (!line) {
    throw notFound(messages.mailDecisionInvalid);
  }
  if (line.statusId !== waitsIn[token.action]) {
    throw conflict(messages.mailDecisionDecided(line.statusName));
  }
  const signInReason = signedIn
    ? null
    : isAdministratorUserType(line.userTypeBasicName ?? '')
      ? messages.mailDecisionSignInAdministrator
      : token.currentRoleId !== token.roleId
        ? messages.mailDecisionSignInRole
        : null;
  return { token, line, signInReason };
}

/** GET api/MailDecisions/{token}: what the link would do (nothing changes). */
export async function readMailDecision(db: Db, text: string, signedIn: Actor | null): Promise<MailDecision> {
  const { token, line, signInReason } = await openLink(db, text, signedIn);
  return {
    action: token.action,
    recipient: fullName(token.name, token.lastName),
    expiresAt: token.expiresAt,
    signInRequired: signInReason !== null,
    signInReason,
    line: {
      requestId: line.requestId,
      requestType: line.requestTypeName,
      status: line.statusName,
      platform: line.platformName,
      client: line.clientName,
      clientAccount: line.clientAccountName,
      userType: line.platformUserTypeName,
      isAdministratorType: isAdministratorUserType(line.userTypeBasicName ?? ''),
      user: fullName(line.name, line.lastName),
      userEmail: line.userEmail,
      requestor: fullName(line.creatorName, line.creatorLastName),
      requestorComment: line.comments,
      beginningDate: line.beginningDate,
      expirationDate: line.expirationDate,
    },
  };
}

/** The person a link was sent to, as the auth hook would resolve them now. */
function actorOf(token: q.DecisionTokenRow): Actor {
  if (!isRoleId(token.currentRoleId)) {
    throw forbidden(messages.mailDecisionRevoked);
  }
  return {
    userId: token.userId,
    roleId: token.currentRoleId,
    email: token.email,
    standsIn: Number(token.standsIn) === 1,
  };
}

/**
 * POST api/MailDecisions/{token}: the decision, through the same service as the app's (its
 * routing, separation of duties, compare-and-set and history), as the person the link was sent
 * to (or the signed-in caller, who must be that person). The link is used in the decision's own
 * transaction: a second use, even at the same moment, changes nothing (409).
 */
export async function decideFromMail(
  db: Db,
  text: string,
  input: MailDecisionInput,
  signedIn: Actor | null,
): Promise<{ data: MailDecisionResult; message: string }> {
  const { token, signInReason } = await openLink(db, text, signedIn);
  if (signInReason !== null) {
    throw forbidden(signInReason);
  }
  const actor = signedIn ?? actorOf(token);
  const claim = async (trx: Executor) => {
    if (!(await q.markTokenUsed(trx, token.tokenId, nowIso()))) {
      throw conflict(messages.mailDecisionUsed);
    }
  };
  const requestIds = [token.requestId];
  try {
    const decided =
      token.action === 'provision'
        ? await decideProvisioning(
            db,
            actor,
            { requestIds, comments: input.comments, isApproved: true },
            claim,
          )
        : await approveReject(
            db,
            actor,
            {
              requestIds,
              isApproved: token.action === 'approve',
              comments: input.comments,
              changeDescription: null,
              approvedRejectedBy: null,
            },
            claim,
          ).then(({ result, message }) => ({ data: result, message }));
    const statusId = decided.data.statusId as RequestStatusId;
    return {
      data: { requestId: token.requestId, statusId, status: requestStatusNames[statusId] },
      message: messages.mailDecisionDone(decided.message),
    };
  } catch (error) {
    // The line was passed to someone else since the mail (reassigned, a path changed).
    if (error instanceof HttpError && error.statusCode === 404) {
      throw conflict(messages.mailDecisionNotYours);
    }
    throw error;
  }
}
