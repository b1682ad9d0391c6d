/**
 * The Kysely view of the database. Table and column names are camelCase here; the
 * CamelCasePlugin maps them to the snake_case names the migrations create
 * (`approverAssignments.secondaryApproverId` ↔ `approver_assignments.secondary_approver_id`).
 *
 * Conventions shared by every table:
 * - flags are integers 0/1 (`number`), never booleans;
 * - timestamps are ISO-8601 UTC strings (`2025-03-01T00:00:00.000Z`) on both engines: insert
 *   `nowIso()` or `date.toISOString()`, never another format (SQLite compares them as text);
 * - JSON payloads (`before`, `after`, `changesRequest`, `payload`, …) are TEXT holding
 *   `JSON.stringify(...)` output on both engines, so they read back as strings everywhere;
 * - emails are stored lowercased (CHECK constraints enforce it on the main email columns).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Auto-assigned integer primary key. */
type Id = Generated<number>;
/** Integer 0/1 flag with a default of 0. */
type Flag = Generated<number>;
/** Timestamp column with a `now` default. */
type CreatedAt = Generated<string>;
/** Nullable ISO timestamp. */
type Timestamp = string | null;

/** is_deleted + created/updated dates carried by every master-data table. */
interface MasterDataColumns {
  /** 1 = Inactive (the spec's isDeleted); rows are deactivated, not removed. */
  isDeleted: Flag;
  createdDate: CreatedAt;
  updatedDate: CreatedAt;
}

/** is_deleted + who created and last changed the row, and when: the rows people write. */
interface WrittenRowColumns {
  /** 1 = Inactive; rows are deactivated, not removed. */
  isDeleted: Flag;
  createdDate: CreatedAt;
  createdBy: number | null;
  updatedDate: CreatedAt;
  updatedBy: number | null;
}

/** A path's ids down to the practice (a master approver's reach). */
interface PracticePathColumns {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
}

/** A path's ids down to the client: `clientId` null = every client of the platform. */
interface ClientPathColumns extends PracticePathColumns {
  platformId: number;
  clientId: number | null;
}

// ---------------------------------------------------------------- master data (0001)

export interface RolesTable extends MasterDataColumns {
  /** Not auto-assigned: the spec's numeric ids (1,2,3,4,5,6,8). */
  roleId: number;
  description: string;
}

export interface RegionsTable extends MasterDataColumns {
  regionId: Id;
  description: string;
}

export interface MarketsTable extends MasterDataColumns {
  marketId: Id;
  regionId: number;
  description: string;
  code: string;
}

export interface AgenciesTable extends MasterDataColumns {
  agencyId: Id;
  marketId: number;
  description: string;
  logoKey: string | null;
}

/** Global practice list (Search, Social, …); agencies opt in through agencyPractices. */
export interface PracticesTable extends MasterDataColumns {
  practiceId: Id;
  description: string;
}

export interface AgencyPracticesTable extends MasterDataColumns {
  agencyPracticeId: Id;
  agencyId: number;
  practiceId: number;
}

export interface PlatformsTable extends MasterDataColumns {
  platformId: Id;
  description: string;
  businessAccess: Flag;
  /** Spelling as in the spec ('Business Manager', 'Business Center'). */
  bussinesAccessName: string | null;
  bussinesAccessId: string | null;
  logoKey: string | null;
  isWorkManagement: Flag;
  /** Business access for internal users only (Meta's Business Manager refuses external users). */
  businessAccessInternalOnly: Flag;
}

/** Availability of a platform on an agency/practice path (platformAgencyId in the spec). */
export interface PlatformAgenciesTable extends MasterDataColumns {
  platformAgencyId: Id;
  platformId: number;
  agencyId: number;
  practiceId: number;
}

/** Asset types of a platform ('Ad Account', 'Client Center (MCC)', …); the spec's asset. */
export interface AssetTypesTable extends MasterDataColumns {
  assetId: Id;
  platformId: number;
  description: string;
  assetName: string | null;
  /** Agency-level asset with no client accounts (e.g. a work-management licence). */
  isSystemRecord: Flag;
  sortOrder: Generated<number>;
}

