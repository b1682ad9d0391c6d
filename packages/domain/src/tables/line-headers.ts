import { columnsOf, type DeclaredColumn } from './declare.ts';

/**
 * The headers of the request-line tables' columns (tracker, approvals, provisioning, records,
 * my requests, existing access, leavers): one header, one field, on every screen and in every
 * export, so a column a person knows from one table means the same in the next.
 */
export const lineHeader = {
  /** The Add line that is the record (its id). */
  recordId: 'Record ID',
  /** The line itself (its id). */
  requestId: 'Request ID',
  requestStatus: 'Request Status',
  recordStatus: 'Record Status',
  requestType: 'Request Type',
  /** The subject's full name. */
  userName: 'User Name',
  userEmail: 'User Primary Email',
  platformEmail: 'User Platform Email',
  role: 'Role',
  location: 'Location',
  region: 'Region',
  market: 'Market',
  agency: 'Agency',
  practice: 'Practice',
  platform: 'Platform',
  client: 'Client',
  clientCode: 'Client Code',
  assetType: 'Asset Type',
  /** The client account's name (the spec's "Asset Name"). */
  clientAccount: 'Asset Name',
  assetReference: 'Asset Reference',
  platformUserType: 'Platform User Type',
  accessDate: 'Access Date',
  /** The creator's full name. */
  createdBy: 'Created By',
  /** Date and time, in the caller's zone. */
  createdDate: 'Created Date',
  /** The approver's or rejecter's full name. */
  approver: 'Approver/Rejecter',
  approvedDate: 'Approved Date',
  approvalPath: 'Approval Path',
  overdue: 'Overdue',
} as const;

/** A place in the master data by its names, top down: the columns of the path a line or an approval path is on. */
export const placeNameColumns = [
  'regionName',
  'marketName',
  'agencyName',
  'practiceName',
  'platformName',
  'clientName',
] as const;

type PlaceNameColumn = (typeof placeNameColumns)[number];

const placeHeaders: Record<PlaceNameColumn, string> = {
  regionName: lineHeader.region,
  marketName: lineHeader.market,
  agencyName: lineHeader.agency,
  practiceName: lineHeader.practice,
  platformName: lineHeader.platform,
  clientName: lineHeader.client,
};

/**
 * The text columns of a place's names, top down, as far as `depth` goes (2: the market, 4: the
 * practice, 6: the client), each under its header of the vocabulary.
 */
export function placeColumns<Row extends Partial<Record<PlaceNameColumn, string | null>>>(
  depth: 2 | 4 | 6,
): DeclaredColumn<Row>[] {
  const c = columnsOf<Row>();
  return placeNameColumns.slice(0, depth).map((id) => c.text(id, placeHeaders[id], (row) => row[id] ?? null));
}
