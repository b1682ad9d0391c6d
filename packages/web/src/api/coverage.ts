import { useQuery } from '@tanstack/react-query';
import { pathPreview, type PathPreviewQuery } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key of the path preview. */
export const coverageKeys = {
  preview: (path: PathPreviewQuery | null) => ['Approvers', 'PathPreview', path] as const,
};

/** GET api/Approvers/PathPreview: who will approve and provision a line of this path. */
export function usePathPreview(path: PathPreviewQuery | null) {
  return useQuery({
    queryKey: coverageKeys.preview(path),
    enabled: path !== null,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(
        Object.entries(path ?? {}).flatMap(([key, value]) => (value ? [[key, String(value)]] : [])),
      );
      return apiRequest(`/api/Approvers/PathPreview?${params.toString()}`, { schema: pathPreview, signal });
    },
  });
}
