import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activateDeactivateAdminInput,
  activateDeactivateSuperAdminInput,
  adminRegionPage,
  adminWriteResult,
  assignAdminRegionInput,
  assignSuperAdminInput,
  deleteAdminInput,
  deleteSuperAdminInput,
  envelope,
  filterOptions,
  superAdminPage,
  superAdminWriteResult,
  updateAdminRegionInput,
  updateSuperAdminInput,
  type AdminRegionPage,
  type SuperAdminPage,
  type TableQuery,
} from '@uap/domain';
import type { z } from 'zod';
import { apiRequest } from './client.ts';

/** TanStack Query key prefixes of the two tables (the DataTable adds its state). */
export const adminKeys = {
  administrators: ['User', 'Administrators'] as const,
  superAdministrators: ['User', 'SuperAdministrators'] as const,
  /** The admin's own scope rows (api/admin-scope.ts) change with the administrator rows. */
  scope: ['User', 'GetAdminRegion'] as const,
};

/** PUT api/User/GetAdminRegion: one page of the administrator rows in the caller's scope. */
export function fetchAdministrators(query: TableQuery, signal: AbortSignal): Promise<AdminRegionPage> {
  return apiRequest('/api/User/GetAdminRegion', {
    method: 'PUT',
    body: query,
    schema: adminRegionPage,
    signal,
  });
}

/** PUT api/User/GetSuperAdmins: one page of the super administrators. */
export function fetchSuperAdministrators(query: TableQuery, signal: AbortSignal): Promise<SuperAdminPage> {
  return apiRequest('/api/User/GetSuperAdmins', {
    method: 'PUT',
    body: query,
    schema: superAdminPage,
    signal,
  });
}

/** PUT …/Filters: the distinct values of one column under the other filters. */
export async function fetchAdminFilterOptions(
  path: '/api/User/GetAdminRegion/Filters' | '/api/User/GetSuperAdmins/Filters',
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest(path, {
    method: 'PUT',
    body: { ...query, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}

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
