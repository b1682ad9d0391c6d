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
