import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { jobRun, jobSummary, type JobRun } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the Jobs view. */
export const jobKeys = { all: ['Jobs'] as const };

const jobList = z.array(jobSummary);

/** GET api/Jobs (super admin): every job with its schedule, next run and last runs. */
export function useJobs() {
  return useQuery({
    queryKey: jobKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/Jobs', { schema: jobList, signal }),
  });
}

/** POST api/Jobs/{name}/run: runs the job and answers when it has ended (409 while it runs anywhere). */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<JobRun> =>
      apiRequest(`/api/Jobs/${encodeURIComponent(name)}/run`, { method: 'POST', schema: jobRun }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
    meta: { errorDialog: false },
  });
}
