import { admins, signedIn, type Row } from './types.ts';

/** Approver level and above read absences; the auditor reads, never writes. */
const absenceReads = { none: 401, default: 200, standard: 403 };
/** No such delegate (422) or absence (404): the callers who pass reach the service. */
const absenceSave = { none: 401, default: 422, standard: 403, auditor: 403 };
const absenceEnd = { none: 401, default: 404, standard: 403, auditor: 403 };

/** Access rows of out of office, coverage and the approval-path exports (and the gaps). */
export const approvalPathRows: Row[] = [
  { method: 'GET', route: '/api/Approvers/Absences', url: '/api/Approvers/Absences', expect: absenceReads },
  {
    method: 'POST',
    route: '/api/Approvers/Absences',
    url: '/api/Approvers/Absences',
    body: { delegateUserId: 99_999_999, fromDate: '2030-01-01T00:00:00Z', toDate: '2030-01-02T00:00:00Z' },
    expect: absenceSave,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Absences/:id/End',
    url: '/api/Approvers/Absences/99999999/End',
    expect: absenceEnd,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Coverage',
    url: '/api/Approvers/Coverage',
    body: { pageSize: 5 },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Coverage/Filters',
    url: '/api/Approvers/Coverage/Filters',
    body: { column: 'regionName' },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Coverage/Export',
    url: '/api/Approvers/Coverage/Export',
    body: { pageSize: 5 },
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/Approvers/PathPreview',
    url: '/api/Approvers/PathPreview?regionId=1&marketId=1&agencyId=1&practiceId=1&platformId=1',
    expect: signedIn,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprovers/Export',
    url: '/api/Approvers/MasterApprovers/Export',
    body: { pageSize: 5 },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/CheckApprovalGrid/Export',
    url: '/api/Approvers/CheckApprovalGrid/Export',
    body: { pageSize: 5 },
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/Request/UserRecordsOfADInactiveUsers/Export',
    url: '/api/Request/UserRecordsOfADInactiveUsers/Export',
    body: { pageSize: 5 },
    expect: admins,
  },
];
