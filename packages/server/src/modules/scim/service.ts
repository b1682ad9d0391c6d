import { messages, scimUser, type ScimPatchOperation, type ScimUserInput } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import {
  changedFields,
  fieldsOf,
  insertDirectoryUser,
  markDirectoryUserDeleted,
  updateDirectoryUser,
  withManager,
  type DirectoryFields,
  type DirectoryRow,
} from '../../directory/feed-queries.ts';
import { applyPatch } from './patch.ts';
import { findHolders, findScimUser } from './queries.ts';
import { ScimError, fromScim, toScim } from './resource.ts';

const notFound = (id: string) => new ScimError(404, messages.scimUserNotFound(id));

function conflict(holder: DirectoryRow, fields: DirectoryFields): ScimError {
  const byMail = fields.mail !== null && holder.mail === fields.mail;
  return new ScimError(
    409,
    byMail
      ? messages.scimMailTaken(fields.mail!)
      : messages.scimUserNameTaken(fields.userPrincipalName ?? ''),
    'uniqueness',
  );
}

/** Two creates of one mail at once: the unique index refuses the second. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e.message ?? '')
  );
}

async function uniqueWrite<T>(
  db: Db,
  fields: DirectoryFields,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ScimError(409, messages.scimMailTaken(fields.mail ?? ''), 'uniqueness');
    }
    throw error;
  }
}

/**
 * POST /Users: a joiner. A person the provider deleted before (same userName or mail) comes
 * back under their old id, so their profile and history stay linked.
 */
export async function createScimUser(db: Db, input: ScimUserInput): Promise<DirectoryRow> {
  const given = fromScim(input);
  return uniqueWrite(db, given, async (trx) => {
    const fields = await withManager(trx, given);
    const holders = await findHolders(trx, { userName: input.userName, mail: fields.mail, exceptId: null });
    const live = holders.find((h) => Number(h.isDeleted) === 0);
    if (live) {
      throw conflict(live, fields);
    }
    const returning = holders[0];
    return returning
      ? updateDirectoryUser(trx, returning.directoryId, fields)
      : insertDirectoryUser(trx, fields);
  });
}

async function write(trx: Executor, row: DirectoryRow, given: DirectoryFields): Promise<DirectoryRow> {
  const fields = await withManager(trx, given);
  if (changedFields(fieldsOf(row), fields).length === 0) {
    return row;
  }
  const holders = await findHolders(trx, {
    userName: fields.userPrincipalName ?? '',
    mail: fields.mail,
    exceptId: row.directoryId,
  });
  if (holders[0]) {
    throw conflict(holders[0], fields);
  }
  return updateDirectoryUser(trx, row.directoryId, fields);
}

/** PUT /Users/{id}: a mover, every attribute given (an omitted `active` keeps its value). */
export async function replaceScimUser(db: Db, id: string, input: ScimUserInput): Promise<DirectoryRow> {
  return inTransaction(db, async (trx) => {
    const row = await findScimUser(trx, id);
    if (!row) {
      throw notFound(id);
    }
    return write(trx, row, fromScim(input, Number(row.active) === 1));
  });
}

/** PATCH /Users/{id}: the operations applied to the stored user, the result validated whole. */
export async function patchScimUser(
  db: Db,
  id: string,
  operations: readonly ScimPatchOperation[],
): Promise<DirectoryRow> {
  return inTransaction(db, async (trx) => {
    const row = await findScimUser(trx, id);
    if (!row) {
      throw notFound(id);
    }
    const patched = scimUser.safeParse(applyPatch(toScim(row), operations));
    if (!patched.success) {
      const issue = patched.error.issues[0];
      throw new ScimError(400, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`, 'invalidValue');
    }
    return write(trx, row, fromScim(patched.data, Number(row.active) === 1));
  });
}

/** DELETE /Users/{id}: a leaver the provider removed (disabled and marked deleted, never removed). */
export async function deleteScimUser(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findScimUser(trx, id);
    if (!row) {
      throw notFound(id);
    }
    await markDirectoryUserDeleted(trx, id);
  });
}
