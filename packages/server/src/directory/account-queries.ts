import type { Db } from '../db/connection.ts';

/** A directory member who may sign in. */
export interface DirectoryAccount {
  directoryId: string;
  mail: string;
  displayName: string;
}

const columns = ['directoryId', 'mail', 'displayName'] as const;

function signInQuery(db: Db) {
  return db.kysely
    .selectFrom('directoryUsers')
    .select(columns)
    .where('active', '=', 1)
    .where('userType', '=', 'Member')
    .where('mail', 'is not', null);
}

/** An active internal directory account by email, or undefined (guests never sign in). */
export async function findDirectoryAccount(db: Db, email: string): Promise<DirectoryAccount | undefined> {
  const row = await signInQuery(db).where('mail', '=', email.toLowerCase()).executeTakeFirst();
  return row && row.mail ? { ...row, mail: row.mail } : undefined;
}

/**
 * An active internal directory account by its directory id: the embedded provider's account id
 * and `sub`, stable when the mail changes.
 */
export async function findDirectoryAccountById(
  db: Db,
  directoryId: string,
): Promise<DirectoryAccount | undefined> {
  const row = await signInQuery(db).where('directoryId', '=', directoryId).executeTakeFirst();
  return row && row.mail ? { ...row, mail: row.mail } : undefined;
}

export async function findDirectoryAccounts(db: Db, emails: readonly string[]): Promise<DirectoryAccount[]> {
  if (emails.length === 0) {
    return [];
  }
  const rows = await signInQuery(db)
    .where(
      'mail',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return rows.flatMap((r) => (r.mail ? [{ ...r, mail: r.mail }] : []));
}
