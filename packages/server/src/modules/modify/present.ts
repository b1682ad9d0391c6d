import { RecordStatus, RequestType, isExpired, type RequestDetail } from '@uap/domain';
import type { DetailRow, findPendingChange } from './queries.ts';

type PendingRow = Awaited<ReturnType<typeof findPendingChange>>;

/** Detail row → the RequestDetail the modify modals read (the spec's field names). */
export function presentDetail(
  row: DetailRow,
  o: { isRecord: boolean; isEditable: boolean; pending: PendingRow },
): RequestDetail {
  const expired = isExpired(row.expirationDate);
  const isRemovalPending = o.pending?.requestTypeId === RequestType.DEACTIVATE;
  const recordStatus =
    row.isDeleted === 1
      ? RecordStatus.INACTIVE
      : expired
        ? isRemovalPending
          ? RecordStatus.EXPIRED_REMOVAL_PENDING
          : RecordStatus.EXPIRED
        : RecordStatus.ACTIVE;
  return {
    requestId: row.requestId,
    requestTypeId: row.requestTypeId,
    requestTypeName: row.requestTypeName,
    statusId: row.statusId,
    status: { description: row.statusName },
    statusDescription: o.isRecord ? recordStatus : null,
    isRecord: o.isRecord,
    recordId: row.recordId,
    userId: row.userId,
    createdBy: row.createdBy,
    requestUser: {
      userId: row.userId,
      fullName: `${row.userName} ${row.userLastName}`,
      email: row.userEmail,
    },
    email: row.email,
    requestedPlatformEmail: row.requestedPlatformEmail,
    reassignedPrimaryEmail: row.reassignedPrimaryEmail,
    regionId: row.regionId,
    marketId: row.marketId,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    practiceId: row.practiceId,
    practiceName: row.practiceName,
    platformId: row.platformId,
    platformName: row.platformName,
    businessAccess: row.platformBusinessAccess === 1,
    clientName: row.clientName,
    assetId: row.assetId,
    assetName: row.assetName,
    clientAccountName: row.clientAccountName,
    platformUserTypeId: row.platformUserTypeId,
    platformUserTypeName: row.platformUserTypeName,
    platformUserTypeBasicName: row.platformUserTypeBasicName,
    isEmailOnly: row.platformUserTypeBasicName === 'Email Only',
    beginningDate: row.beginningDate,
    expirationDate: row.expirationDate,
    isUnlimited: row.expirationDate === null,
    isExpired: expired,
    isDeleted: row.isDeleted === 1,
    askNewRangeDate: row.askNewRangeDate === 1,
    isUrgent: row.isUrgent === 1,
    isPlatformRequest: row.isPlatformRequest === 1,
    comments: row.comments,
    changesRequest: row.changesRequest,
    isEditable: o.isEditable,
    pendingChange: o.pending
      ? {
          requestId: o.pending.requestId,
          requestTypeId: o.pending.requestTypeId,
          requestTypeName: o.pending.requestTypeName,
          statusId: o.pending.statusId,
          status: { description: o.pending.statusName },
          createdDate: o.pending.createdDate,
        }
      : null,
  };
}
