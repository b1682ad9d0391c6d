import { fullName, isAccessRecord, type ExistingAccessRow } from '@uap/domain';
import { presentLineNames } from '../request-lines/present.ts';
import type { ExistingAccessLine } from './queries.ts';

/** A line of the subject's existing access: the step's columns and whether the caller may open it. */
export function presentExistingAccess(row: ExistingAccessLine): ExistingAccessRow {
  return Object.assign(
    {
      requestId: row.requestId,
      statusId: row.statusId,
      status: { description: row.statusName },
      statusDescription: row.recordStatus,
      requestTypeName: row.requestTypeName,
      requestUser: { fullName: fullName(row.name, row.lastName), email: row.userEmail },
      email: row.email,
    },
    presentLineNames(row),
    { canModify: isAccessRecord(row) && Number(row.isModifiable) === 1 },
  );
}
