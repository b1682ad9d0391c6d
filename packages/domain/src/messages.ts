/**
 * Every user-facing sentence of the spec, verbatim (typos included). Code refers to these
 * keys and never retypes a sentence.
 */
export const messages = {
  // Shell and guard
  forbidden: 'Forbidden!',
  roleChanged: (role: string) => `Your role changed to ${role}: the menus now show what you may do.`,
  welcome: (name: string) => `Welcome to the User Access Portal, ${name}`,
  contactSubject: (fullName: string) => `UAP Contact Us - ${fullName}`,
  agencyClientsTitle: (agency: string, platform: string) => `${agency} ${platform} clients`,
  approverRoleDetails: 'My Approver Role Details',
  provisionerRoleDetails: 'My Provisioner Role Details',
  approverProvisionerRoleDetails: 'My Approver/Provisioner Role Details',
  notFound: 'Page not found',
  underConstructionBody: 'This screen is being built',
  tokenCopied: 'token copied!',
  noDataFound: 'No data found',
  errorGettingRecords: 'Error getting records',
  errorTitle: 'Error',
  auditorsReadOnly: 'Auditors have read-only access.',
  unauthorized: 'You are not signed in or your session has expired.',
  forbiddenRole: 'You do not have permission to do this.',
  appPartNotLoaded:
    'Part of UAP could not be loaded: the server may be unreachable. Check your connection, then reload the page.',
  directoryAccountDisabled: 'Your directory account is disabled, so you can no longer use UAP.',
  profileBoundToAnotherIdentity:
    'This profile belongs to another sign-in. Ask a super administrator to check the profile’s email.',
  profileEditSuperAdminOnly:
    'Only a super administrator may change the profile of an administrator, auditor or super administrator.',
  directoryRowAboveStandard:
    'Only a super administrator may import this person: their role is above Standard User.',
  directoryRowOutsideScope:
    'Only a super administrator may import this person: they have rows outside your region and market.',
  adminUserNotInternal:
    'Only an internal colleague can be appointed administrator; this profile is external.',
  profileOutsideAdminScope:
    'This person has requests, approval paths or administrator rows outside your region and market: only a super administrator may change their profile.',
  recordNotFound: 'The record was not found.',
  somethingWentWrong: 'Something went wrong.!',
  invalidInput: 'The request is not valid.',
  serverError: 'An unexpected error occurred. Please try again later.',
  // Ours: a statement PostgreSQL cut short (statement or lock timeout), and an instance not ready.
  serverBusy: 'The server took too long to answer. Please try again in a moment.',
  serviceNotReady: 'This server is not taking new work at the moment.',
  textHasNul: 'Text cannot contain the NUL character (U+0000).',
  // Table bodies (ours, the spec shows no sentence)
  tooManyFilters: (max: number) => `A table can be filtered by at most ${max} columns at once.`,
  tooManyFilterValues: (max: number) => `A column filter can hold at most ${max} values.`,
  filterValueTooLong: (max: number) => `A filter value can be at most ${max} characters long.`,

  // Security and sign-in (ours where the spec shows no sentence)
  tokenIssuerMismatch: (tokenIssuer: string, expected: string) =>
    `The token's issuer ${tokenIssuer} does not match this server's issuer ${expected}: get a token from this server (npm run token with the server's PORT and PUBLIC_URL) or sign in again.`,
  tooManyRequests: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  tooManySignIns: (minutes: number) =>
    `Too many failed sign-ins for this account. Try again in ${minutes} minute(s).`,
  emailAddedBy: (name: string) => `added by ${name}`,
  additionalEmailRemoved: 'Email removed successfully',
  additionalEmailPrivileged:
    'Only the owner or a super administrator may add or remove an email of an administrator, auditor or super administrator.',
  additionalEmailOutsideScope:
    'This person has requests, approval paths or administrator rows outside your region and market: only the owner or a super administrator may remove their emails.',

  // Requestor: search and email (spec 1 §5)
  invalidEmail:
    'The email address entered is invalid. Check the address for potential issues such as: i) Extra spaces ii) Domain name is spelled incorrectly iii) Extra characters (. , < >) etc...',
  guestUseExternal:
    'This email is associated with a guest user. Please use the external function to submit your request.',
  internalUseInternal:
    'This email is associated with an internal user. Please use the internal function to submit your request.',
  noUserFound: 'No user found.',
  noUsersFound: 'No users found',
  notAnEmail: 'This is not an email.',
  emailLinked: 'Email linked successfully',
  duplicateSecondaryEmail: (email: string) =>
    `Secondary Email ${email} already exists for other user as primary or secondary email address`,
  phoneHasLetters: 'Charactors are not allowed. Please enter valid phone number',
  digitsOnly: 'Only digits not allowed. Please enter all the valid data',
  invalidComment:
    'Your request is missing a valid Comment for access. Please provide a clear and valid reason for why the access is needed.',
  completeRequiredFields: 'Please complete required field(s)',
  chooseAllOption: 'Choose all option to continue',
  businessAccessSubmitted:
    'You have submitted your request to the agency Business Manager/Center. Proceed with requesting access to any required assets (accounts, asset groups etc.)',
  metaExternalRefused:
    'External users are no longer able to be invited to our Meta agency business managers. All access must be at the partner level with an approved TPA.',
  sameUserRole: 'You can not select the same user role to change this request',
  emailOnlyRole: "Email only access can't be updated with new roles. Create a new record.",
  invalidPlatformEmail: 'Please enter valid platform email',
  samePlatformEmail: "you can't select this email to assign. the email already associated with this request",
  endDateFuture: 'End date should be today or a future date.',
  enterNewUserEmail: 'Please enter New User Email',
  enterValidNewUserEmail: 'Please enter valid New User Email',
  sameUserReassign: "You can't select the same user to reassign this request.",
  requestsModified: 'requests modified successfully.',
  requestsSentForApproval: 'requests sent for approval successfully.',

  // Modify flows: our wording where the spec names a rule but shows no sentence (docs/architecture.md)
  modifyOneChangeAtATime:
    'Only one change request can be submitted at a time: submitting replaces the pending change request of this record.',
  pendingChangeReplaced: (id: number) => `The pending change request #${id} was replaced.`,
  pendingChangeInProvisioning: (id: number) =>
    `Change request #${id} of this record is already approved and waits for provisioning; it can no longer be replaced.`,
  requestNotModifiable: (status: string) => `This request is ${status} and can no longer be modified.`,
  onlyCreatorModifies: 'Only the requestor can modify a submitted request.',
  startDateRange: 'Start date should be today or a later date, and not after the end date.',
  invalidUserRole: 'The selected user role is not available for this access.',
  platformEmailOfOtherUser: (email: string) => `The email ${email} belongs to another user.`,
  modifyNeedsActive: 'This record is inactive: activate it instead of modifying it.',
  deactivateNeedsActive: 'Only active records can be deactivated.',
  activateNeedsInactive: 'Only inactive records can be activated.',
  activateExpiredFirst:
    'This access has expired: modify the length of access to a future end date before activating it.',
  activateMixedLength: 'Records with unlimited and limited lengths of access cannot be activated together.',
  activateMixedExpiry: 'Expired and unexpired records cannot be activated together.',
  changeMultipleNotAllowed:
    'The role of several records can be changed only when all of them are active and share the same role, region, market, agency, practice, asset and platform.',
  notExpired:
    'Only an expired record or an expired pending deactivation can have its length of access extended here.',
  mergedProfiles: (names: string) =>
    `${names} has two profiles. The access of the other profile is not deactivated by this request. Do you want to continue?`,
  requestsCancelled: 'Request(s) cancelled successfully!',
  cancelOnlySubmitted:
    'Only submitted requests can be cancelled. Deselect the requests that are not in Submitted status.',
  cancelOnlyOwn: 'Only the requestor or a super administrator can cancel a request.',
  // Tables (ours, the spec shows no sentence)
  cancelOnlySubmittedRow: (status: string) =>
    `Only submitted requests can be cancelled; this one is ${status}.`,
  noRowsMatchFilters: 'No records match these filters.',
  /** The rows-per-page option that shows every row (spec 1 §9, spec 3 §9: 'plus total count'). */
  allRowsOption: (count: string) => `All (${count})`,
  tooManyRowsForAll: (max: number) =>
    `Up to ${max.toLocaleString('en-US')} rows can be shown on one page; narrow the table with a filter or the search to show them all.`,
  allRowsTooManyNow: (max: number, pageSize: number) =>
    `More than ${max.toLocaleString('en-US')} rows match, so the table shows ${pageSize} a page; narrow it with a filter or the search to show them all on one page.`,
  // Counts at scale (ours, the spec shows no sentence)
  aboutCount: (count: number) => `about ${count.toLocaleString('en-US')}`,
  countExactly: 'Count exactly',
  nothingWaiting: 'Nothing waiting for you.',
  userAccessOverviewIntro:
    'Before submitting a new request, check the pending and completed records below: the access may already exist or be on its way. Click a Record ID to modify that access.',

  // Directory feed and background jobs (ours, the spec shows no sentence)
  scimUnauthorized: 'The SCIM bearer token is missing or wrong.',
  scimUserNotFound: (id: string) => `User ${id} not found.`,
  scimUserNameTaken: (userName: string) => `A user with userName ${userName} already exists.`,
  scimMailTaken: (mail: string) => `A user with the email ${mail} already exists.`,
  scimInvalidFilter:
    'Only a filter of the form attribute eq "value" on userName, externalId, id or emails.value is supported.',
  scimInvalidPath: (path: string) => `The PATCH path ${path} is not supported.`,
  scimInvalidEmail: (email: string) => `${email} is not a valid email address.`,
  scimNotFound: 'The SCIM resource does not exist.',
  directoryRowInvalidEmail: 'The mail column is missing or not a valid email address.',
  directoryRowNoName: 'The displayName column, or givenName and surname, must be filled in.',
  directoryRowBadActive: (value: string) => `active must be Yes/No, true/false or 1/0, got ${value}.`,
  directoryRowBadUserType: (value: string) => `userType must be Member or Guest, got ${value}.`,
  directoryRowTooLong: (column: string, max: number) => `${column} is longer than ${max} characters.`,
  directoryRowDuplicate: (row: number) => `The same mail is already on row ${row} of this file.`,
  directoryFileNotCsv: 'Upload one .csv file.',
  directoryFileMissingMail: 'The first line must name the columns, including mail.',
  directoryFileHasNul: 'The file contains the NUL character (U+0000), so nothing was imported.',
  directoryFileTooLarge: (megabytes: number) =>
    `The file is larger than ${megabytes} MB, so nothing was imported. Split it into smaller files.`,
  jobUnknown: (name: string) => `There is no job named ${name}.`,
  auditChainWebhookGreeting: 'super administrators',
  historyVerified: (when: string) => `History verified ${when}`,
  historyNotVerified: 'History not verified since its last step',
  historyVerifiedHint:
    'Every step is chained by SHA-256 when it is written; the daily verification checked that none was changed, removed or added since.',
  exportKeyTitle: 'Verify exported files',
  exportKeyText:
    'Every CSV export, the audit PDF, activity log PDFs and access review evidence end with a signature line: a JWS (EdDSA) over the SHA-256 of the bytes before it and the audit history it was read at. Download the key, then check a file with: npm run verify-export -- FILE --key uap-export-key.pem (add --database URL to check that the history it was read at is unchanged).',
  exportKeyDownload: 'Download the key',
  /** Deciding from the mail (/Decide/{token}): the links, the page and its refusals. */
  mailDecisionLinks: 'Decide here, without signing in:',
  mailDecisionLabel: (action: 'approve' | 'reject' | 'provision') =>
    ({ approve: 'Approve', reject: 'Reject', provision: 'Provisioned' })[action],
  mailDecisionTitle: (action: 'approve' | 'reject' | 'provision', requestId: number) =>
    `${{ approve: 'Approve', reject: 'Reject', provision: 'Mark as provisioned' }[action]} request #${requestId}`,
  mailDecisionFor: (recipient: string) => `This link was sent to ${recipient}.`,
  mailDecisionValidUntil: (when: string) => `It works once, until ${when} UTC.`,
  mailDecisionHint:
    'Opening this page changed nothing. The decision is made only when you press the button, and it is recorded in the request’s activity log as if you had made it in the portal.',
  mailDecisionInvalid:
    'This link is not valid: it may have been cut or changed. Nothing was changed. Open your tasks in the User Access Portal instead.',
  mailDecisionUsed: 'This link has already been used. Nothing was changed.',
  mailDecisionExpired: (hours: number) =>
    `This link has expired: a link in a mail works for ${hours} hours. Nothing was changed. Open your tasks in the User Access Portal instead.`,
  mailDecisionDecided: (status: string) =>
    `This request has already been decided: it is now ${status}. Nothing was changed.`,
  mailDecisionOtherPerson:
    'This link was sent to someone else, so it cannot decide for you. Nothing was changed.',
  mailDecisionRevoked:
    'This link no longer works: the access of the person it was sent to has ended. Nothing was changed.',
  mailDecisionSignInAdministrator: 'This request is for an administrator user type: sign in to decide it.',
  mailDecisionSignInRole: 'Your role has changed since this mail was sent: sign in to decide it.',
  mailDecisionSignIn: 'Sign in',
  mailDecisionNotYours:
    'This request no longer waits for you: it was passed to someone else. Nothing was changed.',
  mailDecisionDone: (result: string) => `${result}. It is recorded in the request’s activity log.`,
  /** New request: "Same access as a colleague". */
  sameAccessTitle: 'Same access as a colleague',
  sameAccessIntro:
    'Search a colleague, tick the access of theirs that the user needs, and each becomes a line of this request, routed and checked as if you had chosen it. Access the user already holds is skipped.',
  sameAccessChooseRecords: 'Tick at least one access of the colleague.',
  sameAccessTooMany: (max: number) => `Tick at most ${max} accesses at a time.`,
  sameAccessNoRecords: 'This colleague holds no active access.',
  sameAccessOutcome: (outcome: 'request' | 'held' | 'refused') =>
    ({ request: 'Will be requested', held: 'Already held: skipped', refused: 'Not available' })[outcome],
  sameAccessNothingToRequest:
    'The user already holds every access you ticked, or none can be requested: nothing to submit.',
  sameAccessTwice: 'The same account is ticked twice: only the first is requested.',
  sameAccessSubmitted: (count: number, skipped: number) =>
    `${count === 1 ? '1 line was' : `${count} lines were`} sent for approval${skipped > 0 ? `; ${skipped} already held or not available ${skipped === 1 ? 'was' : 'were'} skipped` : ''}.`,
  sameAccessRequestedAs: (name: string) => `requested as the same access as ${name}`,
  sameAccessRecordsGone:
    'Some of the ticked access is no longer active for this colleague. Refresh the list and tick again.',
  /** Access Bundles (/AccessBundles) and the wizard's "Request a bundle". */
  bundleNameRequired: 'Give the bundle a name.',
  bundleNameTooLong: (max: number) => `A bundle's name has at most ${max} characters.`,
  bundleNoItems: 'Add at least one access to the bundle.',
  bundleTooManyItems: (max: number) => `A bundle names at most ${max} accesses.`,
  bundleNameTaken: 'A bundle of this name already exists for this agency.',
  bundleSaved: 'Bundle saved.',
  bundleActivated: 'Bundle activated.',
  bundleDeactivated: 'Bundle deactivated.',
  bundleDeactivateConfirm: (name: string) =>
    `Deactivate the bundle ${name}? It is no longer offered in new requests; it can be activated again.`,
  bundleItemUnavailable: (reason: string) => `No longer available: ${reason}`,
  bundleItemRefused: (position: number, reason: string) => `Access ${position}: ${reason}`,
  bundleChoose: 'Request a bundle',
  bundleIntro:
    'Choose a bundle of this agency: its accesses become the lines of this request, each routed and checked as if you had chosen it. Untick what the user does not need.',
  bundleNoneFits: 'No bundle is defined for this agency yet.',
  bundleChooseItems: 'Tick at least one access of the bundle.',
  bundleChooseBundle: 'Choose a bundle first.',
  bundleNeedsPlace: 'Choose the region, market and agency first.',
  bundleGone: 'This bundle is no longer offered. Choose another.',
  auditChainBreak: (table: string, id: number, reason: 'link' | 'content' | 'missing' | 'unchained') =>
    `The audit history breaks at ${table} ${id}: ${
      {
        link: 'the chain of hashes was altered here',
        content: 'the row was changed after it was written',
        missing: 'the row was deleted',
        unchained: 'the row was written outside UAP',
      }[reason]
    }.`,
  jobAlreadyRunning: (name: string) => `${name} is already running.`,
  jobRunNowConfirm: (name: string) =>
    `Run ${name} now? It may take a while; the page shows its outcome when it ends.`,
  jobRunning: (name: string) => `${name} is running…`,
  jobRunCompleted: (name: string) => `${name} completed.`,
  jobRunFailed: (name: string, message: string | null) => `${name} failed${message ? `: ${message}` : '.'}`,
  jobNotScheduled: 'Not scheduled on this server',
  jobNoRuns: 'This job has not run yet.',
  jobStartedBySchedule: 'Schedule',

  // Approval and provisioning (spec 2)
  requestAlreadyInStatus: (requestId: number, status: string) =>
    `Request #${requestId} is already ${status}.`,
  requestChangedMeanwhile: 'The request was changed by someone else. Reload and try again.',
  inputComment: 'You have to input a comment.',
  inputCommentToAdd: 'You have to input a comment to add.',
  selectComment: 'You have to select a comment.',
  requestApproved: 'Request was Approved',
  requestRejected: 'Request was Rejected',
  requestProvisioned: 'Request was Provisioned',
  requestsArchived: 'Request(s) Archived successfully!',
  searchForApprover: 'Please search for an approver',
  selectMasterApproverPath: 'Please select region, market, agency and practice',
  selectNewUser: 'Select a new user',
  approversActivated: 'Approvers/Provisioners Activated',
  approversDeactivated: 'Approvers/Provisioners Deactivated',
  masterApproversActivated: 'Master Approvers Activated',
  masterApproversDeactivated: 'Master Approvers Deactivated',
  acknowledged: 'Acknowledged successfully',
  // Status of Users: an acknowledged row opened again (ours; the spec's control toggles)
  reopened: 'Reopened successfully',
  bulkRejectExpiredTooltip:
    'Expired requests with different lengths of access cannot be rejected for deactivation and must be addressed individually.',
  noApprovalPath: 'No approval path',
  // Request Tracker: a Submitted or Approved line past its service level (ours)
  overdue: 'Overdue',
  overdueTitle: (hours: number) => `Overdue: waiting ${hours} hours in this status`,
  waitingAge: (hours: number) => (hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`),

  // Administration (spec 3)
  fillAllFields: 'Fill all fields',
  clientCodeExists: 'Client code already exists',
  duplicateClientCodes: 'Duplicate client codes found!',
  missingAssetName: 'Missing: Asset name',
  missingClientCode: 'Missing: Client code',
  platformOrderReminder: 'Reminder - Order may be altered when adding a new platform user type.',
  enterRequiredData: 'Please enter all the required data',
  invalidPrimaryEmail: 'Please enter valid Primary Email',
  invalidSecondaryEmail: 'Please enter valid secondary Email',
  primaryEmailNotInDirectory: 'Cannot find Primary Email in Active Directory',
  invalidEmailToDeactivate: 'Please enter valid email to deactivate.',
  emailNotInList: 'Entered email is not present in existing emails list.',
  confirmUpdate: 'Are you sure you want to Update?',
  confirmSync: 'Would you like to proceed for Sync',
  confirmDeleteUser: 'Are you sure want to delete this User?',
  confirmAcknowledge: 'Are you sure you want to acknowledge selected profiles?',
  confirmUnmerge: 'Are you sure you want to unmerged selected profiles?',
  confirmDeleteMasterData: (type: string) => `Are you sure want to delete this ${type}?`,
  confirmDeletePlatformUserType:
    'If you proceed with deleting this platform user type, it will also be deleted across all paths for this platform and agency.',
  confirmReassignAsset:
    'An asset you selected is attached to a request that is either in the submitted or approved stage. Click okay if you would still like to proceed with the reassignment.',
  updateFailed: (message: string) => `Error occurred. Error message is ${message}`,
  uapIdMissing: "UAP ID doesn't exist",
  parentGuidMissing: "ParentGUID doesn't exist",
  userIdMissing: "userid doesn't exist",
  noRecordsInRange: 'No records are available on the selected date range.',
  recordsInRange: (count: number) =>
    `#${count} record(s) are available on the selected date range. Are you sure you want to proceed?`,
  // Audit Reports and Bulk Upload (ours, the spec shows no sentence)
  auditRangeReversed: 'The end date must not be before the start date.',
  auditDownloading: (received: string) => `Preparing the audit PDF… ${received} received`,
  auditDownloaded: (count: number) => `The audit PDF of ${count} record(s) was downloaded.`,
  bulkCsvOnly: 'Only .csv files can be uploaded.',
  bulkChooseFile: 'Choose a .csv file first.',
  bulkEmptyFile: 'The file has no rows to upload.',
  bulkFileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  bulkMissingColumns: (columns: readonly string[]) =>
    `The file is missing the column(s) ${columns.join(', ')}. Download the template for this type.`,
  bulkUploadStarted: (code: string) => `Upload ${code} is being processed.`,
  bulkUploadNotFound: 'No upload has this ID.',
  bulkProgress: (code: string, status: string, processed: number, total: number | null, created: number) =>
    status === 'Processing'
      ? `Upload ${code}: ${processed}${total === null ? '' : ` of ${total}`} rows processed, ${created} created.`
      : `Upload ${code} ${status === 'Completed' ? 'finished' : 'stopped'}: ${processed} rows processed, ${created} created.`,
  bulkRowCreated: (what: string) => `${what} created.`,
  bulkRowAlreadyDone: 'Already created by an earlier upload of this file.',
  bulkRowUnknown: (column: string, value: string) => `${column} '${value}' was not found.`,
  bulkRowRequired: (columns: readonly string[]) => `Required: ${columns.join(', ')}.`,
  bulkRowDate: (column: string, format: string) => `${column} is not a date: write it as ${format}.`,
  bulkRowIsExample: "This is the template's example row. Replace it with your own rows or delete it.",
  ownershipSaved: 'Ownership saved!',
  regionSaved: 'Region saved!',
  marketSaved: 'Market saved!',
  agencySaved: 'Agency saved!',
  practiceSaved: 'Practice saved!',
  platformSaved: 'Platform saved!',
  clientSaved:
    'Client saved! An approval path will also need to be set up for this client in the approve/provision assignments page',
  clientAccountSaved: 'Client Account saved!',
  platformAccessSaved: 'Platform Access saved!',
  ownershipUpdated: 'Ownership updated!',
  regionUpdated: 'Region updated!',
  marketUpdated: 'Market updated!',
  agencyUpdated: 'Agency updated!',
  practiceUpdated: 'Practice updated!',
  platformUpdated: 'Platform updated!',
  clientUpdated: 'Client updated!',
  clientAccountUpdated: 'Client Account updated!',
  platformAccessUpdated: 'Platform Access updated!',
  clientAssetMoved: 'Client Asset Moved Successfully!',
  clientsMoved: 'Client(s) moved to selected agency successfully!',
  requestSubmited: 'Request submited!',
  adminSaved: 'Admin saved!',
  adminUpdated: 'Admin updated!',
  superAdminSaved: 'Super Admin saved!',
  superAdminUpdated: 'Super Admin updated!',
  userDataUpdated: 'Successfully updated user data',
  userDataSynced: 'Successfully Synced user data',
  emailDeactivated: 'Successfully Deactivated selected Email',
  roleValidationComplete: 'UAP User Role Validation is complete',
  profileMatcherDone: 'Profile Matcher runs successfully.',
  contactTextRequired: 'Please enter your message.',

  // New request wizard (ours where the spec shows no sentence)
  requestCreated: 'Your request was submitted successfully.',
  startDateNotBeforeToday: 'Start date should be today or a future date.',
  endDateNotBeforeStart: 'End date should not be before the start date.',
  requestAlreadyExists: (recordId: number) =>
    `An access request or record already exists for this user, account and email: ${recordId}. Modify that record instead.`,
  invalidRequestPath: (what: string) => `The selected ${what} is not available on the chosen path.`,
  requestEmailNotOfUser: 'The email associated with this request does not belong to the user.',
  userNotFound: 'The user was not found.',
  userSaved: 'User saved successfully',
  userUpdated: 'User updated successfully',
  userAlreadyExists: 'A user with this email already exists.',
  accessExistsToOtherEmails: (emails: string) =>
    `The user already has access on this path with other email(s): ${emails}.`,
  accessExists: (email: string, accessLevel: string) =>
    `${email} already has ${accessLevel} access on this platform.`,
  businessAccessQuestion: (email: string, accessName: string) =>
    `No ${accessName} access was found for ${email}. Do you want to request it?`,
  accessExistsAsInactive: (email: string) =>
    `${email} has an inactive record on this platform. Activate it from Modify an Existing Access instead of creating a new one.`,
  singleSignOnEmailWarning:
    'If the platform requires single sign-on, select the email tied to the single sign-on account.',
  tooManySingleAssets: (suggestion: string) =>
    `You selected more than 5 single assets. Consider requesting ${suggestion} instead.`,
  workManagementLicence: (licence: string) => `For this practice we recommend the '${licence}' user type.`,
  tpaRequired:
    'Access for an external user requires a signed Third Party Access Agreement (TPA). Confirm that the agreement is signed before you continue.',

  // Provisioning (ours where the spec shows no sentence)
  provisionOwnRequest: 'You cannot provision or reject a request you created or are the subject of.',
  archiveOnlyCompleted:
    'Only completed requests can be archived. Deselect the requests that are not in Completed status.',
  archiveOnlyOwn: 'Only the provisioner who completed a request (or an administrator) can archive it.',
  provisionerCommentSaved: 'Comment saved successfully',
  standardCommentAdded: 'Comment added successfully',
  standardCommentRemoved: 'Comment removed successfully',
  // Approvers (ours where the spec shows no sentence)
  expiredDeactivationReject:
    'This deactivation request has expired. Modify the length of access to a future date first, and then approve it.',
  ownRequestDecision: 'You cannot approve or reject a request you created or are the subject of.',
  // Master approvers, status of approvers, leavers (ours where the spec shows no sentence)
  masterApproverExists: 'This user is already an active master approver of this path.',
  masterApproverUserInactive:
    'This user cannot be assigned: the profile or the directory account is inactive.',
  invalidMasterApproverPath: 'The selected market, agency and practice do not belong together.',
  noProfileYet: (name: string) =>
    `${name} has no UAP profile yet: they need to sign in once before they can be assigned.`,
  selectRowsFirst: 'Select one or more rows first.',
  nobodyToAcknowledge: 'Nobody to acknowledge.',
  selectOneRowToEdit: 'Select exactly one row to edit.',
  selectionMixesStates: 'The selection mixes active and inactive rows: select rows of one status.',
  masterApproverSaved: 'Master approver saved',
  masterApproverUpdated: 'Master approver updated',
  masterApproverDeleted: 'Master approver deleted',
  masterApproversReassigned: 'Master approvers reassigned',
  confirmDeleteMasterApprover: (count: number) =>
    `Are you sure you want to delete ${count === 1 ? 'this master approver assignment' : `these ${count} master approver assignments`}? This cannot be undone.`,
  statusDirectoryDisabled: 'Directory account disabled',
  statusProfileDeactivated: 'UAP profile deactivated',
  leaverCommentSaved: 'Comment saved successfully',
  leaverRecordsDeactivated: (requestIds: readonly number[]) =>
    requestIds.length === 1
      ? `Deactivation request #${requestIds[0]} was created and waits for approval.`
      : `Deactivation requests ${requestIds.map((id) => `#${id}`).join(', ')} were created and wait for approval.`,
  notALeaverRecord:
    'Only active records of users whose directory account is disabled can be deactivated here.',

  // Approve/Provision Assignments (ours, the spec shows no sentence)
  duplicateAssignment: (path: string) =>
    `An active assignment already covers ${path}. Modify that assignment or deactivate it first.`,
  duplicateAssignmentsInSelection:
    'Two of the selected assignments cover the same path; activate one of them.',
  assignmentPathNotFound:
    'The selected region, market, agency, practice, platform and client do not form a path.',
  assignmentUserNotFound: 'A selected person has no active UAP profile.',
  chooseRoleToReassign: 'Choose at least one role and the person who takes it over.',
  assignmentsDeleted: (count: number) => `${count} ${count === 1 ? 'assignment' : 'assignments'} deleted.`,
  assignmentSaved: 'Assignment saved.',
  assignmentsReassigned: (count: number) =>
    `${count} ${count === 1 ? 'assignment' : 'assignments'} reassigned.`,
  pendingWithoutPath: (count: number) =>
    `${count} pending ${count === 1 ? 'request' : 'requests'} will have no approval path and will go to the administrators. Continue?`,
  /** What a home task tile counts (`count` as the badge shows it, e.g. '50+'). */
  tileTaskCount: (count: string, badge: 'approvals' | 'provisioning' | 'accessReviews') =>
    `${count} ${badge === 'approvals' ? 'to approve' : badge === 'provisioning' ? 'to provision' : 'to review'}`,
  linesChangingHands: (count: number) =>
    `Saving gives ${count} waiting ${count === 1 ? 'line' : 'lines'} to a different approver or provisioner. Save anyway?`,
  assignmentNeedsProfile: (name: string) =>
    `${name} has not signed in to UAP yet and cannot be assigned until they have a profile.`,
  selectTwoAssignments: 'Select at least 2 assignments.',
  selectAssignment: 'Select an assignment first.',
  mixedAssignmentStates: 'The selection mixes active and inactive assignments.',
  confirmDeleteAssignments: (count: number) =>
    `Delete ${count} ${count === 1 ? 'assignment' : 'assignments'}? This cannot be undone.`,

  // Out of office and delegation, coverage (ours, the spec shows no sentence)
  onBehalfOf: (name: string) => `on behalf of ${name}`,
  actedOnBehalfOf: (actor: string, absent: string) => `${actor} on behalf of ${absent}`,
  absenceSaved: (delegate: string) => `Out of office saved: ${delegate} holds your tasks meanwhile.`,
  absenceSavedFor: (person: string, delegate: string) =>
    `Out of office saved: ${delegate} holds the tasks of ${person} meanwhile.`,
  absenceEnded: 'Out of office ended.',
  absenceNeedsDelegate: 'Search for and select the delegate first.',
  absenceDelegateIsSelf: 'Choose someone else as delegate: a person cannot stand in for themselves.',
  absenceDelegateNotEligible:
    'The delegate must be an active UAP approver, master approver, provisioner or administrator.',
  absenceEndsBeforeStart: 'The end of the absence must be after its start.',
  absenceEndsInPast: 'The end of the absence must be in the future.',
  absenceOverlaps: 'This absence overlaps another absence of the same person. End or change that one first.',
  absenceNotFound: 'The absence was not found.',
  absenceHeading: 'Out of office',
  absenceIntro:
    'While you are away, the delegate sees and acts on your approval and provisioning tasks; the history records that they acted on your behalf.',
  noAbsences: 'No absence planned.',
  noApprovalPathYet: 'No approval path yet: an administrator has been told',
  coverageNoPath: 'No approver',
  coverageNoProvisioner: 'No provisioner',

  // Modify an Existing Access: activating an agency-level record (spec 2 §5, verbatim around '...')
  activateAgencyWithoutAssets: (agency: string) =>
    `You have requested to activate an access to the agency ${agency} but no client assets inside. You must also either activate an existing record or submit a new request for asset access.`,

  // Master data requests marked done (ours, the spec shows no sentence)
  masterDataRequestDone: 'Request marked done.',
  masterDataItemNotFound: (type: string, id: number) => `There is no ${type} with id ${id}.`,
  masterDataRequestNotFound: 'The master data request was not found.',
  confirmActivateMasterData: (type: string, name: string) =>
    `Activate the ${type} '${name}'? It is offered in new requests again.`,
  confirmDeactivateMasterData: (type: string, name: string) =>
    `Deactivate the ${type} '${name}'? It disappears from new requests at once; existing records that use it keep it.`,
  deactivateInstead: 'Deactivate instead',
  platformReused: (name: string) =>
    `A platform named '${name}' already exists: saving offers it on this agency and practice with the asset types below.`,
  addNeedsParents: (levels: string) => `Choose the ${levels} above first: the new item goes under it.`,
  reassignNeedsOnePath: 'Select items of one platform and agency to reassign them together.',
  masterDataHistory: (type: string, name: string) => `History of ${type} '${name}'`,

  // Browser tab and keyboard (ours, the spec shows no sentence)
  documentTitle: (page: string) => `${page} — UAP`,
  skipToContent: 'Skip to main content',

  // Feedback on every action (ours, the spec shows no sentence)
  existingAccessIntro:
    'Before submitting a new request, check the pending and active access below, whoever requested it: the access may already exist or be on its way. A Record ID is a link when the access is completed and yours to modify (you hold it or requested it); the link opens it.',
  requestsSubmitted: (requestIds: readonly number[]) =>
    requestIds.length === 1
      ? `Request #${requestIds[0]} submitted.`
      : `Requests ${requestIds.map((id) => `#${id}`).join(', ')} submitted.`,
  viewInMyRequests: 'View in My Requests',
  /** The chip of My Requests opened on one request (?requestId=N): it shows that submission's lines. */
  myRequestsOfSubmission: (requestId: number) => `Submission of request #${requestId}`,
  nextNeedsManager: 'Search for and select the manager first.',
  /** Why the wizard's Next is greyed out: only what is still missing (the manager alone: nextNeedsManager). */
  nextNeeds: (missing: { fields: boolean; email: boolean; manager: boolean }) => {
    const steps = [
      missing.fields ? 'fill in every required field' : '',
      missing.email ? 'choose the email' : '',
      missing.manager ? 'select the manager' : '',
    ].filter((step) => step !== '');
    const list = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : (steps[0] ?? '');
    return `${list.charAt(0).toUpperCase()}${list.slice(1)} first.`;
  },
  addAccountNeedsClient: 'Choose the platform and the client first.',
  noClientsOnPath: (platform: string) =>
    `${platform} has no clients on this path yet, so only agency-level access can be requested here. To have a client added, send a Master Data Request.`,
  nothingToRequestOnPath: (platform: string) =>
    `${platform} has no clients and no agency-level asset type on this path yet, so nothing can be requested here. Send a Master Data Request to have them added.`,
  noAssetNamesForClient: (assetType: string) =>
    `No ${assetType} is set up for this client yet. Send a Master Data Request to have it added.`,
  openMasterDataRequest: 'Open Master Data Request',
  selectRequestsFirst: 'Select one or more requests first.',
  // The provisioner's words (spec 2): the request modal's Approve and Reject, the bulk modal's title.
  decideApprove: 'Approve',
  decideReject: 'Reject',
  actionOnSelectedRequests: 'Action on Selected Requests',
  provisionOnlyApproved:
    'Only Approved requests can be provisioned. Deselect the requests that are not in Approved status.',
  requestsDecided: (count: number, outcome: 'approved' | 'rejected' | 'provisioned') =>
    `${count} ${count === 1 ? 'request' : 'requests'} ${outcome}.`,
  // Follows the spec's 'requests sent for approval successfully.': adds only the number.
  changeRequestsCreated: (requestIds: readonly number[]) =>
    requestIds.length === 1
      ? `The change request is #${requestIds[0]}.`
      : `The change requests are ${requestIds.map((id) => `#${id}`).join(', ')}.`,

  // Database Manager (ours, the spec shows no sentence)
  textTooLong: (max: number) => `At most ${max} characters.`,
  tooManyClientCodes: (max: number) => `A client can have at most ${max} client codes.`,
  masterDataActivated: (type: string) => `${type} activated!`,
  masterDataDeactivated: (type: string) => `${type} deactivated!`,
  masterDataDeleted: (type: string) => `${type} deleted!`,
  masterDataInUse: (type: string, uses: { requests: number; assignments: number; items: number }) => {
    const parts = [
      uses.requests > 0
        ? `${uses.requests} ${uses.requests === 1 ? 'request or record' : 'requests and records'}`
        : '',
      uses.assignments > 0
        ? `${uses.assignments} ${uses.assignments === 1 ? 'approval assignment' : 'approval assignments'}`
        : '',
      uses.items > 0 ? `${uses.items} other master data ${uses.items === 1 ? 'item' : 'items'}` : '',
    ].filter((p) => p !== '');
    return `This ${type} cannot be deleted: ${parts.join(', ')} still use it. Deactivate it instead: it then disappears from new requests and existing records keep it.`;
  },
  masterDataExists: (type: string, name: string) => `A ${type} named '${name}' already exists here.`,
  masterDataWriteNotAllowed: (type: string) =>
    `Only a super administrator can add or change ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}.`,
  masterDataAddOutsideScope: (type: string, parent: string) =>
    `You can add a ${type} only under a ${parent} inside the regions and markets you administer.`,
  platformNotOnAgency: 'The selected agency does not offer this client’s platform.',
  clientOnOtherPlatform: 'The selected client is on another platform than this client asset.',
  assetTypeNotOfPlatform: 'The asset type does not belong to this platform.',
  platformLevelTypeNeedsBusinessAccess:
    'A platform user type without an asset type is only possible on a platform with business access.',
  clientCodeInUse: (code: string, requests: number) =>
    `The client code ${code} cannot be removed: ${requests} ${requests === 1 ? 'request or record uses' : 'requests and records use'} it. Deactivate it instead.`,

  // Administrators and super administrators (ours where the spec shows no sentence)
  adminNeedsUserRegionMarket: 'Choose a user, a region and a market.',
  superAdminNeedsUser: 'Choose a user.',
  adminDeleted: 'Admin deleted!',
  adminActivated: 'Admin activated!',
  adminDeactivated: 'Admin deactivated!',
  superAdminDeleted: 'Super Admin deleted!',
  superAdminActivated: 'Super Admin activated!',
  superAdminDeactivated: 'Super Admin deactivated!',
  adminExists: 'This user is already an administrator of this region and market.',
  superAdminExists: 'This user is already a super administrator.',
  adminMarketNotInRegion: 'The selected market is not in the selected region.',
  adminNothingChanged: 'Change the user, the region or the market first.',
  adminUserInactive: 'This user cannot be appointed: the profile or the directory account is inactive.',
  adminUserIsAuditor: 'The auditor cannot be appointed: the auditor role is read-only.',
  lastSuperAdmin: 'The last active super administrator cannot be deleted or deactivated.',
  confirmDeleteAdmin: 'Are you sure you want to delete this administrator?',
  confirmDeleteSuperAdmin: 'Are you sure you want to delete this super administrator?',
  confirmActivateAdmin: (isActivating: boolean) =>
    `Are you sure you want to ${isActivating ? 'activate' : 'deactivate'} this administrator?`,
  confirmActivateSuperAdmin: (isActivating: boolean) =>
    `Are you sure you want to ${isActivating ? 'activate' : 'deactivate'} this super administrator?`,
  // All User Profiles (ours where the spec shows no sentence)
  profileNotEditable: 'A merged profile is edited through the profile it was merged into.',
  profileDeleteNotAllowed: 'Only a Standard User whose profile is not merged can be deleted.',
  profileDeleted: 'The user profile was deleted.',
  profileNoDirectoryEntry: 'This profile has no directory entry to sync from.',
  syncTickAField: 'Tick at least one field to sync.',
  profileChangeAField: 'Change at least one field first.',
  profileNothingChanged: 'Nothing was changed.',
  primaryEmailTaken: (email: string) => `${email} is already the primary email of another user.`,
  profileEditAdminsOnly: 'Only an administrator can change another user’s profile.',
  profileAddInternalHint: 'An internal user: the primary email must be one active directory account’s.',
  profileAddExternalHint: 'A client or vendor user outside the directory.',
  // Profile merges, Profile Matcher, Status of Users (ours where the spec shows no sentence)
  mergeIntoSelf: 'A profile cannot be merged into itself.',
  mergeParentIsChild: 'The chosen UAP Id is itself merged into another profile: choose its parent instead.',
  mergeChildHasChildren:
    'This profile has merged profiles of its own: unmerge them first, or merge them into the new parent one by one.',
  mergeAlreadyMerged: 'This profile is already merged into another profile: unmerge it first.',
  profileMerged: (parentUserId: number) => `The profile was merged into UAP Id ${parentUserId}.`,
  unmergeOnlyParent: 'The parent profile cannot be unmerged: select one or more merged profiles.',
  unmergeSelectFirst: 'Select one or more merged profiles first.',
  acknowledgeSelectFirst: 'Select one or more open profiles first.',
  profilesUnmerged: (count: number) => `${count} profile(s) unmerged.`,
  mergeOutsideScope: (userId: number) =>
    `UAP Id ${userId} has requests, assignments or approver rows outside your regions and markets, so only a super administrator can merge or unmerge it.`,
  historyAuthorMerged: (name: string, parentName: string) => `${name} (merged into ${parentName})`,
  mergeSuperAdminOnly: (userId: number) =>
    `UAP Id ${userId} is an administrator, auditor or super administrator, so only a super administrator can merge or unmerge it.`,
  profileMatcherStatusLine: (started: string, ended: string) =>
    `Last Profile Matcher job started on ${started} and completed on ${ended}`,
  profileMatcherRunning: (started: string) => `Profile Matcher job started on ${started} is running…`,
  proposalAccepted: 'The proposed merge was done.',
  proposalDismissed: 'The proposal was dismissed.',
  proposalGone: 'This proposal was already accepted or dismissed.',
  userStatusReportDone: 'The user status report is up to date.',
  // The web side of merges (ours where the spec shows no sentence)
  profileMatcherFailed: (started: string, ended: string) =>
    `Last Profile Matcher job started on ${started} failed on ${ended}.`,
  mergeChooseUapId: 'Enter the UAP Id to merge this profile into, or search for the person.',
  mergeConfirm: (userId: number, parentUserId: number) =>
    `Merge UAP Id ${userId} into UAP Id ${parentUserId}? Its requests, records and assignments move to UAP Id ${parentUserId}; the request history keeps its name.`,
  noMergeProposals: 'The Profile Matcher proposes no merges.',
  noStatusChanges: 'No directory changes to acknowledge.',
  mergedIntoMark: (parentUserId: number) => `Merged into UAP Id ${parentUserId}`,
  parentProfileMark: 'Parent profile',
  // The user-details popup (spec 3 §2.15 shows no sentence)
  userPopupChoose: 'Choose a person to see their details.',
  userPopupNoMatch: 'No profile matches this search.',
  userPopupDeleted: 'This profile is deleted: nothing can be merged into it.',
  userPopupNoAdditionalEmails: 'No additional emails.',
  userPopupMoreEmails: (count: number) => `${count} more not shown.`,
  userPopupTypeMore: 'Type 2 or more characters to search.',
  // Reports (ours, the spec shows no sentence)
  reportNoLines: 'No requests in this date range.',
  reportsEmbedTitle: 'Reports',
  // Agency Platform Scorecards (ours, the spec shows no sentence)
  scorecardsNotYours:
    'Scorecards are for administrators and for master approvers of the Social or Search practice.',
  scorecardNotYours: (title: string, practice: string) =>
    `The ${title} scorecard is for administrators and for master approvers of the ${practice} practice.`,
  scorecardHasNoData: 'No agency has access or requests on this platform yet.',
  // Master data spreadsheet upload (ours, the spec only says 'Upload accepts .xlsx only.')
  masterDataUploadXlsxOnly:
    'Upload accepts .xlsx only. Save the workbook as an Excel Workbook (.xlsx) and try again.',
  masterDataUploadNoFile: 'Choose an .xlsx file first.',
  masterDataUploadTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  masterDataUploadUnpackedTooLarge: (megabytes: number) =>
    `The workbook unpacks to more than ${megabytes} MB; it was refused without being unpacked.`,
  masterDataUploadNotWorkbook: 'The file is not a readable .xlsx workbook.',
  masterDataUploadTooManyRows: (max: number) =>
    `The workbook has more than ${max} rows. Split it into smaller files.`,
  masterDataUploadNoRows: 'The workbook has no rows to process.',
  masterDataUploadTooManySheets: (max: number) =>
    `The workbook has more than ${max} sheets. Keep one sheet per type, as in the template.`,
  masterDataUploadRepeatedSheet: (sheet: string) =>
    `The workbook lists the sheet '${sheet}' more than once. Keep one sheet per type, as in the template.`,
  masterDataUploadUnknownSheet: (sheet: string) =>
    `The sheet '${sheet}' is not a master data type. Name each sheet as in the template.`,
  masterDataUploadMissingColumns: (sheet: string, columns: readonly string[]) =>
    `The sheet '${sheet}' lacks the column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}.`,
  masterDataUploadYesNo: (column: string) => `${column} must be Yes or No.`,
  masterDataUploadNotFound: (type: string, name: string) => `${type} '${name}' not found here.`,
  masterDataUploadApplied: (o: { created: number; updated: number; unchanged: number }) =>
    `File processed: ${o.created} created, ${o.updated} updated, ${o.unchanged} unchanged.`,
  masterDataUploadRolledBack: (refused: number) =>
    `${refused} ${refused === 1 ? 'row was' : 'rows were'} refused, so nothing was changed. Fix ${refused === 1 ? 'it' : 'them'} and process the file again.`,
  // Notifications (ours, the spec shows no sentence)
  notificationText: (
    event: string,
    o: {
      requestId: number;
      platform: string;
      subject: string;
      actor: string;
      isMine: boolean;
      /** Reminders and escalations: what the line waits for. */
      task?: 'approval' | 'provisioning';
      /** The line's end date (MM-DD-YYYY), for the expiry events. */
      endDate?: string;
      /** Escalations: how many times its service level the line has waited (2 or 3). */
      times?: number;
      /** Rejections: the comment the approver or provisioner gave. */
      comment?: string;
      /** An external guest, who never signs in: nothing asks them to act in the portal. */
      isGuest?: boolean;
    },
  ) => {
    const what = `${o.isMine ? 'Your request' : 'Request'} #${o.requestId} (${o.platform}, for ${o.subject})`;
    switch (event) {
      case 'submitted':
        return `${what} waits for your approval.`;
      case 'approved':
        return o.isMine
          ? `${what} was approved by ${o.actor}.`
          : `${what} was approved and waits for provisioning.`;
      case 'rejected': {
        // One line of a mail or the bell: the comment's own line breaks are folded.
        const comment = o.comment?.replace(/\s+/g, ' ').trim();
        return `${what} was rejected by ${o.actor}.${comment ? ` Comment: ${comment}` : ''}`;
      }
      case 'completed':
        return `${what} was completed by ${o.actor}.`;
      case 'cancelled':
        return `${what} was cancelled by ${o.actor}.`;
      case 'modified':
        return `${what} was modified by ${o.actor}, its approver.`;
      case 'noApprovalPath':
        return `${what} has no approval path: an administrator must decide it.`;
      case 'reminder':
        return `Reminder: ${what} has waited past its service level for your ${o.task ?? 'approval'}.`;
      case 'escalated':
        return o.times === 3
          ? `Escalated: ${what} has waited three times its service level for approval, and the master approvers of its path, told at twice the level, have not decided it. Please see that it is decided.`
          : `Escalated: ${what} has waited twice its service level for ${o.task ?? 'approval'}. Please see that it is decided.`;
      case 'expiring':
        return `${o.isMine ? 'Your access' : 'Access'} #${o.requestId} (${o.platform}, for ${o.subject}) ends on ${o.endDate ?? ''}. ${o.isGuest ? 'If you still need it, ask the person who requested it to extend it.' : 'Extend it if it is still needed.'}`;
      case 'expired':
        return o.isMine
          ? `Request #${o.requestId} (${o.platform}, for ${o.subject}) removes your access: it passed its end date ${o.endDate ?? ''}.`
          : `${what} removes access that passed its end date ${o.endDate ?? ''} and waits for provisioning.`;
      default:
        return `${what} changed.`;
    }
  },
  notificationMailSubject: (event: string, count: number, times?: number) => {
    const lines = count === 1 ? '1 request' : `${count} requests`;
    switch (event) {
      case 'submitted':
        return `UAP: ${lines} waiting for your approval`;
      case 'approved':
        return `UAP: ${lines} approved`;
      case 'rejected':
        return `UAP: ${lines} rejected`;
      case 'completed':
        return `UAP: ${lines} completed`;
      case 'cancelled':
        return `UAP: ${lines} cancelled`;
      case 'modified':
        return `UAP: ${lines} modified by an approver`;
      case 'noApprovalPath':
        return `UAP: ${lines} with no approval path`;
      case 'reminder':
        return `UAP reminder: ${lines} waiting past the service level`;
      case 'escalated':
        return `UAP escalation: ${lines} waiting ${times === 3 ? 'three times' : 'twice'} the service level`;
      case 'expiring':
        return `UAP: ${count === 1 ? '1 access ends' : `${count} accesses end`} soon`;
      case 'expired':
        return `UAP: ${count === 1 ? '1 access' : `${count} accesses`} expired, removal pending`;
      case 'reassigned':
        return `UAP: ${count === 1 ? '1 task' : `${count} tasks`} reassigned to you`;
      case 'accessReview':
        return `UAP access review: ${count === 1 ? '1 access' : `${count} accesses`} to review`;
      case 'auditChain':
        return 'UAP: the audit history is not what was written';
      default:
        return `UAP: ${lines} changed`;
    }
  },
  notificationMailGreeting: (name: string) => `Hello ${name},`,
  notificationMailOpen: 'Open it in the User Access Portal:',
  notificationMailExtend: 'Extend it in the User Access Portal:',
  /** The link of an 'expiring' notification in the bell. */
  notificationExtend: 'Extend',
  notificationMailFooter:
    'You get this email because of your part in these requests. Choose which emails you get on the Notification settings page of the portal.',
  notificationMailGuestFooter:
    'You get this email because access to a platform was requested for you. The person who requested it can answer your questions.',
  notificationEventNames: {
    submitted: 'A request waits for my approval',
    approved: 'A request is approved',
    rejected: 'A request is rejected',
    completed: 'A request is completed',
    cancelled: 'A request is cancelled',
    modified: 'An approver modified my request',
    noApprovalPath: 'A request has no approval path (administrators)',
    reminder: 'A task of mine waits past its service level (reminder)',
    escalated: 'A task in my path or scope waits twice or three times its service level (escalation)',
    expiring: 'Access I hold or requested ends soon (Extend)',
    expired: 'Access passed its end date and is being removed',
    reassigned: 'Approval paths with waiting tasks are reassigned to me',
    accessReview: 'An access review asks me to review access',
    auditChain: 'The audit history is not what was written (super administrators)',
  } as Record<string, string>,
  /** Approve/Provision Assignments reassigned paths to the recipient: the tasks now theirs. */
  tasksReassignedText: (o: { actor: string; approvals: number; provisioning: number }) => {
    const count = (n: number) => (n === 1 ? '1 request now waits' : `${n} requests now wait`);
    const parts = [
      ...(o.approvals > 0 ? [`${count(o.approvals)} for your approval (My Approval Tasks)`] : []),
      ...(o.provisioning > 0
        ? [`${count(o.provisioning)} for your provisioning (My Provisioning Tasks)`]
        : []),
    ];
    return `${o.actor || 'An administrator'} reassigned approval paths to you: ${parts.join(' and ')}.`;
  },
  tasksReassignedRequests: (ids: readonly number[], more: number) =>
    `Requests ${ids.map((id) => `#${id}`).join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
  notificationsMarkedRead: 'Notifications marked as read.',
  notificationSettingsSaved: 'Notification settings saved.',
  notificationsNone: 'No notifications yet.',
  // The bell's name holds the number its badge shows (the badge stops at '99+').
  notificationsBell: (unread: number) =>
    unread === 0
      ? 'Notifications, none unread'
      : unread > 99
        ? 'Notifications, more than 99 unread'
        : `Notifications, ${unread} unread`,
  // Access reviews (issue 46; our own sentences)
  accessReviewNameRequired: 'Give the campaign a name.',
  accessReviewNameTooLong: (max: number) => `A campaign's name has at most ${max} characters.`,
  accessReviewSelectItems: 'Select the items to decide first.',
  accessReviewNotFound: 'The campaign was not found.',
  accessReviewNotDraft: 'Only a draft campaign can be changed or started.',
  accessReviewNotActive: 'Only an active campaign can be closed.',
  accessReviewNotCancellable: 'Only a draft or active campaign can be cancelled.',
  accessReviewScopeEmpty: "The campaign's scope matches no active access.",
  accessReviewScopeNeedsPlace:
    'Name at least one region or market of your administrator rows: only a super administrator may review everything.',
  accessReviewScopeOutsideRows:
    'The scope names a region or market outside your administrator rows: only a super administrator may review it.',
  accessReviewReviewerUnknown: 'The named reviewer was not found.',
  accessReviewDueDatePast: 'The due date cannot be in the past.',
  accessReviewItemNotFound: 'One of the items was not found, or it is not yours to review.',
  accessReviewItemDecided: 'This item has already been decided.',
  accessReviewCampaignClosed: 'The campaign of this item is no longer active.',
  accessReviewCommentRequired: 'A comment is required to revoke access.',
  accessReviewPendingChange:
    'This access already has an approved change waiting for provisioning: decide it once that change is done.',
  accessReviewRecordEnded:
    'This access has ended since the campaign started: there is nothing left to decide.',
  accessReviewsDecided: (count: number) => (count === 1 ? '1 item decided.' : `${count} items decided.`),
  accessReviewStarted: (count: number) =>
    count === 1
      ? 'The campaign started with 1 item to review.'
      : `The campaign started with ${count} items to review.`,
  accessReviewSaved: 'The campaign is saved.',
  accessReviewClosed: 'The campaign is closed.',
  accessReviewCancelled: 'The campaign is cancelled.',
  accessReviewStateToReview: 'To review',
  accessReviewStateKept: 'Kept',
  accessReviewStateRevokeWaiting: 'Revoked — waiting for provisioning',
  accessReviewStateRevoked: 'Revoked',
  accessReviewStateRevokeStopped: 'Revoke stopped — the deactivation was rejected or cancelled',
  accessReviewStateChanged: 'Changed during the review',
  accessReviewStateEnded: 'Ended during the review',
  accessReviewEverything: 'Everything',
  accessReviewInternalUsers: 'Internal users',
  accessReviewExternalUsers: 'External users',
  accessReviewHeldOver: (days: number) => `Held over ${days} days`,
  accessReviewAdministrators: 'The administrators',
  accessReviewSystem: 'UAP (the campaign closed)',
  accessReviewDefaultComment: "Decided by the campaign's default when it closed.",
  accessReviewEvidenceTitle: (name: string) => `Access review evidence: ${name}`,
  accessReviewEvidenceScope: (scope: string) => `Scope: ${scope}`,
  accessReviewEvidenceStatus: (status: string, dueDate: string) => `Status: ${status}. Due date: ${dueDate}.`,
  accessReviewEvidenceCounts: (c: { items: number; kept: number; revoked: number; undecided: number }) =>
    `Items: ${c.items}. Kept: ${c.kept}. Revoked: ${c.revoked}. Undecided: ${c.undecided}.`,
  accessReviewEvidenceGenerated: (at: string, zone: string) =>
    `Generated ${at} (times in ${zone}). Items highest id first.`,
  accessReviewEvidenceRecord: (recordId: number) => `Record ${recordId}`,
  accessReviewEvidenceRevokeLine: (requestId: number) => `Deactivate #${requestId}`,
  accessReviewHandedToAdministrators: (count: number) =>
    count === 1
      ? 'The campaign stays open: 1 undecided item now waits for the administrators.'
      : `The campaign stays open: ${count} undecided items now wait for the administrators.`,
  accessReviewNotificationText: (campaign: string, count: number, dueDate: string) =>
    `The access review '${campaign}' asks you to review ${count === 1 ? '1 access' : `${count} accesses`} by ${dueDate} (My Access Reviews).`,
  accessReviewReminderText: (campaign: string, count: number, dueDate: string) =>
    `Reminder: the access review '${campaign}' still asks you to review ${count === 1 ? '1 access' : `${count} accesses`} by ${dueDate} (My Access Reviews).`,
  /** To a campaign's creator once its due date passed: what became of the undecided items. */
  accessReviewPastDueText: (
    campaign: string,
    count: number,
    outcome: 'keep' | 'revoke' | 'administrators',
  ) => {
    const items = count === 1 ? '1 undecided access was' : `${count} undecided accesses were`;
    const what = { keep: 'kept', revoke: 'revoked', administrators: 'handed to the administrators' }[outcome];
    return `The access review '${campaign}' passed its due date: ${items} ${what} (Access Reviews).`;
  },
  // Access reviews' screens (issue 46; our own sentences)
  noAccessReviewItems: 'Nothing to review: no active campaign asks you about any access.',
  noAccessReviews: 'No campaign yet.',
  // The campaign page (issue 46 item 5)
  noAccessReviewReviewers: 'No reviewer yet: the campaign has no items until it starts.',
  accessReviewOverdue: 'Overdue',
  accessReviewBackToCampaigns: 'Back to Access Reviews',
  accessReviewProgressLabel: (name: string) => `Progress, campaign ${name}`,
  accessReviewProgressChart: (name: string) => `Progress of ${name}: items kept, revoked and undecided`,
  accessReviewProgressSummary: (o: {
    itemCount: number;
    decidedCount: number;
    keptCount: number;
    revokedCount: number;
    undecidedCount: number;
  }) =>
    `${o.decidedCount} of ${o.itemCount} ${o.itemCount === 1 ? 'item' : 'items'} decided (${
      o.itemCount === 0 ? 0 : Math.floor((o.decidedCount / o.itemCount) * 100)
    }%): ${o.keptCount} kept, ${o.revokedCount} revoked; ${o.undecidedCount} undecided.`,
  accessReviewDueLine: (dueDate: string, status: string, isPastDue: boolean) =>
    `Due ${dueDate}${isPastDue ? ' (passed)' : ''} · ${status}`,
  accessReviewChooseReviewer: 'Choose the person who reviews, or another reviewer rule.',
  accessReviewActiveDays: 'Enter a whole number of days, 1 or more, or leave it empty.',
  accessReviewStartQuestion: (name: string) =>
    `Start '${name}'? Every active access in its scope becomes an item, and each reviewer is asked to decide theirs. The scope cannot be changed afterwards.`,
  accessReviewCloseQuestion: (name: string) =>
    `Close '${name}'? Items nobody decided get the campaign's default now.`,
  accessReviewCancelQuestion: (name: string) =>
    `Cancel '${name}'? Undecided items are never applied; decisions already made stay.`,
  accessReviewKeepIntro: (count: number) =>
    count === 1 ? 'The access below will be kept.' : `The ${count} accesses below will be kept.`,
  accessReviewRevokeIntro: (count: number) =>
    count === 1
      ? 'The access below will be removed: a deactivation goes to the provisioners.'
      : `The ${count} accesses below will be removed: a deactivation of each goes to the provisioners.`,
} as const;

export type MessageKey = keyof typeof messages;