export interface PlatformUserTypesTable extends MasterDataColumns {
  platformUserTypeId: Id;
  platformId: number;
  /** Null = a platform-level type, used by business-access requests (no asset). */
  assetId: number | null;
  description: string;
  /** Normalized User Type: 'Admin', 'Super Admin', 'Standard', 'Read Only', 'Email Only', … */
  basicName: string;
  sortOrder: Generated<number>;
}

export interface PlatformOwnershipsTable extends MasterDataColumns {
  platformOwnershipId: Id;
  description: string;
}

/** A client exists per (platform, agency). */
export interface ClientsTable extends MasterDataColumns {
  clientId: Id;
  platformId: number;
  agencyId: number;
  description: string;
}

export interface ClientCodesTable extends MasterDataColumns {
  clientCodeId: Id;
  clientId: number;
  code: string;
  isSystemRecord: Flag;
}

/** Client asset: an account of one asset type of the client's platform. */
export interface ClientAccountsTable extends MasterDataColumns {
  clientAccountId: Id;
  clientId: number;
  assetId: number;
  description: string;
  /** The platform's own id of the account ('123-456-7890', 'act_1234567890'). */
  assetReference: string | null;
}

// ---------------------------------------------------------------- users (0002)

export interface UsersTable extends WrittenRowColumns {
  userId: Id;
  /** Primary email, lowercased, unique. */
  email: string;
  name: string;
  lastName: string;
  title: string | null;
  organization: string | null;
  department: string | null;
  officeNumber: string | null;
  employeeId: string | null;
  locationCountry: string | null;
  isInternal: Flag;
  /** 'Member' or 'Guest' (external guest). */
  userType: Generated<string>;
  roleId: Generated<number>;
  showApprover: Flag;
  /** Directory object id (GUID) of the matching directory_users row, if any. */
  directoryId: string | null;
  parentGuid: string | null;
  childGuid: string | null;
  /** Set on a child profile: the parent profile it was merged into. */
  mergedUserId: number | null;
  isChild: Flag;
  managerEmail: string | null;
  managerName: string | null;
  /** The identity bound at first sign-in (issuer and `sub`): the profile follows it, not its email. */
  identityIssuer: string | null;
  identitySubject: string | null;
}

export interface UserAdditionalEmailsTable {
  id: Id;
  userId: number;
  /** Lowercased. */
  email: string;
  isDeleted: Flag;
  createdDate: CreatedAt;
  createdBy: number | null;
}

export interface UserProfileLogsTable {
  id: Id;
  userId: number;
  changedBy: number | null;
  changedDate: CreatedAt;
  /** JSON text of the profile fields before the change. */
  before: string | null;
  /** JSON text of the profile fields after the change. */
  after: string | null;
}

export interface UserAdditionalEmailLogsTable {
  id: Id;
  userId: number;
  /** 'Added', 'Updated', 'Deactivated', 'Activated'. */
  operation: string;
  oldEmail: string | null;
  newEmail: string | null;
  changedBy: number | null;
  changedDate: CreatedAt;
}

export interface UserMergesTable {
  id: Id;
  parentUserId: number;
  childUserId: number;
  mergedDate: CreatedAt;
  mergedBy: number | null;
  unmergedDate: Timestamp;
  unmergedBy: number | null;
  /** The child's parent GUID before the merge (0020; an unmerge puts it back). */
  childParentGuid: string | null;
  /** The child's role before the merge (0020). */
  childRoleId: number | null;
}

