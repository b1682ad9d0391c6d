import type { Row } from './types.ts';
import { admins } from './types.ts';

const range = '?from=2032-01-01&to=2032-01-31';
const charts = ['RequestsByMonth', 'MedianTimes', 'PendingByApprover', 'UrgentShare', 'ExpiringAccess'];

/** Access rows of the Reports charts: administrators and the read-only auditor. */
export const reportRows: Row[] = charts.flatMap((chart): Row[] => [
  { method: 'GET', route: `/api/Reports/${chart}`, url: `/api/Reports/${chart}${range}`, expect: admins },
  {
    method: 'GET',
    route: `/api/Reports/${chart}/Export`,
    url: `/api/Reports/${chart}/Export${range}`,
    expect: admins,
  },
]);
