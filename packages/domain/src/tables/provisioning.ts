import {
  provisioningPage,
  provisioningQuery,
  type ProvisioningPage,
  type ProvisioningRow,
} from '../schemas/provisioning.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';
import { taskLeadColumns } from './task-columns.ts';

const c = columnsOf<ProvisioningRow>();

/**
 * My Provisioning Tasks and, with `Archive: true`, My Archive Provisionings (spec 2 §2): the
 * Approved lines routed to the caller and the ones they provisioned, or the ones they archived.
 */
export const provisioningTable = declareTable<ProvisioningRow, ProvisioningPage>({
  path: '/api/Request/RequestForProvisioners',
  title: 'My Provisioning Tasks',
  list: provisioningPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: provisioningQuery,
  hasExport: false,
  columns: [
    ...taskLeadColumns<ProvisioningRow>(),
    c.field('agencyName', h.agency),
    c.field('practiceName', h.practice),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    c.date('approvedDate', h.approvedDate, (r) => r.approvedDate),
    c.field('requestUserEmail', h.userEmail),
    c.field('email', h.platformEmail),
    c.text('createdByName', h.createdBy, (r) => r.createdByUser.fullName),
    c.field('comments', 'Requestor Comments', { isFilterable: false }),
    c.field('approverName', h.approver),
    c.field('approverComment', 'Approver Comment', { isFilterable: false }),
    c.field('assetName', h.assetType),
    c.field('assetReference', h.assetReference),
    c.field('platformUserTypeBasicName', 'Basic User Type'),
    c.field('provisionerComment', 'Provisioner Comment', {
      isFilterable: false,
    }),
  ],
});
