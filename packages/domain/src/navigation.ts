import { Level, Role, type RoleId } from './roles.ts';
import { messages } from './messages.ts';

/** What the shell knows of the signed-in user to decide menus and tiles. */
export interface ShellUser {
  roleId: RoleId;
  showApprover: boolean;
}

export interface RouteEntry {
  /** React Router pattern. */
  path: string;
  title: string;
  minLevel: number;
  /** Only these roles reach the route (on top of minLevel); absent: every role from minLevel. */
  roles?: readonly RoleId[];
}

/** Route table of spec 1 §2.1 and spec 3 §2, with the titles the spec gives. */
export const routeTable: readonly RouteEntry[] = [
  { path: '/', title: 'Home', minLevel: Level.standard },
  { path: '/NewRequest', title: 'New Platform Access Request', minLevel: Level.standard },
  { path: '/MyRequests', title: 'My Requests', minLevel: Level.standard },
  { path: '/ChangeUserRecords', title: 'Modify an Existing Access', minLevel: Level.standard },
  {
    path: '/ChangeUserRecords/:filtercolumn/:filtervalue',
    title: 'Modify an Existing Access',
    minLevel: Level.standard,
  },
  { path: '/MasterDataRequest', title: 'Master Data Request', minLevel: Level.standard },
  { path: '/LearningResourceCenter', title: 'Learning Resource Center', minLevel: Level.standard },
  { path: '/AgencyClients', title: "What's Included?", minLevel: Level.standard },
  { path: '/Contact', title: 'Contact Us', minLevel: Level.standard },
  { path: '/NewsLetter', title: 'Newsletter', minLevel: Level.standard },
  { path: '/UnderConstruction', title: 'Under Construction', minLevel: Level.standard },
  { path: '/Approvals', title: 'My Approval Tasks', minLevel: Level.approver },
  { path: '/ArchiveApprovals', title: 'My Archive Approvals', minLevel: Level.approver },
  { path: '/MyApprovalPaths', title: messages.approverRoleDetails, minLevel: Level.approver },
  { path: '/Provisioners', title: 'My Provisioning Tasks', minLevel: Level.provisioner },
  { path: '/ArchiveProvisioners', title: 'My Archive Provisionings', minLevel: Level.provisioner },
  { path: '/AllRequest', title: 'Request Tracker', minLevel: Level.provisioner },
  { path: '/AllRequest/:filtercolumn/:filtervalue', title: 'Request Tracker', minLevel: Level.provisioner },
  { path: '/Logs/:logId', title: 'Activity Log', minLevel: Level.provisioner },
  {
    path: '/Scorecards',
    title: 'Agency Platform Scorecards',
    minLevel: Level.masterApprover,
    // Agency Platform Scorecards: administrators and master approvers only.
    roles: [Role.MASTERAPPROVER, Role.ADMIN, Role.SUPERADMIN],
  },
  { path: '/MyMasterApprovalPath', title: 'My Master Approver Role Details', minLevel: Level.masterApprover },
  { path: '/Approvers', title: 'Approve/Provision Assignments', minLevel: Level.admin },
  { path: '/MasterApprovers', title: 'Master Approver Assignments', minLevel: Level.admin },
  { path: '/LeaversUserRecords', title: 'Leavers User Records', minLevel: Level.admin },
  { path: '/AllUserProfiles', title: 'All User Profiles', minLevel: Level.admin },
  { path: '/Administrators', title: 'Administrators', minLevel: Level.admin },
  { path: '/MasterData', title: 'Database Manager', minLevel: Level.admin },
  { path: '/Upload', title: 'Bulk Upload', minLevel: Level.admin },
  { path: '/Reports', title: 'Reports', minLevel: Level.admin },
  { path: '/LandingReports', title: 'Audit Reports', minLevel: Level.admin },
  { path: '/Token', title: 'Token', minLevel: Level.admin },
  { path: '/UserLogs/:userId', title: 'User Profile Log', minLevel: Level.admin },
  { path: '/LogUserAditionalEmail/:userid', title: 'Secondary Email Log', minLevel: Level.admin },
  { path: '/ParentGUIDLogs/:parentGuid', title: 'ParentGUID Log', minLevel: Level.admin },
  { path: '/UserDetailsList/:userId', title: 'User Details List', minLevel: Level.admin },
  { path: '/SuperAdministrators', title: 'Super Administrators', minLevel: Level.superAdmin },
  { path: '/Jobs', title: 'Jobs', minLevel: Level.superAdmin },
  { path: '/NotificationSettings', title: 'Notification Settings', minLevel: Level.standard },
  { path: '/SentMail', title: 'Sent Mail', minLevel: Level.superAdmin },
  { path: '/AccessReviews', title: 'Access Reviews', minLevel: Level.admin },
  { path: '/AccessBundles', title: 'Access Bundles', minLevel: Level.admin },
  { path: '/AccessReviews/:reviewId', title: 'Access Review Progress', minLevel: Level.admin },
  { path: '/MyAccessReviews', title: 'My Access Reviews', minLevel: Level.standard },
];

