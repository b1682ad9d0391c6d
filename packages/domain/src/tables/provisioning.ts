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
    c.text('agencyName', h.agency, (r) => r.agencyName),
    c.text('practiceName', h.practice, (r) => r.practiceName),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    c.date('approvedDate', h.approvedDate, (r) => r.approvedDate),
    c.text('requestUserEmail', h.userEmail, (r) => r.requestUserEmail),
    c.text('email', h.platformEmail, (r) => r.email),
    c.text('createdByName', h.createdBy, (r) => r.createdByUser.fullName),
    c.text('comments', 'Requestor Comments', (r) => r.comments, { isFilterable: false }),
    c.text('approverName', h.approver, (r) => r.approverName),
    c.text('approverComment', 'Approver Comment', (r) => r.approverComment, { isFilterable: false }),
    c.text('assetName', h.assetType, (r) => r.assetName),
    c.text('assetReference', h.assetReference, (r) => r.assetReference),
    c.text('platformUserTypeBasicName', 'Basic User Type', (r) => r.platformUserTypeBasicName),
    c.text('provisionerComment', 'Provisioner Comment', (r) => r.provisionerComment, {
      isFilterable: false,
    }),
  ],
});
