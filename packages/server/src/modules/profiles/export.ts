import type { Readable } from 'node:stream';
import { formatDate, timeZoneOrUtc, type ProfileRow, type TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { csvExport } from '../../db/csv-export.ts';
import type { CsvColumn } from '../../db/csv-text.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { presentProfile } from './admin-service.ts';
import { findProfileBatch, profileSpec } from './table-queries.ts';

/** The All User Profiles columns (spec 3 §2.4) as the CSV writes them; dates in the caller's time zone. */
export function profileCsvColumns(timeZone: string): CsvColumn<ProfileRow>[] {
  return [
    { header: 'AD Account Enabled', value: (r) => r.adEnabled },
    { header: 'UAP Id', value: (r) => r.uapId },
    { header: 'First Name', value: (r) => r.name },
    { header: 'Last Name', value: (r) => r.lastName },
    { header: 'Created Date', value: (r) => formatDate(r.createdDate, timeZone) },
    { header: 'User Type', value: (r) => r.userType },
    { header: 'Role Name', value: (r) => r.roleName },
    { header: 'Primary Email', value: (r) => r.email },
    { header: 'Secondary Email', value: (r) => r.secondaryEmail },
    { header: 'Title', value: (r) => r.title },
    { header: 'Organization', value: (r) => r.organization },
    { header: 'Location', value: (r) => r.locationCountry },
    { header: 'Phone Number', value: (r) => r.officeNumber, isTabLed: true },
    { header: 'Employee Id', value: (r) => r.employeeId },
    { header: 'Department', value: (r) => r.department },
    { header: 'Parent GUID', value: (r) => r.parentGUID },
    { header: 'Child GUID', value: (r) => r.childGUID },
  ];
}

/**
 * PUT api/User/GetAllUsers/Export: every profile the table's filters and search keep, in the
 * table's order, as a streamed CSV file (administrators see every profile, as on the page).
 */
export async function exportProfiles(db: Db, actor: Actor, query: TableQuery): Promise<Readable> {
  adminScopeOf(actor, 'read');
  assertTableQuery(profileSpec, query);
  let offset = 0;
  return csvExport(
    // csvExport asks for a batch only once the one before has arrived, so the offset is the rows read.
    async (_beforeId, limit) => {
      const rows = await findProfileBatch(db, query, offset, limit);
      offset += rows.length;
      return rows.map(presentProfile);
    },
    (row) => row.userId,
    profileCsvColumns(timeZoneOrUtc(query.localTimeZone)),
  );
}