/** A route's title for this user: /MyApprovalPaths names the roles the user holds (spec 1 §2.1). */
export function routeTitle(entry: RouteEntry, user: ShellUser): string {
  if (entry.path !== '/MyApprovalPaths') {
    return entry.title;
  }
  if (user.roleId === Role.PROVISIONER) {
    return messages.provisionerRoleDetails;
  }
  if (user.roleId === Role.MASTERAPPROVER && user.showApprover) {
    return messages.approverProvisionerRoleDetails;
  }
  return messages.approverRoleDetails;
}

export interface MenuItem {
  label: string;
  path: string;
  isVisible: (user: ShellUser) => boolean;
}

const everyone = () => true;
const atLeast = (level: number) => (user: ShellUser) => user.roleId >= level;

/** Menu visibility of spec 1 §6, on numeric role ids. */
export const menuItems: readonly MenuItem[] = [
  { label: 'Home', path: '/', isVisible: everyone },
  { label: 'Create a New Access Request', path: '/NewRequest', isVisible: everyone },
  { label: 'Modify an Existing Access', path: '/ChangeUserRecords', isVisible: everyone },
  { label: 'My Requests', path: '/MyRequests', isVisible: everyone },
  { label: 'Master Data Request', path: '/MasterDataRequest', isVisible: everyone },
  {
    label: 'My Approval Tasks',
    path: '/Approvals',
    isVisible: (u) => u.roleId >= Role.APPROVER && u.roleId !== Role.PROVISIONER,
  },
  {
    label: 'My Archive Approvals',
    path: '/ArchiveApprovals',
    isVisible: (u) => u.roleId >= Role.APPROVER && u.roleId !== Role.PROVISIONER,
  },
  { label: 'Request Tracker', path: '/AllRequest', isVisible: atLeast(Role.PROVISIONER) },
  { label: 'My Provisioning Tasks', path: '/Provisioners', isVisible: atLeast(Role.PROVISIONER) },
  { label: 'My Archive Provisionings', path: '/ArchiveProvisioners', isVisible: atLeast(Role.PROVISIONER) },
  { label: 'My Role Details', path: '/MyApprovalPaths', isVisible: canSeeRoleDetails },
  {
    label: 'My Master Approver Role Details',
    path: '/MyMasterApprovalPath',
    isVisible: (u) => u.roleId === Role.MASTERAPPROVER,
  },
  { label: 'Scorecards', path: '/Scorecards', isVisible: canSeeScorecards },
  { label: 'Approve/Provision Assignments', path: '/Approvers', isVisible: atLeast(Role.ADMIN) },
  { label: 'Master Approver Assignments', path: '/MasterApprovers', isVisible: atLeast(Role.ADMIN) },
  { label: 'Leavers User Records', path: '/LeaversUserRecords', isVisible: atLeast(Role.ADMIN) },
  { label: 'All User Profiles', path: '/AllUserProfiles', isVisible: atLeast(Role.ADMIN) },
  { label: 'Administrators', path: '/Administrators', isVisible: atLeast(Role.ADMIN) },
  { label: 'Super Admins', path: '/SuperAdministrators', isVisible: atLeast(Role.SUPERADMIN) },
  { label: 'Jobs', path: '/Jobs', isVisible: atLeast(Role.SUPERADMIN) },
  { label: 'Sent Mail', path: '/SentMail', isVisible: atLeast(Role.SUPERADMIN) },
  { label: 'Database Manager', path: '/MasterData', isVisible: atLeast(Role.ADMIN) },
  { label: 'Audit Reports', path: '/LandingReports', isVisible: atLeast(Role.ADMIN) },
  { label: 'Tableau Reporting', path: '/Reports', isVisible: atLeast(Role.ADMIN) },
  { label: 'Bulk Upload', path: '/Upload', isVisible: atLeast(Role.ADMIN) },
  { label: 'Token', path: '/Token', isVisible: atLeast(Role.ADMIN) },
  { label: 'Access Reviews', path: '/AccessReviews', isVisible: atLeast(Role.ADMIN) },
  { label: 'Access Bundles', path: '/AccessBundles', isVisible: atLeast(Role.ADMIN) },
  { label: 'My Access Reviews', path: '/MyAccessReviews', isVisible: everyone },
  { label: 'Notification Settings', path: '/NotificationSettings', isVisible: everyone },
  { label: 'Learning Resource Center', path: '/LearningResourceCenter', isVisible: everyone },
  { label: "What's Included?", path: '/AgencyClients', isVisible: everyone },
  { label: 'Newsletter', path: '/NewsLetter', isVisible: everyone },
  { label: 'Contact Us', path: '/Contact', isVisible: everyone },
];

