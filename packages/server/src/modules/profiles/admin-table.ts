import type { ProfileRow } from '@uap/domain';
import type { TableReader } from '../../http/table-routes.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { presentProfile } from './admin-service.ts';
import { findProfileBatch, findProfilePage, findProfileValues, profileSpec } from './table-queries.ts';

/**
 * PUT api/User/GetAllUsers (+ /Filters, /Export): every profile (administrators see them all; the
 * auditor reads). The export follows the table's order, not the id: its batches step by offset.
 */
export const allUserProfilesReader: TableReader<ProfileRow> = {
  spec: profileSpec,
  page: async (db, actor, query) => {
    adminScopeOf(actor, 'read');
    const { rows, totalCount } = await findProfilePage(db, query);
    return { rows: rows.map(presentProfile), totalCount };
  },
  values: (db, actor, query, column) => {
    adminScopeOf(actor, 'read');
    return findProfileValues(db, query, column);
  },
  batches: (db, actor, query) => {
    adminScopeOf(actor, 'read');
    let offset = 0;
    // csvExport asks for a batch only once the one before has arrived, so the offset is the rows read.
    return async (_beforeId, limit) => {
      const rows = await findProfileBatch(db, query, offset, limit);
      offset += rows.length;
      return rows.map(presentProfile);
    };
  },
};
