import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdditionalEmailsQuery, UsersForPopupQuery } from '@uap/domain';
import { toCount, type Db, type Dialect } from '../../db/connection.ts';
import { idOfTerm } from '../../db/table-query.ts';

/** The largest code point: `term || TOP` bounds every text that begins with the term. */
const TOP = '\u{10FFFF}';

/**
 * `column` begins with `term` (already lowercased), as a range the column's b-tree serves. On
 * PostgreSQL the LIKE is kept beside it: its planner uses an index for LIKE only under the C
 * collation, and the range alone assumes code point order.
 */
function beginsWith(dialect: Dialect, column: Expression<unknown>, term: string): Expression<SqlBool> {
  const range = sql<SqlBool>`(${column} >= ${term} and ${column} < ${term + TOP})`;
  return dialect === 'postgres'
    ? sql<SqlBool>`(${range} and ${column} like ${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\')`
    : range;
}

/**
 * The ids of the profiles a search finds, each way in through its own index (lower(name),
 * lower(last_name), the unique email, the additional emails' email, the primary key), united:
 * an OR across the columns would have PostgreSQL read every profile.
 */
function matchingIds(db: Db, raw: string) {
  const term = raw.toLowerCase();
  const k = db.kysely;
  const users = (where: Expression<SqlBool>) => k.selectFrom('users as u').select('u.userId').where(where);
  let ids = users(beginsWith(db.dialect, sql`lower(u.name)`, term))
    .union(users(beginsWith(db.dialect, sql`lower(u.last_name)`, term)))
    .union(users(beginsWith(db.dialect, sql.ref('u.email'), term)))
    .union(
      k
        .selectFrom('userAdditionalEmails as e')
        .select('e.userId')
        .where(beginsWith(db.dialect, sql.ref('e.email'), term)),
    );
  const space = term.indexOf(' ');
  if (space > 0) {
    // 'ada adm': the first name, then the beginning of the last name.
    const first = term.slice(0, space);
    const rest = term.slice(space + 1).trim();
    ids = ids.union(
      users(
        sql<SqlBool>`lower(u.name) = ${first} and ${beginsWith(db.dialect, sql`lower(u.last_name)`, rest)}`,
      ),
    );
  }
  const id = idOfTerm(term);
  if (id !== null) {
    ids = ids.union(users(sql<SqlBool>`u.user_id = ${id}`));
  }
  return ids;
}

/**
 * One page of the user-details popup, in full-name order (idx_users_full_name_user_id), and the
 * count of the profiles it pages through.
 */
export async function findPopupUserPage(db: Db, query: UsersForPopupQuery) {
  const isSearching = query.search !== '';
  const found = () => sql<SqlBool>`u.user_id in (${matchingIds(db, query.search)})`;
  const fullName = sql`u.name || ' ' || u.last_name`;
  // The page's ids first, from the full-name index alone (a deep page skips index entries, not
  // joined rows), then their columns.
  const pageIds = db.kysely
    .selectFrom('users as u')
    .$if(isSearching, (qb) => qb.where(found()))
    .select('u.userId')
    .orderBy(fullName)
    .orderBy('u.userId')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, total] = await Promise.all([
    db.kysely
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.roleId', 'u.roleId')
      .where(sql<SqlBool>`u.user_id in (${pageIds})`)
      .select([
        'u.userId',
        'u.name',
        'u.lastName',
        'u.email',
        'u.isInternal',
        'u.roleId',
        'r.description as roleName',
        'u.title',
        'u.organization',
        'u.department',
        'u.locationCountry',
        'u.officeNumber',
        'u.employeeId',
        'u.parentGuid',
        'u.childGuid',
        'u.isChild',
        'u.mergedUserId',
        'u.isDeleted',
        'u.createdDate',
      ])
      .orderBy(fullName)
      .orderBy('u.userId')
      .execute(),
    db.kysely
      .selectFrom('users as u')
      .$if(isSearching, (qb) => qb.where(found()))
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}
export type PopupUserDbRow = Awaited<ReturnType<typeof findPopupUserPage>>['rows'][number];

/**
 * One page of the additional emails in email order (idx_user_additional_emails_email; one
 * profile's through idx_user_additional_emails_user_id), and their count.
 */
export async function findAdditionalEmailPage(db: Db, query: AdditionalEmailsQuery) {
  const base = () =>
    db.kysely
      .selectFrom('userAdditionalEmails as e')
      .$if(query.userId !== undefined, (qb) => qb.where('e.userId', '=', query.userId!))
      .$if(query.search !== '', (qb) =>
        qb.where(beginsWith(db.dialect, sql.ref('e.email'), query.search.toLowerCase())),
      );
  const [rows, total] = await Promise.all([
    base()
      .select(['e.id', 'e.email', 'e.isDeleted', 'e.userId'])
      .orderBy('e.email')
      .orderBy('e.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}
