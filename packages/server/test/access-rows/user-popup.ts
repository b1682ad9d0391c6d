import { admins, type Row } from './types.ts';

/** Access rows of the user-details popup's calls (spec 3 §2.15, §7): the profile readers. */
export const userPopupRows: Row[] = [
  {
    method: 'GET',
    route: '/api/User/GetAllUsersforpopup',
    url: '/api/User/GetAllUsersforpopup?search=ada&pageSize=5',
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/User/GetAllAdditionalEmails',
    url: '/api/User/GetAllAdditionalEmails?search=ada&pageSize=5',
    expect: admins,
  },
];
