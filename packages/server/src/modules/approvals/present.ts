import {
  fullName,
  parseStoredChange,
  formatAccessDate,
  isExpired,
  type ApprovalDetail,
  type ApprovalRow,
} from '@uap/domain';
import { presentLineNames, presentLinePeople, presentLineStatus } from '../request-lines/present.ts';
import type { ApprovalLineRow, EmailAdder, findPathPeople } from './queries.ts';

/** A line → a row of My Approval Tasks / My Archive Approvals (spec 2 §3 field names). */
export function presentApprovalRow(row: ApprovalLineRow, timeZone: string): ApprovalRow {
  const isUnlimited = row.expirationDate === null;
  const decider =
    row.deciderName !== null && row.deciderLastName !== null
      ? { fullName: fullName(row.deciderName, row.deciderLastName), email: row.deciderEmail ?? '' }
      : null;
  return Object.assign(
    presentLineStatus(row),
    presentLinePeople(row, (value) => value),
    presentLineNames(row),
    {
      recordId: row.recordId,
      createdDate: row.createdDate,
      createdBy: row.createdBy,
      requestUserEmail: row.userEmail,
      isInternal: row.isInternal === 1,
      email: row.email,
      requestedPlatformEmail: row.requestedPlatformEmail,
      reassignedPrimaryEmail: row.reassignedPrimaryEmail,
      isReassignedRequest: row.isReassignedRequest === 1,
      platformId: row.platformId,
      platformUserTypeId: row.platformUserTypeId,
      platformUserTypeBasicName: row.platformUserTypeBasicName ?? '',
      platformUserType: {
        description: row.platformUserTypeName ?? '',
        basicName: row.platformUserTypeBasicName ?? '',
      },
      regionName: row.regionName,
      marketName: row.marketName,
      agencyId: row.agencyId,
      productCode: row.productCode,
      assetReference: row.assetReference ?? '',
      clientAccount: { description: row.clientAccountName ?? '', assetReference: row.assetReference ?? '' },
      accessDate: formatAccessDate(row.beginningDate, row.expirationDate, timeZone),
      beginningDate: row.beginningDate,
      expirationDate: row.expirationDate,
      isAccessDate: !isUnlimited,
      isUnlimited,
      isExpired: isExpired(row.expirationDate),
      isUrgent: row.isUrgent === 1,
      isPlatformRequest: row.isPlatformRequest === 1,
      comments: row.comments ?? '',
      approverComment: row.approverComment ?? '',
      approvedDate: row.approvedDate,
      approverRejectedByUser: decider,
      approverName: decider?.fullName ?? '',
      rejectedByApprover: row.rejectedByApprover === 1,
      changesRequest: parseStoredChange(row.changesRequest),
    },
  );
}

type PathPeople = Awaited<ReturnType<typeof findPathPeople>>;

/**
 * The Approval Request modal: the row plus the people of the covering assignment (one naming
 * the request's client wins over the ones naming none, docs/architecture.md) and the master approvers.
 */
export function presentApprovalDetail(
  row: ApprovalLineRow,
  people: PathPeople,
  canDecide: boolean,
  timeZone: string,
  adder: EmailAdder,
  sameAccessAs: string | null,
): ApprovalDetail {
  const specific = people.assignments.filter((a) => a.clientId !== null);
  const covering = specific.length > 0 ? specific : people.assignments;
  const approvers: ApprovalDetail['approvers'] = [];
  const provisioners: ApprovalDetail['provisioners'] = [];
  const push = (
    list: ApprovalDetail['approvers'],
    role: string,
    name: string | null,
    email: string | null,
  ) => {
    if (name !== null && email !== null && !list.some((p) => p.email === email && p.role === role)) {
      list.push({ role, fullName: name, email });
    }
  };
  for (const a of covering) {
    push(approvers, 'Approver', a.approverName, a.approverEmail);
    push(approvers, 'Secondary Approver', a.secondaryName, a.secondaryEmail);
    push(provisioners, 'Provisioner', a.provisionerName, a.provisionerEmail);
    push(provisioners, 'Provisioner Backup', a.backupName, a.backupEmail);
  }
  for (const m of people.masters) {
    push(approvers, 'Master Approver', m.name, m.email);
  }
  const emailAddedBy = adder
    ? { userId: adder.userId, fullName: fullName(adder.name, adder.lastName), email: adder.email }
    : null;
  return Object.assign(presentApprovalRow(row, timeZone), {
    approvers,
    provisioners,
    canDecide,
    emailAddedBy,
    sameAccessAs,
  });
}
