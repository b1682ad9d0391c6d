import { capabilitiesOf, fullName, isRoleId, type LoggedUser } from '@uap/domain';
import type { ProfileRow } from './sign-in-queries.ts';

export function toLoggedUser(
  row: ProfileRow,
  emails: { email: string; isDeleted: number; userId: number }[],
): LoggedUser {
  const name = fullName(row.name, row.lastName);
  if (!isRoleId(row.roleId)) {
    throw new Error(`User ${row.userId} has an unknown role ${row.roleId}`);
  }
  return {
    userId: row.userId,
    roleId: row.roleId,
    role: { roleId: row.roleId, description: row.roleDescription },
    email: row.email,
    showApprover: row.showApprover === 1,
    userAditionalEmail: emails.map((e) => ({
      email: e.email,
      isDeleted: e.isDeleted === 1,
      userId: e.userId,
    })),
    name: row.name,
    lastName: row.lastName,
    title: row.title,
    organization: row.organization,
    department: row.department,
    officeNumber: row.officeNumber,
    locationCountry: row.locationCountry,
    isInternal: row.isInternal === 1,
    userType: row.userType,
    displayName: name,
    mail: row.email,
    fullName: name,
    capabilities: capabilitiesOf(row.roleId),
  };
}
