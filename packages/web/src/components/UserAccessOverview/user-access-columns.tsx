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
 * The columns of spec 1 §2.4, in its order (declared in domain: tables/records.ts). The Record
 * ID links to Modify an Existing Access for the rows `canModify` allows.
 */
export function accessColumns<Row extends AccessRow>(
  canModify: (row: Row) => boolean,
): DataTableColumn<Row>[] {
  const columns = declaredAccessColumns<Row>();
  const chip = (text: (row: Row) => string): DeclaredColumnExtras<Row> => ({
    cell: (r) => <StatusChip label={text(r)} />,
    truncate: 60,
  });
  const extras: Record<string, DeclaredColumnExtras<Row>> = {
    ...Object.fromEntries(columns.map((column) => [column.id, { truncate: 60 }])),
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
  return declaredColumns(columns, extras);
}

/** The caller's own records and requests: only an access record can be modified. */
export const userAccessColumns = accessColumns<UserRecordRow>(isAccessRecord);
