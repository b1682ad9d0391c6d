import { Role, type RouteEntry, type ShellUser } from '@uap/domain';

// Spec 1 §2.1 titles of /MyApprovalPaths; not in packages/domain yet (routeTable holds the first).
const roleDetailsTitles = {
  approver: 'My Approver Role Details',
  provisioner: 'My Provisioner Role Details',
  approverProvisioner: 'My Approver/Provisioner Role Details',
} as const;

/** The title of a route for this user: /MyApprovalPaths depends on the role. */
export function routeTitle(entry: RouteEntry, user: ShellUser): string {
  if (entry.path !== '/MyApprovalPaths') {
    return entry.title;
  }
  if (user.roleId === Role.PROVISIONER) {
    return roleDetailsTitles.provisioner;
  }
  if (user.roleId === Role.MASTERAPPROVER && user.showApprover) {
    return roleDetailsTitles.approverProvisioner;
  }
  return user.roleId === Role.APPROVER ? roleDetailsTitles.approver : entry.title;
}