/** The corporate directory (fed by seed, SCIM or CSV). Internal search reads it. */
export interface DirectoryUsersTable {
  /** Directory object id (GUID). */
  directoryId: string;
  /** Lowercased, unique when present. */
  mail: string | null;
  userPrincipalName: string | null;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  jobTitle: string | null;
  companyName: string | null;
  department: string | null;
  officeLocation: string | null;
  country: string | null;
  mobilePhone: string | null;
  businessPhone: string | null;
  employeeId: string | null;
  /** 'Member' or 'Guest'. */
  userType: Generated<string>;
  /** AD Account Enabled; 0 = a leaver. Default 1. */
  active: Generated<number>;
  managerMail: string | null;
  managerDisplayName: string | null;
  /** The identity provider's id for this person (SCIM externalId). */
  externalId: string | null;
  /** The manager's directory id (SCIM enterprise manager.value). */
  managerDirectoryId: string | null;
  /** 1: deleted by the identity provider (kept for profiles and leavers; 'AD Account Enabled' Deleted). */
  isDeleted: Flag;
  createdDate: CreatedAt;
  updatedDate: CreatedAt;
}

/** An administrator's scope rows (region + market). */
export interface AdminRegionsTable extends WrittenRowColumns {
  adminRegionId: Id;
  userId: number;
  regionId: number;
  marketId: number;
}

export interface SuperAdminsTable extends WrittenRowColumns {
  adminId: Id;
  /** Unique: one row per user. */
  userId: number;
}

// ---------------------------------------------------------------- assignments (0003)

/**
 * Approver/provisioner assignment of a path. `clientId` null = every client of the platform;
 * a row naming the request's client wins over a null-client row on the same path.
 */
export interface ApproverAssignmentsTable extends WrittenRowColumns, ClientPathColumns {
  approverId: Id;
  /** Primary approver. */
  userId: number;
  secondaryApproverId: number | null;
  provisionerId: number | null;
  provisionerBackupId: number | null;
}

/** A master approver may approve any request of its (region, market, agency, practice). */
export interface MasterApproversTable extends WrittenRowColumns, PracticePathColumns {
  masterApproverId: Id;
  userId: number;
}

/** 'Status of Approvers and Provisioners' rows to acknowledge (isDeleted 1 = acknowledged). */
export interface AssignmentStatusReportsTable {
  id: Id;
  userId: number;
  /** 'Approver', 'Secondary Approver', 'Provisioner', 'Provisioner Backup', 'Master Approver'. */
  role: string;
  changeDescription: string;
  approverId: number | null;
  masterApproverId: number | null;
  operationDate: CreatedAt;
  isDeleted: Flag;
}

/**
 * Out of office (0015): `userId` is away from `fromDate` until `toDate` (exclusive) and
 * `delegateId` holds their approval and provisioning work meanwhile.
 */
export interface AbsencesTable extends WrittenRowColumns {
  absenceId: Id;
  userId: number;
  delegateId: number;
  fromDate: string;
  toDate: string;
}

// ---------------------------------------------------------------- requests (0004)

export interface RequestTypesTable {
  requestTypeId: number;
  description: string;
}

export interface RequestStatusesTable {
  statusId: number;
  description: string;
}

/**
 * One request line. A completed (3) or archived (6) Add line (type 1) is an access record;
 * its requestId is the Record ID. Types 2/3/4 point at it through recordId.
 */
