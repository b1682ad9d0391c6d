import { useMutation } from '@tanstack/react-query';
import { colleagueAccessTable, envelope, sameAccessPreview, sameAccessResult } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix of the colleague's records (the declared table's words). */
export const colleagueAccessKey = colleagueAccessTable.path.split('/').slice(2);

/** What a copy requests from: a colleague's records or a bundle's accesses. */
export type CopyKind = 'SameAccessAs' | 'Bundle';

/**
 * POST api/Request/{kind}/Preview: what each chosen record of the colleague (access of the
 * bundle) would become for the user (requested, already held, refused); nothing is written. The
 * dialog shows a failure.
 */
export function useCopyPreviewMutation(kind: CopyKind) {
  return useMutation({
    mutationFn: (body: object) =>
      apiRequest(`/api/Request/${kind}/Preview`, { method: 'POST', body, schema: sameAccessPreview }),
    meta: { errorDialog: false },
  });
}

const resultAnswer = envelope(sameAccessResult);

/**
 * POST api/Request/{kind}: the request, one line per chosen item that can be requested. Answers
 * the new lines' ids, every item's outcome and the server's sentence (how many were sent, how
 * many skipped).
 */
export function useCopyRequestMutation(kind: CopyKind) {
  return useMutation({
    mutationFn: async (body: object) => {
      const answer = await apiRequest(`/api/Request/${kind}`, {
        method: 'POST',
        body,
        schema: resultAnswer,
        isWholeEnvelope: true,
      });
      return { ...answer.data, message: answer.message };
    },
    meta: { errorDialog: false },
  });
}
