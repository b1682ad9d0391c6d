import { useMutation } from '@tanstack/react-query';
import {
  colleagueAccessTable,
  envelope,
  sameAccessPreview,
  sameAccessResult,
  type SameAccessInput,
  type SameAccessPreviewInput,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix of the colleague's records (the declared table's words). */
export const colleagueAccessKey = colleagueAccessTable.path.split('/').slice(2);

/**
 * POST api/Request/SameAccessAs/Preview: what each ticked record of the colleague would become
 * for the user (requested, already held, refused); nothing is written. The dialog shows a failure.
 */
export function useSameAccessPreviewMutation() {
  return useMutation({
    mutationFn: (body: SameAccessPreviewInput) =>
      apiRequest('/api/Request/SameAccessAs/Preview', { method: 'POST', body, schema: sameAccessPreview }),
    meta: { errorDialog: false },
  });
}

const resultAnswer = envelope(sameAccessResult);

/**
 * POST api/Request/SameAccessAs: the request, one line per record that can be requested. Answers
 * the new lines' ids, every record's outcome and the server's sentence (how many were sent, how
 * many skipped).
 */
export function useSameAccessMutation() {
  return useMutation({
    mutationFn: async (body: SameAccessInput) => {
      const answer = await apiRequest('/api/Request/SameAccessAs', {
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
