/** Role ids as the spec numbers them; every rule compares these numbers. */
export const Role = {
  STANDARD: 1,
  APPROVER: 2,
  MASTERAPPROVER: 3,
  PROVISIONER: 4,
  ADMIN: 5,
  AUDITOR: 6,
  SUPERADMIN: 8,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

/**
 * The auditor reads everything and changes nothing on the task screens: no selection, no
 * action buttons, no task counts (the server refuses the writes too).
 */
export const isReadOnlyRole = (roleId: RoleId): boolean => roleId === Role.AUDITOR;

/** The lowest role that exports a table as CSV (the standard role does not; docs/architecture.md). */
export const minExportRole: RoleId = Role.APPROVER;

/**
 * What the signed-in user may do beyond the menus, decided once from the role: the server
 * enforces each one (its routes and row scope) and sends them with the user (ValidateNewUser),
 * so the web shows only what the server will accept and decides nothing by role itself.
 */
export interface Capabilities {
  /** Reads the task screens and changes nothing (the auditor). */
  isReadOnly: boolean;
  /** Exports a table as CSV. */
  exportsTables: boolean;
  /** Opens a line's activity log (provisioners and above). */
  opensActivityLogs: boolean;
  /** Reads what administrators read: every person's emails, every master data request. */
  readsAsAdmin: boolean;
  /** Acts as an administrator: record actions on the tracker, marking requests done. */
  administers: boolean;
  /** Acts on every row and person (the super administrator). */
  actsEverywhere: boolean;
}

export function capabilitiesOf(roleId: RoleId): Capabilities {
  const isReadOnly = isReadOnlyRole(roleId);
  return {
    isReadOnly,
    exportsTables: roleId >= minExportRole,
    opensActivityLogs: roleId >= Role.PROVISIONER,
    readsAsAdmin: roleId >= Role.ADMIN,
    administers: roleId >= Role.ADMIN && !isReadOnly,
    actsEverywhere: roleId === Role.SUPERADMIN,
  };
}

export const roleIds: readonly RoleId[] = Object.values(Role);

/** The role description shown in the top bar and on profile tables. */
export const roleDescriptions: Record<RoleId, string> = {
  [Role.STANDARD]: 'Standard User',
  [Role.APPROVER]: 'Approver',
  [Role.MASTERAPPROVER]: 'Master Approver',
  [Role.PROVISIONER]: 'Provisioner',
  [Role.ADMIN]: 'Administrator',
  [Role.AUDITOR]: 'Auditor',
  [Role.SUPERADMIN]: 'Super Administrator',
};

export function isRoleId(value: number): value is RoleId {
  return (roleIds as readonly number[]).includes(value);
}

/** Route minimum levels of spec 1 §2.1, by name. */
export const Level = {
  standard: Role.STANDARD,
  approver: Role.APPROVER,
  masterApprover: Role.MASTERAPPROVER,
  provisioner: Role.PROVISIONER,
  admin: Role.ADMIN,
  superAdmin: Role.SUPERADMIN,
} as const;
