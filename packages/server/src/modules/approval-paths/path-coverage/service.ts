import type { Readable } from 'node:stream';
import {
  type CoveragePage,
  type CoverageRow,
  type FilterOptions,
  type PathPreview,
  type PathPreviewQuery,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { toCount } from '../../../db/connection.ts';
import { csvExport } from '../../../db/csv-export.ts';
import type { CsvColumn } from '../../../db/csv-text.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery, distinctFilterValues } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import * as q from './queries.ts';

function present(row: q.CoverageDbRow): CoverageRow {
  return {
    pathKey: Number(row.pathKey),
    coverage: row.coverage,
    regionId: row.regionId,
    marketId: row.marketId,
    agencyId: row.agencyId,
    practiceId: row.practiceId,
    platformId: row.platformId,
    clientId: row.clientId,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    platformName: row.platformName,
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

/** PUT api/Approvers/Coverage: one page of the paths in the caller's scope. */
export async function findCoverage(db: Db, actor: Actor, query: TableQuery): Promise<CoveragePage> {
  assertTableQuery(q.coverageSpec, query);
  const { rows, totalCount } = await q.findCoveragePage(db, adminScopeOf(actor, 'read'), query);
  return { paths: rows.map(present), page: query.page, totalCount };
}

/** PUT api/Approvers/Coverage/Filters: one column's distinct values under the other filters. */
export async function findCoverageFilterOptions(
  db: Db,
  actor: Actor,
  query: TableQuery & { column: string },
): Promise<FilterOptions> {
  assertTableQuery(q.coverageSpec, query, query.column);
  const values = await distinctFilterValues(
    q.coverageValues(db, adminScopeOf(actor, 'read'), query, query.column),
    q.coverageSpec,
    query.column,
  );
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

const csvColumns: CsvColumn<CoverageRow>[] = [
  { header: 'Coverage', value: (r) => r.coverage },
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Market', value: (r) => r.marketName },
  { header: 'Agency', value: (r) => r.agencyName },
  { header: 'Practice', value: (r) => r.practiceName },
  { header: 'Platform', value: (r) => r.platformName },
  { header: 'Client', value: (r) => r.clientName },
  { header: 'Primary Approver', value: (r) => r.approverName },
  { header: 'Secondary Approver', value: (r) => r.secondaryApproverName },
  { header: 'Master Approvers', value: (r) => r.masterApproverNames },
  { header: 'Provisioner', value: (r) => r.provisionerName },
  { header: 'Provisioner Backup', value: (r) => r.provisionerBackupName },
  { header: 'Pending Requests', value: (r) => r.pendingCount },
];

/** PUT api/Approvers/Coverage/Export: the whole filtered table as CSV. */
export async function exportCoverage(db: Db, actor: Actor, query: TableQuery): Promise<Readable> {
  assertTableQuery(q.coverageSpec, query);
  const scope = adminScopeOf(actor, 'read');
  return csvExport(
    async (beforeKey, limit) => (await q.findCoverageBatch(db, scope, query, beforeKey, limit)).map(present),
    (row) => row.pathKey,
    csvColumns,
  );
}

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
      ...(assignment ? person(assignment.secondaryName, assignment.secondaryEmail) : []),
      ...masters.flatMap((m) => person(m.fullName, m.email)),
    ],
    provisioners: assignment
      ? [
          ...person(assignment.provisionerName, assignment.provisionerEmail),
          ...person(assignment.backupName, assignment.backupEmail),
        ]
      : [],
  };
}