export interface RequestsTable extends ClientPathColumns {
  requestId: Id;
  /** Groups the lines of one Create call. */
  submissionId: string;
  /** 1 Add, 2 Deactivate, 3 Change, 4 Activate. */
  requestTypeId: number;
  /** 1 Submitted, 2 Approved, 3 Completed, 4 Rejected, 5 Cancelled, 6 Archived. */
  statusId: number;
  /** Types 2/3/4: the Add request (record) they modify. Null on Add lines. */
  recordId: number | null;
  /** The subject (requestUser). */
  userId: number;
  /** Platform email, lowercased. */
  email: string;
  isInternal: Flag;
  /** The requestor. */
  createdBy: number;
  createdDate: CreatedAt;
  clientCodeId: number | null;
  assetId: number | null;
  clientAccountId: number | null;
  platformUserTypeId: number | null;
  platformOwnershipId: number | null;
  productCode: string | null;
  /** UTC midnight ISO strings; both null = unlimited access. */
  beginningDate: Timestamp;
  expirationDate: Timestamp;
  isUrgent: Flag;
  isPlatformRequest: Flag;
  /** Requestor comment. */
  comments: string | null;
  managerEmail: string | null;
  managerName: string | null;
  approverComment: string | null;
  /** Who approved, or rejected as approver. */
  approvedRejectedBy: number | null;
  approvedDate: Timestamp;
  provisionerComment: string | null;
  /** Who provisioned, or rejected as provisioner. */
  provisionedBy: number | null;
  provisionedDate: Timestamp;
  /** On status 4: 1 = rejected by the approver, 0 = by the provisioner. */
  rejectedByApprover: Flag;
  /** On a record: 1 = Inactive. */
  isDeleted: Flag;
  askNewRangeDate: Flag;
  requestedPlatformEmail: string | null;
  reassignedPrimaryEmail: string | null;
  isReassignedRequest: Flag;
  /** Type 3: JSON text `{ kind, before, after }` (see seed/requests.ts ChangeKind). */
  changesRequest: string | null;
  /** On a record: the pending (status 1/2) Change/Deactivate/Activate request, if any. */
  pendingChangeRequestId: number | null;
  /** Requested as the same access as this colleague (0054); null for every other line. */
  sameAccessAsUserId: Generated<number | null>;
  updatedDate: CreatedAt;
  updatedBy: number | null;
  /** Bumped on every update (optimistic concurrency). */
  version: Generated<number>;
}

/** Append-only activity log of a request. */
export interface RequestHistoryTable {
  id: Id;
  requestId: number;
  /** The request's status after this step. */
  statusId: number;
  requestTypeId: number;
  stepDescription: string;
  changeDesc: string | null;
  comments: string | null;
  approverComment: string | null;
  provisionerComment: string | null;
  createdBy: number;
  createdDate: CreatedAt;
  /** JSON text. */
  before: string | null;
  /** JSON text. */
  after: string | null;
  /** The absent person a delegate acted for (0015); null when the actor acted for themselves. */
  onBehalfOf: Generated<number | null>;
}

export interface ProvisionerCommentsTable {
  id: Id;
  requestId: number;
  comment: string;
  createdBy: number;
  createdDate: CreatedAt;
}

export interface LeaverCommentsTable {
  id: Id;
  requestId: number;
  comment: string;
  createdBy: number;
  createdDate: CreatedAt;
}

// ---------------------------------------------------------------- support tables (0005)

export interface StandardCommentsTable {
  id: Id;
  comment: string;
  /** 1 = Provisioning. */
  type: Generated<number>;
  isDeleted: Flag;
  createdBy: number | null;
  createdDate: CreatedAt;
}

export interface MasterDataRequestsTable {
  id: Id;
  masterDataType: string;
  comments: string;
  createdBy: number;
  createdDate: CreatedAt;
  /** Marked done by an administrator (0017): when, by whom, the item of the request's type. */
  doneDate: Timestamp;
  doneBy: number | null;
  doneItemId: number | null;
}

export interface MasterDataLogsTable {
  id: Id;
  /** 'Region', 'Market', 'Agency', 'Practice', 'Platform', 'PlatformUserType', 'Ownership', 'Client', 'ClientAccount'. */
  masterDataType: string;
  itemId: number;
  /** 'Created', 'Updated', 'Activated', 'Deactivated', 'Deleted', 'Moved'. */
  operation: string | null;
  description: string;
  operationDate: CreatedAt;
  operatedBy: number | null;
  /** JSON text of the item before the change (null on create); 0014. */
  before: string | null;
  /** JSON text of the item after the change (null on delete); 0014. */
  after: string | null;
}

