import { type CoverageRow, type PathPreview, type PathPreviewQuery } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { toCount } from '../../../db/connection.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import type { TableReader } from '../../../http/table-routes.ts';
import { platformPathOf } from '../assignments/present.ts';
import * as q from './queries.ts';

function present(row: q.CoverageDbRow): CoverageRow {
  return {
    pathKey: Number(row.pathKey),
    coverage: row.coverage,
    ...platformPathOf(row),
    clientName: row.clientName,
    approverId: row.approverId ?? null,
    isClientAssignment: row.assignmentClientId !== null && row.assignmentClientId !== undefined,
    approverName: row.approverName,
    secondaryApproverName: row.secondaryApproverName,
    provisionerName: row.provisionerName,
    provisionerBackupName: row.provisionerBackupName,
    masterApproverNames: row.masterApproverNames ?? null,
    pendingCount: toCount(row.pendingCount),
  };
}

/**
 * PUT api/Approvers/Coverage (+ /Filters, /Export): the paths in an admin's (region, market)
 * rows, or every path. A page finds its keys on narrow rows first (queries.ts).
 */
export const coverageRows: TableReader<CoverageRow> = {
  spec: q.coverageSpec,
  page: async (db, actor, query) => {
    const { rows, totalCount } = await q.findCoveragePage(db, adminScopeOf(actor, 'read'), query);
    return { rows: rows.map(present), totalCount };
  },
  values: (db, actor, query, column) => q.findCoverageValues(db, adminScopeOf(actor, 'read'), query, column),
  batches: (db, actor, query) => {
    const scope = adminScopeOf(actor, 'read');
    return async (beforeKey, limit) =>
      (await q.findCoverageBatch(db, scope, query, beforeKey, limit)).map(present);
  },
};

/** GET api/Approvers/PathPreview: who approves and provisions a line of this path. */
export async function previewPath(db: Db, query: PathPreviewQuery): Promise<PathPreview> {
  const { noPath, assignment, masters } = await q.findPathPreview(db, {
    ...query,
    clientId: query.clientId ?? null,
  });
  const person = (fullName: string | null, email: string | null) =>
    fullName !== null && email !== null ? [{ fullName, email }] : [];
  return {
    hasApprovalPath: !noPath,
    approvers: [
      ...(assignment ? person(assignment.approverName, assignment.approverEmail) : []),
      ...(assignment ? person(assignment.secondaryApproverName, assignment.secondaryApproverEmail) : []),
      ...masters.flatMap((m) => person(m.fullName, m.email)),
    ],
    provisioners: assignment
      ? [
          ...person(assignment.provisionerName, assignment.provisionerEmail),
          ...person(assignment.provisionerBackupName, assignment.provisionerBackupEmail),
        ]
      : [],
  };
}
