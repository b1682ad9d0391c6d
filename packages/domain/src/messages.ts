/**
 * Every user-facing sentence of the spec, verbatim (typos included). Code refers to these
 * keys and never retypes a sentence.
 */
export const messages = {
  // Shell and guard
  forbidden: 'Forbidden!',
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
  recordNotFound: 'The record was not found.',
  somethingWentWrong: 'Something went wrong.!',
  invalidInput: 'The request is not valid.',
  serverError: 'An unexpected error occurred. Please try again later.',

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

  // Approval and provisioning (spec 2)
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
  bulkRejectExpiredTooltip:
    'Expired requests with different lengths of access cannot be rejected for deactivation and must be addressed individually.',
  noApprovalPath: 'No approval path',

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
} as const;

export type MessageKey = keyof typeof messages;
