import type { Row } from './types.ts';
import { admins, signedIn } from './types.ts';

/** Access rows of the audit PDF (administrators and the read-only auditor) and the audit chain. */
export const auditRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Request/RequestsCount/:from/:to',
    url: '/api/Request/RequestsCount/2032-01-01/2032-01-02',
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/Request/RequestDetailbyDate/:from/:to',
    url: '/api/Request/RequestDetailbyDate/2032-01-01/2032-01-02',
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/Request/RequestDetailbyDate/:from/:to/:pageSize/:pageIndex',
    url: '/api/Request/RequestDetailbyDate/2032-01-01/2032-01-02/150/1',
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/Audit/Verify',
    url: '/api/Audit/Verify',
    expect: { none: 401, default: 403, auditor: 200, superAdmin: 200 },
  },
  {
    method: 'GET',
    route: '/api/Audit/Key',
    url: '/api/Audit/Key',
    expect: signedIn,
  },
];
