import { messages } from '@uap/domain';
import { ApiError } from '../../api/client.ts';

/** The first message of a failed schema parse: the spec's sentence the server would answer. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/** What a failed call shows: the server's message, or the generic one when the call never got an answer. */
export const failureText = (error: unknown) =>
  error instanceof ApiError && !error.isNetworkError ? error.message : `Error: ${messages.serverError}`;
