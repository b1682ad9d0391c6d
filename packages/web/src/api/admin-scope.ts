import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Role, adminRegionRow } from '@uap/domain';
import { useCurrentUser } from '../session/current-user.ts';
import { apiRequest } from './client.ts';

/** A (region, market) pair an administrator may change approval paths in. */
export interface ScopePair {
  regionId: number;
  marketId: number;
}

/**
 * The signed-in administrator's own (region, market) rows (GET api/User/GetAdminRegion), so that
 * the add and edit dialogs offer only paths the server will accept; null = unscoped (a super
 * admin, or a role that changes no path), undefined while loading.
 */
export function useAdminScopePairs(): ScopePair[] | null | undefined {
  const { user, shellUser } = useCurrentUser();
  const isAdmin = shellUser.roleId === Role.ADMIN;
  const rows = useQuery({
    queryKey: ['User', 'GetAdminRegion'],
    enabled: isAdmin,
    queryFn: ({ signal }) =>
      apiRequest('/api/User/GetAdminRegion', { schema: z.array(adminRegionRow), signal }),
  });
  if (!isAdmin) {
    return null;
  }
  return rows.data
    ?.filter((r) => r.userId === user.userId && !r.isDeleted)
    .map((r) => ({ regionId: r.regionId, marketId: r.marketId }));
}
