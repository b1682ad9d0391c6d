import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  masterDataItemRef,
  masterDataRequestDoneInput,
  masterDataRequestHistory,
  masterDataRequestInput,
  type MasterDataItemRef,
  type MasterDataRequestDoneInput,
  type MasterDataRequestHistory,
  type MasterDataRequestInput,
  type MasterDataType,
  type TableQuery,
} from '@uap/domain';
import { apiRequest } from './client.ts';

export const masterDataRequestKeys = {
  all: ['MasterDataRequest'] as const,
  history: ['MasterDataRequest', 'history'] as const,
  itemOptions: (type: MasterDataType, search: string) =>
    ['MasterDataRequest', 'ItemOptions', type, search] as const,
};

/** GET api/MasterDataRequest: a page of the history under the table's search and filters. */
export function fetchMasterDataRequests(
  query: TableQuery,
  signal: AbortSignal,
): Promise<MasterDataRequestHistory> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    search: query.searchCriteria,
  });
  for (const filter of query.filters) {
    const name = filter.column === 'masterDataType' ? 'type' : filter.column === 'status' ? 'status' : null;
    for (const value of name ? filter.values : []) {
      params.append(name!, value);
    }
  }
  return apiRequest(`/api/MasterDataRequest?${params.toString()}`, {
    schema: masterDataRequestHistory,
    signal,
  });
}

function useMasterDataRequestWrite<Input>(send: (input: Input) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataRequestKeys.all }),
    meta: { errorDialog: false },
  });
}

const messageOnly = z.object({ message: z.string() });

/** POST api/MasterDataRequest: 'Request submited!'. */
export function useSubmitMasterDataRequest() {
  return useMasterDataRequestWrite(async (input: MasterDataRequestInput) => {
    const answer = await apiRequest('/api/MasterDataRequest', {
      method: 'POST',
      body: masterDataRequestInput.parse(input),
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** PUT api/MasterDataRequest/{id}/Done with the item it created (or none). */
export function useMarkMasterDataRequestDone() {
  return useMasterDataRequestWrite(async (input: MasterDataRequestDoneInput & { id: number }) => {
    const answer = await apiRequest(`/api/MasterDataRequest/${input.id}/Done`, {
      method: 'PUT',
      body: masterDataRequestDoneInput.parse({ itemId: input.itemId }),
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** GET api/MasterDataRequest/ItemOptions: items of the type whose name contains `search`. */
export function useMasterDataItemOptions(type: MasterDataType, search: string) {
  return useQuery({
    queryKey: masterDataRequestKeys.itemOptions(type, search),
    queryFn: ({ signal }): Promise<MasterDataItemRef[]> =>
      apiRequest(`/api/MasterDataRequest/ItemOptions?${new URLSearchParams({ type, search }).toString()}`, {
        schema: z.array(masterDataItemRef),
        signal,
      }),
  });
}
