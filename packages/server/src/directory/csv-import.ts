import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  directoryImportColumns,
  directoryImportRow,
  messages,
  type DirectoryImportColumn,
  type DirectoryImportResult,
  type DirectoryImportRowResult,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../db/connection.ts';
import {
  changedFields,
  fieldsOf,
  findDirectoryRowByMail,
  findProfilesOfEntry,
  insertDirectoryUser,
  updateDirectoryUser,
  withManager,
  type DirectoryFields,
} from './feed-queries.ts';

/** A file that cannot be imported at all (no header naming `mail`). */
export class DirectoryImportError extends Error {}

/**
 * Who may write a row: given the profiles the row's entry speaks for, the reason a row is
 * refused, or null. Without one (the command line, a super administrator) every row may be.
 */
export type RowPolicy = (
  trx: Executor,
  people: { userId: number; roleId: number }[],
) => Promise<string | null>;

const byLowerName = new Map<string, DirectoryImportColumn>(
  directoryImportColumns.map((c) => [c.toLowerCase(), c]),
);

/** The header's names as our columns; unknown columns are ignored. */
function headerColumns(header: string[]): (DirectoryImportColumn | undefined)[] {
  const columns = header.map((name) => byLowerName.get(name.trim().toLowerCase()));
  if (!columns.includes('mail')) {
    throw new DirectoryImportError(messages.directoryFileMissingMail);
  }
  return columns;
}

/**
 * Imports directory users from CSV, read as a stream (one row in memory at a time), each row in
 * its own transaction. Idempotent by mail: a new mail is created, a known one updated when a
 * value differs, else unchanged; a row that fails validation is refused with the reason. A
 * column the file leaves out keeps the stored value (a new user gets the default).
 */
export async function importDirectoryCsv(
  db: Db,
  input: Readable,
  policy: RowPolicy | null = null,
): Promise<DirectoryImportResult> {
  const parser = input.pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }),
  );
  const result: DirectoryImportResult = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: [] };
  const seen = new Map<string, number>();
  let columns: (DirectoryImportColumn | undefined)[] | null = null;
  let line = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    line += 1;
    if (!columns) {
      columns = headerColumns(cells);
      continue;
    }
    const record: Partial<Record<DirectoryImportColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) {
        record[column] = cells[i] ?? '';
      }
    });
    const outcome = await importRow(db, record, line, seen, policy);
    result[outcome.outcome] += 1;
    result.rows.push(outcome);
  }
  if (!columns) {
    throw new DirectoryImportError(messages.directoryFileMissingMail);
  }
  return result;
}

async function importRow(
  db: Db,
  record: Partial<Record<DirectoryImportColumn, string>>,
  row: number,
  seen: Map<string, number>,
  policy: RowPolicy | null,
): Promise<DirectoryImportRowResult> {
  const parsed = directoryImportRow.safeParse(record);
  const rawMail = record.mail?.trim().toLowerCase() || null;
  if (!parsed.success) {
    return {
      row,
      mail: rawMail,
      outcome: 'refused',
      reason: parsed.error.issues[0]?.message ?? messages.invalidInput,
    };
  }
  const given = parsed.data;
  const firstRow = seen.get(given.mail);
  if (firstRow !== undefined) {
    return { row, mail: given.mail, outcome: 'refused', reason: messages.directoryRowDuplicate(firstRow) };
  }
  seen.set(given.mail, row);

  return inTransaction(db, async (trx) => {
    const existing = await findDirectoryRowByMail(trx, given.mail);
    const refusal =
      policy &&
      (await policy(trx, await findProfilesOfEntry(trx, existing?.directoryId ?? null, given.mail)));
    if (refusal) {
      return { row, mail: given.mail, outcome: 'refused' as const, reason: refusal };
    }
    const base: DirectoryFields = existing
      ? fieldsOf(existing)
      : {
          mail: given.mail,
          userPrincipalName: given.mail,
          displayName: '',
          givenName: null,
          surname: null,
          jobTitle: null,
          companyName: null,
          department: null,
          officeLocation: null,
          country: null,
          mobilePhone: null,
          businessPhone: null,
          employeeId: null,
          userType: 'Member',
          active: true,
          externalId: null,
          managerDirectoryId: null,
          managerMail: null,
          managerDisplayName: null,
        };
    const merged: DirectoryFields = { ...base };
    for (const [key, value] of Object.entries(given) as [keyof typeof given, unknown][]) {
      if (value !== undefined && key !== 'displayName') {
        (merged as unknown as Record<string, unknown>)[key] = value;
      }
    }
    if (given.managerMail !== undefined && given.managerMail !== base.managerMail) {
      // A new manager mail: resolve it afresh rather than keep the old manager's id.
      merged.managerDirectoryId = null;
      merged.managerDisplayName = null;
    }
    const kept = given.displayName !== undefined ? given.displayName : existing ? base.displayName : null;
    merged.displayName = kept || [merged.givenName, merged.surname].filter(Boolean).join(' ');
    if (!merged.displayName) {
      return { row, mail: given.mail, outcome: 'refused' as const, reason: messages.directoryRowNoName };
    }
    // The manager is looked up only when the file names one (else the stored manager stays).
    const fields = given.managerMail !== undefined ? await withManager(trx, merged) : merged;
    if (!existing) {
      await insertDirectoryUser(trx, fields);
      return { row, mail: given.mail, outcome: 'created' as const, reason: null };
    }
    const changed = changedFields(base, fields);
    if (changed.length === 0) {
      return { row, mail: given.mail, outcome: 'unchanged' as const, reason: null };
    }
    await updateDirectoryUser(trx, existing.directoryId, fields);
    return { row, mail: given.mail, outcome: 'updated' as const, reason: changed.join(', ') };
  });
}