/** Role details: approver or provisioner, or a master approver with showApprover set. */
export function canSeeRoleDetails(user: ShellUser): boolean {
  return (
    user.roleId === Role.APPROVER ||
    user.roleId === Role.PROVISIONER ||
    (user.roleId === Role.MASTERAPPROVER && user.showApprover)
  );
}

/**
 * Scorecards: ADMIN or MASTERAPPROVER (spec 1 §6), and the super administrator, whom the route
 * lets in too: a screen a role may open is in its menu.
 */
export function canSeeScorecards(user: ShellUser): boolean {
  return user.roleId === Role.ADMIN || user.roleId === Role.MASTERAPPROVER || user.roleId === Role.SUPERADMIN;
}

export function visibleMenuItems(user: ShellUser): MenuItem[] {
  return menuItems.filter((item) => item.isVisible(user));
}

export type TileBadge = 'approvals' | 'provisioning' | 'accessReviews';

export interface HomeTile {
  label: string;
  path: string;
  badge?: TileBadge;
}

const tiles = {
  newRequest: { label: 'New Request', path: '/NewRequest' },
  modify: { label: 'Modify Existing Access', path: '/ChangeUserRecords' },
  myRequests: { label: 'My Requests', path: '/MyRequests' },
  learning: { label: 'Learning Resource Center', path: '/LearningResourceCenter' },
  included: { label: "What's Included?", path: '/AgencyClients' },
  scorecards: { label: 'Scorecards', path: '/Scorecards' },
  approvalTasks: { label: 'My Approval Tasks', path: '/Approvals', badge: 'approvals' },
  provisioningTasks: { label: 'My Provisioning Tasks', path: '/Provisioners', badge: 'provisioning' },
  roleDetails: { label: 'My Role Details', path: '/MyApprovalPaths' },
  masterRoleDetails: { label: 'My Role Details', path: '/MyMasterApprovalPath' },
} satisfies Record<string, HomeTile>;

/**
 * My Access Reviews' tile (issue 46): anyone may be asked to review, so the Home shows it beside
 * the role's tiles while the caller has items to decide (`TaskCounts.accessReviews` > 0, its badge).
 */
export const accessReviewsTile: HomeTile = {
  label: 'My Access Reviews',
  path: '/MyAccessReviews',
  badge: 'accessReviews',
};

/**
 * Home tiles by role (spec 1 §2.2): everybody's request row, then the role's own tiles.
 * Admins (and super admins) load both task lists, so they get both task tiles.
 */
export function homeTiles(user: ShellUser): HomeTile[] {
  const base: HomeTile[] = [tiles.newRequest, tiles.modify, tiles.myRequests];
  switch (user.roleId) {
    case Role.STANDARD:
    case Role.AUDITOR:
      return [...base, tiles.learning, tiles.included];
    case Role.APPROVER:
      return [...base, tiles.approvalTasks, tiles.roleDetails, tiles.learning, tiles.included];
    case Role.PROVISIONER:
      return [...base, tiles.provisioningTasks, tiles.roleDetails, tiles.learning, tiles.included];
    case Role.MASTERAPPROVER:
      return [
        ...base,
        tiles.approvalTasks,
        user.showApprover ? tiles.roleDetails : tiles.masterRoleDetails,
        tiles.scorecards,
        tiles.learning,
        tiles.included,
      ];
    case Role.ADMIN:
      return [
        ...base,
        tiles.approvalTasks,
        tiles.provisioningTasks,
        tiles.scorecards,
        tiles.learning,
        tiles.included,
      ];
    case Role.SUPERADMIN:
      return [...base, tiles.approvalTasks, tiles.provisioningTasks, tiles.learning, tiles.included];
  }
}

/** Badge text: counts above the maximum show as the maximum with a plus. */
export function badgeText(count: number, max = 50): string {
  return count > max ? `${max}+` : String(count);
}

/**
 * The route table's entry an address opens (first match, as the router's table is ordered):
 * a pattern's `:name` segment matches one segment, letters in any case, a trailing slash
 * ignored. The pending screen, drawn before the router runs (by the server, then by the SPA),
 * shows its title.
 */
export function routeEntryOf(pathname: string): RouteEntry | null {
  const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');
  const parts = segmentsOf(pathname);
  return (
    routeTable.find((entry) => {
      const pattern = segmentsOf(entry.path);
      return (
        pattern.length === parts.length &&
        pattern.every((p, i) => (p.startsWith(':') ? true : p.toLowerCase() === parts[i]!.toLowerCase()))
      );
    }) ?? null
  );
}
