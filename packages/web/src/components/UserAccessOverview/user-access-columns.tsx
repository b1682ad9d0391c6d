import {
  accessColumns as declaredAccessColumns,
  isAccessRecord,
  type AccessRow,
  type UserRecordRow,
} from '@uap/domain';
import { RouterLink } from '../RouterLink.tsx';
import { StatusChip } from '../StatusChip.tsx';
import type { DataTableColumn } from '../DataTable/DataTable.tsx';
import { declaredColumns, type DeclaredColumnExtras } from '../DataTable/declared-columns.ts';

/**
 * The cells of the access columns that are more than text: the Record ID links to Modify an
 * Existing Access for the rows `canModify` allows; statuses and types are chips.
 */
export function accessCells<Row extends AccessRow>(
  canModify: (row: Row) => boolean,
): Record<string, DeclaredColumnExtras<Row>> {
  const chip = (text: (row: Row) => string): DeclaredColumnExtras<Row> => ({
    cell: (r) => <StatusChip label={text(r)} />,
    truncate: 60,
  });
  return {
    ...Object.fromEntries(declaredAccessColumns<Row>().map((column) => [column.id, { truncate: 60 }])),
    requestId: {
      cell: (r) =>
        canModify(r) ? (
          <RouterLink to={`/ChangeUserRecords?Id=${r.requestId}`}>{r.requestId}</RouterLink>
        ) : (
          String(r.requestId)
        ),
    },
    status: chip((r) => r.status.description),
    statusDescription: chip((r) => r.statusDescription),
    requestTypeName: chip((r) => r.requestTypeName),
  };
}

/** The columns of spec 1 §2.4, in its order (declared in domain: tables/records.ts). */
export function accessColumns<Row extends AccessRow>(
  canModify: (row: Row) => boolean,
): DataTableColumn<Row>[] {
  return declaredColumns(declaredAccessColumns<Row>(), accessCells(canModify));
}

/** The caller's own records and requests: only an access record can be modified. */
export const userAccessColumns = accessColumns<UserRecordRow>(isAccessRecord);