export interface BulkUploadsTable {
  id: Id;
  /** The upload ID shown to the user (fileName in result rows). */
  code: string;
  /** 'UserRecords' | 'Approvers' | 'MasterApprovers'. */
  uploadType: string;
  fileName: string;
  /** 'Processing' | 'Completed' | 'Failed'. */
  status: string;
  totalRows: Generated<number>;
  successRows: Generated<number>;
  createdBy: number;
  createdDate: CreatedAt;
  /** SHA-256 of the file (0018): a second upload of the same file finds the first one's rows. */
  fileHash: string | null;
  /** Rows whose result is committed (0018): a restart resumes after them. */
  processedRows: Generated<number>;
  finishedDate: Timestamp;
  /** Why the upload stopped ('Failed'), for the screen. */
  error: string | null;
}

export interface BulkUploadRowsTable {
  id: Id;
  uploadId: number;
  rowNumber: number;
  success: Flag;
  statusText: string | null;
  /** JSON text of the parsed row. */
  payload: string | null;
}

export interface JobRunsTable {
  id: Id;
  jobName: string;
  /** 'RUNNING' | 'COMPLETED' | 'FAILED'. */
  status: string;
  startedOn: CreatedAt;
  endedOn: Timestamp;
  leaseOwner: string | null;
  leaseUntil: Timestamp;
  message: string | null;
  /** JSON text: what the run counted (e.g. `{"usersChanged": 3}`). */
  counts: string | null;
  /** 1 for the first try, then 2, 3… for retries after a failure. */
  attempt: Generated<number>;
  /** The administrator who started it by hand; null for the schedule. */
  startedBy: number | null;
}

export interface JobLeasesTable {
  jobName: string;
  owner: string;
  leaseUntil: string;
}

/** A shared request or failed sign-in count (PostgreSQL; http/rate-limit-queries.ts). */
export interface RateCountsTable {
  key: string;
  hits: number;
  resetsAt: string;
}

/** 'Status of Users' report rows (directory changes to acknowledge; isDeleted 1 = acknowledged). */
export interface UserStatusReportsTable {
  id: Id;
  userId: number;
  roleName: string | null;
  changeDescription: string;
  agency: string | null;
  operationDate: CreatedAt;
  isDeleted: Flag;
}

// ---------------------------------------------------------------- auth (0006)

/** oidc-provider adapter storage; primary key (model, id). */
export interface OidcPayloadsTable {
  id: string;
  model: string;
  /** JSON text. */
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Timestamp;
  consumedAt: Timestamp;
}

export interface AuthKeysTable {
  kid: string;
  /** Private JWK, JSON text. */
  jwk: string;
  createdDate: CreatedAt;
  isDeleted: Flag;
}

// ---------------------------------------------------------------- path coverage (0033)

/**
 * The stored coverage state of one approval path (client × platform availability), kept by
 * triggers in the writing transaction (migration 0033). `pathKey` = client id × 100000 +
 * practice id; `approverId` the covering assignment; `coverageRank` 0 no approver, 1 no
 * provisioner, 2 covered.
 */
export interface PathCoverageTable {
  pathKey: number;
  clientId: number;
  practiceId: number;
  platformId: number;
  agencyId: number;
  regionId: number;
  marketId: number;
  isActive: Flag;
  approverId: number | null;
  hasMasterApprover: Flag;
  coverageRank: number;
}

export interface Database {
  roles: RolesTable;
  regions: RegionsTable;
  markets: MarketsTable;
  agencies: AgenciesTable;
  practices: PracticesTable;
  agencyPractices: AgencyPracticesTable;
  platforms: PlatformsTable;
  platformAgencies: PlatformAgenciesTable;
  assetTypes: AssetTypesTable;
  platformUserTypes: PlatformUserTypesTable;
  platformOwnerships: PlatformOwnershipsTable;
  clients: ClientsTable;
  clientCodes: ClientCodesTable;
  clientAccounts: ClientAccountsTable;

  users: UsersTable;
  userAdditionalEmails: UserAdditionalEmailsTable;
  userProfileLogs: UserProfileLogsTable;
  userAdditionalEmailLogs: UserAdditionalEmailLogsTable;
  userMerges: UserMergesTable;
  directoryUsers: DirectoryUsersTable;
  adminRegions: AdminRegionsTable;
  superAdmins: SuperAdminsTable;

