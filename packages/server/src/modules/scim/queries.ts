import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { hasNul, messages } from '@uap/domain';
import { toCount, type Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { DirectoryRow } from '../../directory/feed-queries.ts';
import { ScimError } from './resource.ts';

type Eb = ExpressionBuilder<Database, 'directoryUsers'>;
type Condition = (eb: Eb) => Expression<SqlBool>;

// attribute eq "value" — the one filter form identity providers send before creating someone.
const filterPattern = /^\s*([A-Za-z][\w.:[\]" -]*?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

const lowerUpn = sql<string>`lower(user_principal_name)`;

/**
 * A SCIM filter as a WHERE condition: `userName eq "…"` (case-insensitive, as RFC 7643 defines
 * userName), `externalId eq "…"`, `id eq "…"`, `emails.value eq "…"` or
 * `emails[type eq "work"].value eq "…"`. Anything else is refused with invalidFilter.
 */
export function filterCondition(filter: string): Condition {
  const match = filterPattern.exec(filter);
  if (!match) {
    throw new ScimError(400, messages.scimInvalidFilter, 'invalidFilter');
  }
  const attribute = match[1]!.replace(/\s+/g, ' ').toLowerCase();
  let value: string;
  try {
    value = JSON.parse(`"${match[2]}"`) as string;
  } catch {
    throw new ScimError(400, messages.scimInvalidFilter, 'invalidFilter');
  }
  if (hasNul(value)) {
    // No stored text holds U+0000, and PostgreSQL cannot bind it: the filter matches no one.
    return () => sql<SqlBool>`1 = 0`;
  }
  switch (attribute) {
    case 'username':
      return (eb) => eb(lowerUpn, '=', value.toLowerCase());
    case 'externalid':
      return (eb) => eb('externalId', '=', value);
    case 'id':
      return (eb) => eb('directoryId', '=', value);
    case 'emails':
    case 'emails.value':
    case 'emails[type eq "work"].value':
      return (eb) => eb('mail', '=', value.toLowerCase());
    default:
      throw new ScimError(400, messages.scimInvalidFilter, 'invalidFilter');
  }
}

/** The directory entries SCIM still sees (a deleted one answers 404). */
function visible(q: Executor) {
  return q.selectFrom('directoryUsers').where('isDeleted', '=', 0);
}

export async function findScimUser(q: Executor, id: string): Promise<DirectoryRow | undefined> {
  return visible(q).selectAll().where('directoryId', '=', id).executeTakeFirst();
}

/** One page of users (1-based startIndex) and the total matching. */
export async function listScimUsers(
  q: Executor,
  o: { condition: Condition | null; startIndex: number; count: number },
): Promise<{ total: number; rows: DirectoryRow[] }> {
  const where = (eb: Eb) => (o.condition ? o.condition(eb) : sql<SqlBool>`1 = 1`);
  const total = await visible(q)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows =
    o.count === 0
      ? []
      : await visible(q)
          .selectAll()
          .where(where)
          .orderBy('directoryId')
          .offset(o.startIndex - 1)
          .limit(o.count)
          .execute();
  return { total: toCount(total.n), rows };
}

/**
 * The entries (deleted ones included: the mail index spans them) other than `exceptId` that
 * hold this userName or mail.
 */
export async function findHolders(
  q: Executor,
  o: { userName: string; mail: string | null; exceptId: string | null },
): Promise<DirectoryRow[]> {
  return q
    .selectFrom('directoryUsers')
    .selectAll()
    .where((eb) =>
      eb.or([eb(lowerUpn, '=', o.userName.toLowerCase()), ...(o.mail ? [eb('mail', '=', o.mail)] : [])]),
    )
    .where((eb) => (o.exceptId ? eb('directoryId', '!=', o.exceptId) : sql<SqlBool>`1 = 1`))
    .limit(5)
    .execute();
}
