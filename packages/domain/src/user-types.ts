/** Admin, Administrator, Super Admin, Super Administrator: any case, spaces around ignored. */
const ADMINISTRATOR_TYPE = /^(super\s+)?admin(istrator)?$/i;

/**
 * Whether a platform user type grants administrator rights: the tables and the request summary
 * show such types in red (spec 2 §2). Pass the type's basic name ('Admin', 'Super Admin'), the
 * category every platform's own type name maps to.
 */
export function isAdministratorUserType(name: string): boolean {
  return ADMINISTRATOR_TYPE.test(name.trim());
}
