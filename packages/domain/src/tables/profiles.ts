import { messages } from '../messages.ts';
import {
  userDetailsPage,
  userIdParams,
  userStatusPage,
  type UserDetailsPage,
  type UserDetailsRow,
  type UserStatusPage,
  type UserStatusRow,
} from '../schemas/merges.ts';
import { profilePage, type ProfilePage, type ProfileRow } from '../schemas/profiles.ts';
import { columnsOf, declareTable } from './declare.ts';

const sortOnly = { isFilterable: false };
const filterOnly = { isSortable: false };
const neither = { isSortable: false, isFilterable: false };

/** The columns of a profile (spec 3 §2.4), as All User Profiles and the User Details List show them. */
function profileColumnsOf<Row extends ProfileRow>() {
  const c = columnsOf<Row>();
  return {
    adEnabled: c.text('adEnabled', 'AD Account Enabled', (r) => r.adEnabled, filterOnly),
    userId: c.text('userId', 'UAP Id', (r) => r.uapId, sortOnly),
    name: c.text('name', 'First Name', (r) => r.name),
    lastName: c.text('lastName', 'Last Name', (r) => r.lastName),
    createdDate: c.date('createdDate', 'Created Date', (r) => r.createdDate),
    userType: c.text('userType', 'User Type', (r) => r.userType, filterOnly),
    roleName: c.text('roleName', 'Role Name', (r) => r.roleName, filterOnly),
    email: c.text('email', 'Primary Email', (r) => r.email, sortOnly),
    secondaryEmail: c.text('secondaryEmail', 'Secondary Email', (r) => r.secondaryEmail, neither),
    title: c.text('title', 'Title', (r) => r.title),
    organization: c.text('organization', 'Organization', (r) => r.organization),
    locationCountry: c.text('locationCountry', 'Location', (r) => r.locationCountry),
    officeNumber: c.text('officeNumber', 'Phone Number', (r) => r.officeNumber, {
      ...sortOnly,
      isTabLed: true,
    }),
    employeeId: c.text('employeeId', 'Employee Id', (r) => r.employeeId, sortOnly),
    department: c.text('department', 'Department', (r) => r.department),
    parentGUID: c.text('parentGUID', 'Parent GUID', (r) => r.parentGUID, sortOnly),
    childGUID: c.text('childGUID', 'Child GUID', (r) => r.childGUID, sortOnly),
  };
}

const profile = profileColumnsOf<ProfileRow>();

/** All User Profiles (spec 3 §2.4): every profile, newest UAP Id first by default. */
export const allUserProfilesTable = declareTable<ProfileRow, ProfilePage>({
  path: '/api/User/GetAllUsers',
  title: 'All User Profiles',
  csvFile: 'user-profiles.csv',
  list: profilePage,
  listKey: 'users',
  rowId: (r) => r.userId,
  columns: Object.values(profile),
});

const family = profileColumnsOf<UserDetailsRow>();
const hidden = { isOnScreen: false };

/**
 * The User Details List (/UserDetailsList/{userId}, spec 3 §2.8): a merged family, its parent
 * first. The profile columns it does not show still sort and filter as on All User Profiles.
 */
export const userDetailsTable = declareTable<UserDetailsRow, UserDetailsPage>({
  path: '/api/User/userDetailsList/:userId',
  title: 'User Details List',
  list: userDetailsPage,
  listKey: 'users',
  rowId: (r) => r.userId,
  params: userIdParams,
  hasExport: false,
  columns: [
    columnsOf<UserDetailsRow>().text(
      'isParent',
      'Profile',
      (r) => (r.isParent ? messages.parentProfileMark : messages.mergedIntoMark(r.mergedUserId ?? 0)),
      sortOnly,
    ),
    family.userId,
    family.name,
    family.lastName,
    family.email,
    family.roleName,
    family.adEnabled,
    family.createdDate,
    family.parentGUID,
    family.childGUID,
    { ...family.userType, ...hidden },
    { ...family.title, ...hidden },
    { ...family.organization, ...hidden },
    { ...family.locationCountry, ...hidden },
    { ...family.officeNumber, ...hidden },
    { ...family.employeeId, ...hidden },
    { ...family.department, ...hidden },
  ],
});

const s = columnsOf<UserStatusRow>();

/** Status of Users (spec 3 §2.7): directory changes of profiles to acknowledge, open ones first. */
export const userStatusTable = declareTable<UserStatusRow, UserStatusPage>({
  path: '/api/User/UserStatusReport',
  title: 'Status of Users',
  list: userStatusPage,
  listKey: 'statusRows',
  rowId: (r) => r.id,
  hasExport: false,
  columns: [
    // The row's state; its filter takes 'Open' and 'Acknowledged' (userStatusStates).
    s.text('isDeleted', 'Actions', (r) => (r.isDeleted ? 'Acknowledged' : 'Open')),
    s.text('isMerged', 'Is Merged', (r) => (r.isMerged ? 'Yes' : 'No'), neither),
    s.number('userID', 'UAP Id', (r) => r.userID, sortOnly),
    s.text('fullName', 'User Name', (r) => r.fullName, neither),
    s.field('role', 'UAP Role Name'),
    s.dateTime('operationDate', 'Modified Date', (r) => r.operationDate),
    s.number('activeRecordsCount', 'Active Records Count', (r) => r.activeRecordsCount, neither),
    s.field('agency', 'Agency'),
    s.field('changeDescription', 'Description'),
  ],
});
