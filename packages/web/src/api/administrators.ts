import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activateDeactivateAdminInput,
  activateDeactivateSuperAdminInput,
  adminWriteResult,
  assignAdminRegionInput,
  assignSuperAdminInput,
  deleteAdminInput,
  deleteSuperAdminInput,
  envelope,
  superAdminWriteResult,
  updateAdminRegionInput,
  updateSuperAdminInput,
} from '@uap/domain';
import type { z } from 'zod';
import { apiRequest } from './client.ts';

/** TanStack Query key prefixes of the two tables (useDeclaredTable's: the path's words). */
export const adminKeys = {
  administrators: ['User', 'GetAdminRegion'] as const,
  superAdministrators: ['User', 'GetSuperAdmins'] as const,
  /** The admin's own scope rows (api/admin-scope.ts) change with the administrator rows. */
  scope: ['User', 'GetAdminRegion'] as const,
};

/** A write's answer: the server's sentence ('Admin saved!', 'Admin deactivated!', …). */
export interface AdminWrite {
  message: string;
}

async function send<T extends z.ZodType>(
  path: string,
  method: 'POST' | 'PUT',
  body: unknown,
  result: T,
): Promise<AdminWrite> {
  const answer = await apiRequest(path, { method, body, schema: envelope(result), isWholeEnvelope: true });
  return { message: answer.message };
}

function useAdminWrite<Input>(write: (input: Input) => Promise<AdminWrite>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all(
        [adminKeys.administrators, adminKeys.superAdministrators, adminKeys.scope].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    meta: { errorDialog: false },
  });
}

/** POST AssignAdminRegion, or PUT UpdateAdminRegion when the row has an id. */
export function useSaveAdministrator() {
  return useAdminWrite(
    (input: {
      adminRegionId?: number;
      userId: number | null;
      regionId: number | null;
      marketId: number | null;
    }) =>
      input.adminRegionId
        ? send('/api/User/UpdateAdminRegion', 'PUT', updateAdminRegionInput.parse(input), adminWriteResult)
        : send('/api/User/AssignAdminRegion', 'POST', assignAdminRegionInput.parse(input), adminWriteResult),
  );
}

export function useDeleteAdministrator() {
  return useAdminWrite((adminRegionId: number) =>
    send('/api/User/DeleteAdmin', 'PUT', deleteAdminInput.parse({ adminRegionId }), adminWriteResult),
  );
}

export function useActivateDeactivateAdministrator() {
  return useAdminWrite((input: { adminRegionId: number; isDeleted: boolean }) =>
    send(
      '/api/User/ActivateDeactivateAdmin',
      'PUT',
      activateDeactivateAdminInput.parse(input),
      adminWriteResult,
    ),
  );
}

/** POST AssignSuperAdmin, or PUT UpdateSuperAdmin when the row has an id. */
export function useSaveSuperAdministrator() {
  return useAdminWrite((input: { adminId?: number; userId: number | null }) =>
    input.adminId
      ? send('/api/User/UpdateSuperAdmin', 'PUT', updateSuperAdminInput.parse(input), superAdminWriteResult)
      : send('/api/User/AssignSuperAdmin', 'POST', assignSuperAdminInput.parse(input), superAdminWriteResult),
  );
}

export function useDeleteSuperAdministrator() {
  return useAdminWrite((adminId: number) =>
    send(
      '/api/User/DeleteSuperAdmin',
      'PUT',
      deleteSuperAdminInput.parse({ adminId }),
      superAdminWriteResult,
    ),
  );
}

export function useActivateDeactivateSuperAdministrator() {
  return useAdminWrite((input: { adminId: number; isDeleted: boolean }) =>
    send(
      '/api/User/ActivateDeactivateSuperAdmin',
      'PUT',
      activateDeactivateSuperAdminInput.parse(input),
      superAdminWriteResult,
    ),
  );
}
