import { createContext, useContext } from 'react';
import { isRoleId, Role, type Capabilities, type LoggedUser, type ShellUser } from '@uap/domain';

export interface CurrentUser {
  user: LoggedUser;
  /** What menus, tiles and the guard decide on. */
  shellUser: ShellUser;
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Narrows the wire user to the shell's view; an unknown role id gets the standard menus. */
export function toCurrentUser(user: LoggedUser): CurrentUser {
  const roleId = isRoleId(user.roleId) ? user.roleId : Role.STANDARD;
  return { user, shellUser: { roleId, showApprover: user.showApprover } };
}

/** The validated signed-in user; available on every guarded screen. */
export function useCurrentUser(): CurrentUser {
  const current = useContext(CurrentUserContext);
  if (!current) {
    throw new Error('useCurrentUser is used outside the signed-in shell.');
  }
  return current;
}

/** What the signed-in user may do beyond the menus, as the server says (ValidateNewUser). */
export function useCapabilities(): Capabilities {
  return useCurrentUser().user.capabilities;
}

/** Whether the signed-in user only reads the task screens (the auditor). */
export function useIsReadOnly(): boolean {
  return useCapabilities().isReadOnly;
}

/** Whether the signed-in user may export a table as CSV: everyone but the standard role. */
export function useCanExportTables(): boolean {
  return useCapabilities().exportsTables;
}