  approverAssignments: ApproverAssignmentsTable;
  masterApprovers: MasterApproversTable;
  assignmentStatusReports: AssignmentStatusReportsTable;
  absences: AbsencesTable;

  requestTypes: RequestTypesTable;
  requestStatuses: RequestStatusesTable;
  requests: RequestsTable;
  requestHistory: RequestHistoryTable;
  provisionerComments: ProvisionerCommentsTable;
  leaverComments: LeaverCommentsTable;

  standardComments: StandardCommentsTable;
  masterDataRequests: MasterDataRequestsTable;
  masterDataLogs: MasterDataLogsTable;
  bulkUploads: BulkUploadsTable;
  bulkUploadRows: BulkUploadRowsTable;
  jobRuns: JobRunsTable;
  jobLeases: JobLeasesTable;
  rateCounts: RateCountsTable;
  userStatusReports: UserStatusReportsTable;

  oidcPayloads: OidcPayloadsTable;
  authKeys: AuthKeysTable;

  // Profile merges and the Profile Matcher (0020)
  userMergeMoves: UserMergeMovesTable;
  profileMergeProposals: ProfileMergeProposalsTable;

  // Notifications (0026)
  notifications: NotificationsTable;
  mailOutbox: MailOutboxTable;
  notificationSettings: NotificationSettingsTable;

  // Reminders and escalation of waiting tasks (0030)
  taskReminders: TaskRemindersTable;
  expiryNotices: ExpiryNoticesTable;

  // Stored coverage state of the approval paths (0033)
  pathCoverage: PathCoverageTable;

  // Access reviews (0046)
  accessReviews: AccessReviewsTable;
  accessReviewScope: AccessReviewScopeTable;
  accessReviewItems: AccessReviewItemsTable;
  accessReviewReminders: AccessReviewRemindersTable;
  // Audit chain (0052)
  auditChain: AuditChainTable;
  auditChainHead: AuditChainHeadTable;
  auditVerifications: AuditVerificationsTable;
  recordChanges: RecordChangesTable;
  auditSigningKeys: AuditSigningKeysTable;
  mailDecisionTokens: MailDecisionTokensTable;
  appSecrets: AppSecretsTable;
  accessBundles: AccessBundlesTable;
  accessBundleItems: AccessBundleItemsTable;
}

// ---------------------------------------------------------------- profile merges (0020)

/** One row a merge handed from the child to the parent (an unmerge gives exactly these back). */
export interface UserMergeMovesTable {
  id: Id;
  mergeId: number;
  /** Snake-case table name, e.g. 'requests'. */
  tableName: string;
  /** Snake-case user column, e.g. 'provisioner_id'. */
  columnName: string;
  rowId: number;
  /** 'moved' (the column now names the parent) or 'deactivated' (a duplicate of the parent's own row). */
  action: Generated<string>;
}

/** A Profile Matcher proposal: `childUserId` looks like a second profile of `parentUserId`. */
export interface ProfileMergeProposalsTable {
  id: Id;
  parentUserId: number;
  childUserId: number;
  /** 'email' or 'name'. */
  reason: string;
  /** 'PROPOSED' | 'ACCEPTED' | 'DISMISSED'. */
  status: Generated<string>;
  jobRunId: number | null;
  createdDate: CreatedAt;
  decidedDate: Timestamp;
  decidedBy: number | null;
}

/** A request line as read, written new, and updated (services name these, not the query builder). */
export type RequestRow = Selectable<RequestsTable>;
export type NewRequestRow = Insertable<RequestsTable>;
export type RequestRowUpdate = Updateable<RequestsTable>;

// ---------------------------------------------------------------- notifications (0026)

/** One in-app notification: a recipient, an event of a request line, read or not. */
export interface NotificationsTable {
  notificationId: Id;
  userId: number;
  /** A `NotificationEvent` name ('submitted', 'approved'…). */
  event: string;
  requestId: number | null;
  /** JSON text: the event's parameters (who acted…). */
  params: string | null;
  createdDate: CreatedAt;
  readAt: Timestamp;
}

