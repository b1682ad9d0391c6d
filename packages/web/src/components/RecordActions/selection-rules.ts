import { RecordStatus, RequestStatus, isAccessRecord, type UserRecordRow } from '@uap/domain';

/** A Completed or Archived Add line: an access record. */
export const isRecordRow = (r: UserRecordRow) => isAccessRecord(r);

/** Only records and Submitted requests can be acted on here. */
export const isActionable = (r: UserRecordRow) => isRecordRow(r) || r.statusId === RequestStatus.SUBMITTED;

const isActiveRecord = (r: UserRecordRow) => isRecordRow(r) && !r.isDeleted;

/** What the toolbar allows for a selection (spec 1 §4, §5; the server checks again). */
export function allowedActions(rows: UserRecordRow[]) {
  const first = rows[0];
  const one = rows.length === 1 && first !== undefined;
  // Several records change role together only when active and sharing role, path, asset and platform.
  const canChangeRoleTogether =
    rows.length > 1 &&
    rows.every(
      (r) =>
        isActiveRecord(r) &&
        r.statusDescription === RecordStatus.ACTIVE &&
        r.platformUserTypeId === first?.platformUserTypeId &&
        r.regionName === first.regionName &&
        r.marketName === first.marketName &&
        r.agencyName === first.agencyName &&
        r.practiceName === first.practiceName &&
        r.assetName === first.assetName &&
        r.platformId === first.platformId,
    );
  return {
    modify:
      (one && (isActiveRecord(first) || first.statusId === RequestStatus.SUBMITTED)) || canChangeRoleTogether,
    reassign: one && (isActiveRecord(first) || first.statusId === RequestStatus.SUBMITTED),
    activate: rows.length > 0 && rows.every((r) => isRecordRow(r) && r.isDeleted),
    deactivate: rows.length > 0 && rows.every(isActiveRecord),
  };
}
