import { daysSince } from '../dates.ts';
import { columnsOf, type DeclaredColumn } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

/** What the leading columns of a task list read of its row. */
interface TaskLine {
  requestId: number;
  requestUser: { fullName: string };
  platformName: string | null;
  clientName: string | null;
  clientAccountName: string | null;
  platformUserTypeName: string | null;
  accessDate: string | null;
  createdDate: string;
  isUrgent: boolean;
  status: { description: string };
  requestTypeName: string | null;
}

/**
 * The leading columns of My Approval Tasks and My Provisioning Tasks (spec 2 §2, §3): what the
 * decision or the work needs first (who, where, what level, how long, how old), then whether it
 * is urgent, its status and type.
 */
export function taskLeadColumns<Row extends TaskLine>(): DeclaredColumn<Row>[] {
  const c = columnsOf<Row>();
  return [
    c.number('requestId', h.requestId, (r) => r.requestId),
    c.text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    c.text('platformName', h.platform, (r) => r.platformName),
    c.text('clientName', h.client, (r) => r.clientName),
    c.text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
    c.text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
    c.text('accessDate', h.accessDate, (r) => r.accessDate, { isSortable: false, isFilterable: false }),
    c.text('age', 'Age (days)', (r) => String(daysSince(r.createdDate)), {
      isSortable: false,
      isFilterable: false,
    }),
    c.text('isUrgent', 'Urgent', (r) => (r.isUrgent ? 'Yes' : 'No')),
    c.text('status', h.requestStatus, (r) => r.status.description),
    c.text('requestTypeName', h.requestType, (r) => r.requestTypeName),
  ];
}
