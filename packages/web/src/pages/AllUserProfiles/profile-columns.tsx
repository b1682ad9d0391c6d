import { formatDate, limits, type ProfileRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { ProfileRowActions, type ProfileAction } from './ProfileRowActions.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

type Column = DataTableColumn<ProfileRow>;

const timeZone = localTimeZone();

const text = (id: keyof ProfileRow, header: string, extra: Partial<Column> = {}): Column => ({
  id,
  header,
  text: (r) => {
    const value = r[id];
    return value === null ? '' : String(value);
  },
  sortable: true,
  filterable: true,
  ...extra,
});

/** The All User Profiles columns of spec 3 §2.4, the row actions first. */
export function profileColumns(
  isReadOnly: boolean,
  onAction: (action: ProfileAction, row: ProfileRow) => void,
): Column[] {
  return [
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => <ProfileRowActions row={row} isReadOnly={isReadOnly} onAction={onAction} />,
    },
    text('adEnabled', 'AD Account Enabled', { sortable: false }),
    { id: 'userId', header: 'UAP Id', text: (r) => r.uapId, sortable: true },
    text('name', 'First Name'),
    text('lastName', 'Last Name'),
    {
      id: 'createdDate',
      header: 'Created Date',
      text: (r) => formatDate(r.createdDate, timeZone),
      sortable: true,
    },
    text('userType', 'User Type', { sortable: false }),
    text('roleName', 'Role Name', { sortable: false }),
    text('email', 'Primary Email', { filterable: false }),
    text('secondaryEmail', 'Secondary Email', {
      sortable: false,
      filterable: false,
      truncate: limits.secondaryEmailInTable,
    }),
    text('title', 'Title'),
    text('organization', 'Organization'),
    text('locationCountry', 'Location'),
    text('officeNumber', 'Phone Number', { filterable: false }),
    text('employeeId', 'Employee Id', { filterable: false }),
    text('department', 'Department'),
    text('parentGUID', 'Parent GUID', { filterable: false }),
    text('childGUID', 'Child GUID', { filterable: false }),
  ];
}