/** A message to send after the transition committed: an email, or a Teams / Slack webhook post. */
export interface MailOutboxTable {
  mailId: Id;
  /** 'email' | 'webhook'. */
  channel: Generated<string>;
  event: string;
  recipientUserId: number | null;
  /** The email address; '' for a webhook post. */
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** 'PENDING' | 'SENT'. */
  status: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: CreatedAt;
  createdDate: CreatedAt;
  sentAt: Timestamp;
  lastError: string | null;
}

/** A user's choice of email for one event (no row: email on). */
export interface NotificationSettingsTable {
  userId: number;
  event: string;
  isEmail: Generated<number>;
  updatedDate: CreatedAt;
}

// ---------------------------------------------------------------- task reminders (0030)

/** A stage of a waiting task that was sent: 1 reminder, 2 escalation, for the line in `statusId`. */
export interface TaskRemindersTable {
  requestId: number;
  /** The waiting status the stage belongs to: 1 Submitted, 2 Approved. */
  statusId: number;
  stage: number;
  sentDate: string;
}

// ---------------------------------------------------------------- access expiry (0029)

/** The last 'expiring' notice of a record: which threshold (days before) and for which end date. */
export interface ExpiryNoticesTable {
  recordId: number;
  expirationDate: string;
  noticeDays: number;
  sentDate: string;
}

// ---------------------------------------------------------------- access reviews (0046)

/** An access review campaign (issue 46). */
export interface AccessReviewsTable {
  reviewId: Id;
  name: string;
  /** 'draft' | 'active' | 'closed' | 'cancelled'. */
  status: Generated<string>;
  /** 'approver' | 'manager' | 'user' (then reviewerUserId). */
  reviewerRule: Generated<string>;
  reviewerUserId: number | null;
  /** UTC midnight of the due day. */
  dueDate: string;
  /** 'keep' | 'revoke' | 'administrators'. */
  whenUndecided: Generated<string>;
  recurrenceMonths: number | null;
  /** 1 internal users only, 0 external only, null both. */
  internal: number | null;
  /** Only records held for more than this many days. */
  activeForDays: number | null;
  createdBy: number;
  createdDate: CreatedAt;
  updatedBy: number | null;
  updatedDate: CreatedAt;
  startedDate: Timestamp;
  /** When the campaign was closed or cancelled. */
  closedDate: Timestamp;
  /** The campaign this one recurs from (0048). */
  previousReviewId: number | null;
}

/** A notice the access-reviews job sent (0048): 'reminder' to a reviewer, 'escalated' to the creator. */
export interface AccessReviewRemindersTable {
  reviewId: number;
  userId: number;
  stage: string;
  sentDate: string;
}

/** One id a campaign's scope names: kind 'region', 'market', 'agency', 'practice', 'platform', 'client', 'platform_user_type'. */
export interface AccessReviewScopeTable {
  reviewId: number;
  kind: string;
  refId: number;
}

/** One access record of a started campaign, as it was at the start, and its decision. */
export interface AccessReviewItemsTable {
  itemId: Id;
  reviewId: number;
  recordId: number;
  userId: number;
  regionId: number;
  marketId: number;
  platformId: number;
  clientId: number | null;
  clientAccountId: number | null;
  platformUserTypeId: number | null;
  sinceDate: Timestamp;
  /** Null: the administrators of the record's (region, market) review it. */
  reviewerUserId: number | null;
  /** Null undecided, 'keep' or 'revoke'. */
  decision: string | null;
  comment: string | null;
  decidedBy: number | null;
  decidedAt: Timestamp;
  /** The Deactivate line a revoke made. */
  revokeRequestId: number | null;
  // What the item was about in words, as at the start (0050); decidedByName with the decision.
  userName: string | null;
  userEmail: string | null;
  platformEmail: string | null;
  platformName: string | null;
  clientName: string | null;
  clientAccountName: string | null;
  platformUserTypeName: string | null;
  requestedByName: string | null;
  approvedByName: string | null;
  decidedByName: string | null;
  /** The names but decidedByName, lower-cased, one per line: the search reads this (0050). */
  searchText: string | null;
  /** The record now (0051, kept by a trigger on requests): 1 ended, 1 changed since the snapshot. */
  recordEnded: Generated<number>;
  recordChanged: Generated<number>;
  /** The status of the revoke's Deactivate line now (0051). */
  revokeStatusId: number | null;
}

