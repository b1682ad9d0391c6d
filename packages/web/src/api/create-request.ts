import { useMutation } from '@tanstack/react-query';
import {
  businessManagerFindings,
  createRequestResult,
  platformRequestFindings,
  type CreateRequestBody,
  type ValidateBusinessManagerAccountInput,
  type ValidatePlatformRequestQuery,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** GET api/Request/ValidatePlatformRequest. */
export function useValidatePlatformMutation() {
  return useMutation({
    mutationFn: (q: ValidatePlatformRequestQuery) => {
      const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
      return apiRequest(`/api/Request/ValidatePlatformRequest?${params.toString()}`, {
        schema: platformRequestFindings,
      });
    },
  });
}

/** POST api/Request/ValidateBusinessManagerAccount. */
export function useValidateBusinessManagerMutation() {
  return useMutation({
    mutationFn: (body: ValidateBusinessManagerAccountInput) =>
      apiRequest('/api/Request/ValidateBusinessManagerAccount', {
        method: 'POST',
        body,
        schema: businessManagerFindings,
      }),
  });
}

/** POST api/Request/Create; the wizard shows the failure (it may offer the existing record). */
export function useCreateRequestMutation() {
  return useMutation({
    mutationFn: (body: CreateRequestBody) =>
      apiRequest('/api/Request/Create', { method: 'POST', body, schema: createRequestResult }),
    meta: { errorDialog: false },
  });
}
