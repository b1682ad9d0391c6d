import { useMutation, useQuery } from '@tanstack/react-query';
import {
  mailDecision,
  mailDecisionResult,
  type Envelope,
  type MailDecisionInput,
  type MailDecisionResult,
} from '@uap/domain';
import { apiRequest, type Parser } from './client.ts';

/**
 * Deciding from the mail (/Decide/{token}). The link's page is public: without a session it
 * calls the public endpoints with no bearer (a refusal then starts no sign-in); a person signed
 * in in this tab calls the `/SignedIn` ones with their token, so the decision is theirs.
 */
const pathOf = (token: string, isSignedIn: boolean) =>
  `/api/MailDecisions/${encodeURIComponent(token)}${isSignedIn ? '/SignedIn' : ''}`;

export const mailDecisionKeys = {
  decision: (token: string, isSignedIn: boolean) => ['MailDecisions', token, isSignedIn] as const,
};

/** GET api/MailDecisions/{token}[/SignedIn]: what the link would do. Changes nothing. */
export function useMailDecisionQuery(token: string, isSignedIn: boolean) {
  return useQuery({
    queryKey: mailDecisionKeys.decision(token, isSignedIn),
    queryFn: ({ signal }) =>
      apiRequest(pathOf(token, isSignedIn), { schema: mailDecision, isAnonymous: !isSignedIn, signal }),
    // The page says why a link is refused; a refusal does not pass on a second try.
    meta: { errorDialog: false },
    staleTime: 0,
  });
}

/** What a decision answers: the sentence to show and the line's new status. */
export interface MailDecisionDone {
  message: string;
  result: MailDecisionResult;
}

/** The whole envelope: its message is the sentence the page shows. */
const doneOf: Parser<MailDecisionDone> = {
  parse: (envelope) => {
    const { message, data } = envelope as Envelope<unknown>;
    return { message, result: mailDecisionResult.parse(data) };
  },
};

/** POST api/MailDecisions/{token}[/SignedIn] with the comment: the decision. */
export function useMailDecisionMutation(token: string, isSignedIn: boolean) {
  return useMutation({
    mutationFn: (body: MailDecisionInput) =>
      apiRequest(pathOf(token, isSignedIn), {
        method: 'POST',
        body,
        isWholeEnvelope: true,
        schema: doneOf,
        isAnonymous: !isSignedIn,
      }),
    meta: { errorDialog: false },
  });
}