// ---------------------------------------------------------------- audit chain (0052)

/** One chained row version (db/chain/format.ts says how the hashes are made). */
export interface AuditChainTable {
  seq: number;
  /** Snake-case name of the chained table. */
  tableName: string;
  rowId: number;
  rowHash: Uint8Array;
  /** The link: previous link, seq, table, row id and row hash, hashed. */
  chainHash: Uint8Array;
}

/** The one row (id 1) writers lock to append: the last entry's seq and link. */
export interface AuditChainHeadTable {
  id: number;
  seq: number;
  chainHash: Uint8Array;
}

/** One verification of the chain: how far it checked and the first break it found. */
export interface AuditVerificationsTable {
  id: Id;
  /** 'full' | 'incremental'. */
  kind: string;
  startedDate: string;
  finishedDate: string;
  startedBy: number | null;
  verified: number;
  checkedRows: number;
  /** The entry the verification checked up to, and its link. */
  headSeq: number;
  headHash: Uint8Array;
  /** JSON text: each chained table's largest id when it ran (the next one checks the rows after). */
  tableMaxIds: string;
  breakTable: string | null;
  breakRowId: number | null;
  breakSeq: number | null;
  /** What differs: 'content', 'link', 'missing', 'unchained', 'order'. */
  breakReason: string | null;
}

/** One change of a state table (0052's CHANGE_LOGGED), written by a trigger; chained like history. */
export interface RecordChangesTable {
  id: Id;
  tableName: string;
  rowId: number;
  /** 'snapshot' (the row when the chain started), 'insert', 'update', 'delete'. */
  operation: string;
  /** JSON text of the row after the change (before, for a delete). */
  rowData: string;
  changedDate: CreatedAt;
  /** PostgreSQL: the writing transaction's id (its commit chains exactly its own rows). */
  txid: Generated<number | null>;
}

/** The key that signs exports (0052), when the server has no key file: the oldest row. */
export interface AuditSigningKeysTable {
  kid: string;
  /** Private Ed25519 JWK, JSON text. */
  privateJwk: string;
  createdDate: string;
}

// ---------------------------------------------------------------- deciding from the mail (0053)

/** One link of a mail that decides: a person, a line, an action; used once (`usedDate`). */
export interface MailDecisionTokensTable {
  tokenId: Id;
  userId: number;
  requestId: number;
  action: 'approve' | 'reject' | 'provision';
  /** The person's role when the mail was queued: another role now asks them to sign in. */
  roleId: number;
  createdDate: string;
  expiresAt: string;
  usedDate: string | null;
}

/** A secret every instance shares (the mail links' HMAC key), made at first use. */
export interface AppSecretsTable {
  name: string;
  /** 32 random bytes, base64url. */
  secret: string;
  createdDate: string;
}

// ---------------------------------------------------------------- access bundles (0055)

/** A named set of accesses for one region, market and agency; deactivated, never deleted. */
export interface AccessBundlesTable extends WrittenRowColumns {
  bundleId: Id;
  name: string;
  regionId: number;
  marketId: number;
  agencyId: number;
}

/** One access of a bundle, as the wizard's Add Account(s) chooses it. */
export interface AccessBundleItemsTable {
  itemId: Id;
  bundleId: number;
  practiceId: number;
  platformId: number;
  clientId: number | null;
  assetId: number | null;
  clientAccountId: number | null;
  platformUserTypeId: number;
  isPlatformRequest: Flag;
}
