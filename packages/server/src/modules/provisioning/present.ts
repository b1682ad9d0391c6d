import { fullName, formatAccessDate, parseStoredChange, type ProvisioningRow } from '@uap/domain';
import { presentLineStatus } from '../request-lines/present.ts';
import type { ProvisioningLineRow } from './list-queries.ts';

const dayText = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.slice(0, 10) : 'Unlimited';

/** 'User Role changed from … to …' from a Change line's `{ kind, before, after }`; '' otherwise. */
export function describeChange(changesRequest: string | null): string {
  const parsed = parseStoredChange(changesRequest);
  if (!parsed) {
    return '';
  }
  const { before, after } = parsed;
  const value = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  switch (parsed.kind) {
    case 'UserRole':
      return `User Role changed from ${value(before.platformUserTypeName)} to ${value(after.platformUserTypeName)}`;
    case 'PlatformEmail':
      return `Platform Email changed from ${value(before.email)} to ${value(after.email)}`;
    case 'LengthOfAccess':
      return `Length Of Access changed from ${dayText(before.expirationDate)} to ${dayText(after.expirationDate)}`;
    case 'Reassign':
      return `Reassigned from ${value(before.email)} to ${value(after.email)}`;
    default:
      return '';
  }
}

/** A row of My Provisioning Tasks / My Archive Provisionings, with the spec's field names. */
export function presentProvisioningRow(row: ProvisioningLineRow, timeZone: string): ProvisioningRow {
  const platformUserType = {
    description: row.platformUserTypeName ?? '',
    basicName: row.platformUserTypeBasicName ?? '',
  };
  return Object.assign(presentLineStatus(row), {
    recordId: row.recordId,
    isUrgent: row.isUrgent === 1,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    platformName: row.platformName,
    createdDate: row.createdDate,
    approvedDate: row.approvedDate,
    requestUser: { fullName: fullName(row.name, row.lastName), email: row.userEmail },
    requestUserEmail: row.userEmail,
    email: row.email,
    requestedPlatformEmail: row.requestedPlatformEmail,
    reassignedPrimaryEmail: row.reassignedPrimaryEmail,
    createdByUser: { fullName: fullName(row.creatorName, row.creatorLastName), email: row.creatorEmail },
    comments: row.comments ?? '',
    approverName: fullName(row.approverFirstName, row.approverLastName),
    approverComment: row.approverComment ?? '',
    clientName: row.clientName ?? '',
    assetName: row.assetName ?? '',
    clientAccountName: row.clientAccountName ?? '',
    clientAccount: { description: row.clientAccountName ?? '', assetReference: row.assetReference ?? '' },
    assetReference: row.assetReference ?? '',
    platformUserTypeName: platformUserType.description,
    platformUserType,
    platformUserTypeBasicName: platformUserType.basicName,
    accessDate: formatAccessDate(row.beginningDate, row.expirationDate, timeZone),
    provisionerComment: row.provisionerComment ?? '',
    provissionerUser:
      row.provisionerEmail === null
        ? null
        : { fullName: fullName(row.provisionerName, row.provisionerLastName), email: row.provisionerEmail },
    provissionedDate: row.provisionedDate,
    changeDescription: describeChange(row.changesRequest),
  });
}
