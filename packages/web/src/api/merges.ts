import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  acknowledgeUsersInput,
  envelope,
  mergeProfileInput,
  mergeProposal,
  mergeResult,
  profileMatcherStatus,
  unmergeInput,
  unmergeResult,
  type MergeProposal,
  type ProfileMatcherStatus,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the Profile Matcher (under ['User'], refreshed with the profiles). */
export const mergeKeys = {
  matcherStatus: ['User', 'ProfileMatcherRunningStatus'] as const,
  proposals: ['User', 'ProfileMatcherProposals'] as const,
};

/** How often the Profile Matcher line is refreshed while a run is under way (spec 3 §4: 10 s). */
export const MATCHER_POLL_MS = 10_000;

/** GET api/User/ProfileMatcherRunningStatus/0: the latest run, polled only while it runs. */
export function useProfileMatcherStatus() {
  return useQuery({
    queryKey: mergeKeys.matcherStatus,
    queryFn: ({ signal }): Promise<ProfileMatcherStatus> =>
      apiRequest('/api/User/ProfileMatcherRunningStatus/0', { schema: profileMatcherStatus, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? MATCHER_POLL_MS : false),
    meta: { errorDialog: false },
  });
}

/** GET api/User/ProfileMatcherProposals: the open merge proposals. */
export function useMergeProposals() {
  return useQuery({
    queryKey: mergeKeys.proposals,
    queryFn: ({ signal }): Promise<MergeProposal[]> =>
      apiRequest('/api/User/ProfileMatcherProposals', { schema: z.array(mergeProposal), signal }),
  });
}

const messageOnly = envelope(z.null());
const jobAnswer = envelope(z.boolean());

/** A change answered by the server's sentence; refreshes every profile query. */
function useUserChange<Input>(send: (input: Input) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['User'] }),
    meta: { errorDialog: false },
  });
}

/** POST api/User/MergeProfile: `userId` becomes a child of `mergedUserId`. */
export function useMergeProfile() {
  return useUserChange(async (input: { userId: number; mergedUserId: number }) => {
    const answer = await apiRequest('/api/User/MergeProfile', {
      method: 'POST',
      body: mergeProfileInput.parse(input),
      schema: envelope(mergeResult),
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** POST api/User/UnMergedSelectedUsers. */
export function useUnmergeProfiles() {
  return useUserChange(async (userIds: number[]) => {
    const answer = await apiRequest('/api/User/UnMergedSelectedUsers', {
      method: 'POST',
      body: unmergeInput.parse({ userIds }),
      schema: envelope(unmergeResult),
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** Accept or dismiss one Profile Matcher proposal. */
export function useDecideProposal() {
  return useUserChange(async (input: { id: number; accept: boolean }) => {
    const action = input.accept ? 'Accept' : 'Dismiss';
    const answer = await apiRequest(`/api/User/ProfileMatcherProposals/${input.id}/${action}`, {
      method: 'POST',
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/**
 * PUT api/User/AcknowledgeUser: acknowledges the given Status of Users rows, or (`isDeleted`
 * false) opens acknowledged ones again; answers the server's sentence.
 */
export function useAcknowledgeUsers() {
  return useUserChange(async (input: { ids: number[]; isDeleted: boolean }) => {
    const answer = await apiRequest('/api/User/AcknowledgeUser', {
      method: 'PUT',
      body: acknowledgeUsersInput.parse({ Ids: input.ids, IsDeleted: input.isDeleted }),
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/**
 * The toolbar's jobs: UAP User Role Validation (GET api/User/ApproverToStandardUsers/) and the
 * Profile Matcher (GET api/User/ProfileMatcher/). Each answers when its run has ended; a failed
 * run answers 'Something went wrong.!'.
 */
export function useRunUserJob() {
  return useUserChange(async (job: 'roleValidation' | 'profileMatcher') => {
    const path =
      job === 'roleValidation' ? '/api/User/ApproverToStandardUsers/' : '/api/User/ProfileMatcher/';
    const answer = await apiRequest(path, { schema: jobAnswer, isWholeEnvelope: true });
    return answer.message;
  });
}
