import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { absenceInput, absenceRow, envelope, type AbsenceInput } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the out-of-office panel (per person; null = the signed-in user). */
export const absenceKeys = {
  all: ['Approvers', 'Absences'] as const,
  of: (userId: number | null) => ['Approvers', 'Absences', userId] as const,
};

/** GET api/Approvers/Absences: one person's running and planned absences. */
export function useAbsences(userId: number | null) {
  return useQuery({
    queryKey: absenceKeys.of(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/Approvers/Absences${userId ? `?userId=${userId}` : ''}`, {
        schema: z.array(absenceRow),
        signal,
      }),
  });
}

const saved = envelope(z.object({ absenceId: z.number().int() }));
const ended = envelope(z.null());

/** POST api/Approvers/Absences, answering the server's sentence. */
export function useSaveAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AbsenceInput) =>
      (
        await apiRequest('/api/Approvers/Absences', {
          method: 'POST',
          body: absenceInput.parse(input),
          schema: saved,
          isWholeEnvelope: true,
        })
      ).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceKeys.all }),
    meta: { errorDialog: false },
  });
}

/** PUT api/Approvers/Absences/{id}/End. */
export function useEndAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (absenceId: number) =>
      (
        await apiRequest(`/api/Approvers/Absences/${absenceId}/End`, {
          method: 'PUT',
          schema: ended,
          isWholeEnvelope: true,
        })
      ).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceKeys.all }),
  });
}
