import { limits, type ProfileRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import type { ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { ProfileRowActions, type ProfileAction } from './ProfileRowActions.tsx';

/** What All User Profiles adds to its declared columns: the secondary emails cut (spec 3 §9). */
export const profileCells: Readonly<Record<string, ColumnExtras<ProfileRow>>> = {
  secondaryEmail: { truncate: limits.secondaryEmailInTable },
};

/** The row actions column, first on All User Profiles. */
export function profileActionsColumn(
  isReadOnly: boolean,
  onAction: (action: ProfileAction, row: ProfileRow) => void,
): DataTableColumn<ProfileRow> {
  return {
    id: 'actions',
    header: 'Actions',
    cell: (row) => <ProfileRowActions row={row} isReadOnly={isReadOnly} onAction={onAction} />,
  };
}
