import { Role } from '@uap/domain';
import type { Access } from '../../http/access.ts';

/** Administrators and the auditor read the Database Manager. */
export const read: Access = { minRole: Role.ADMIN, auditor: true };
/** Administrators write master data (never the auditor), inside their scope. */
export const write: Access = { minRole: Role.ADMIN, auditor: false };

/** Who may change what, as the API documentation states it for every write. */
export const scopeRule =
  'Super admins: everything. Admins: a market in a region they hold an admin row in; an agency and everything below it in a (region, market) pair they hold; a shared practice or platform (and its user types) only when every agency offering it is theirs; regions and account ownerships never (403). Outside the scope: 404. Auditors: 403. Every change writes its master data log row in the same transaction.';
/** How a write that breaks a rule answers. */
export const rules =
  "422 with the message of the broken rule (spec 3 §5 where it has one); a missing or empty required field: 400 'Fill all fields'.";
