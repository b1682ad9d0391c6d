import { describe, expect, it } from 'vitest';
import { Role, roleIds, type RoleId } from './roles.ts';
import { messages } from './messages.ts';
import { badgeText, homeTiles, routeEntryOf, routeTable, visibleMenuItems } from './navigation.ts';

const menu = (roleId: RoleId, showApprover = false) =>
  visibleMenuItems({ roleId, showApprover }).map((m) => m.label);
const everyone = [
  'Home',
  'Create a New Access Request',
  'Modify an Existing Access',
  'My Requests',
  'Master Data Request',
  'My Access Reviews',
  'Notification Settings',
  'Learning Resource Center',
  "What's Included?",
  'Newsletter',
  'Contact Us',
];
const adminItems = [
  'Approve/Provision Assignments',
  'Master Approver Assignments',
  'Leavers User Records',
  'All User Profiles',
  'Administrators',
  'Database Manager',
  'Audit Reports',
  'Tableau Reporting',
  'Bulk Upload',
  'Token',
  'Access Reviews',
];

describe('menu visibility (spec 1 §6)', () => {
  it('shows a standard user only the common items', () => {
    expect(menu(Role.STANDARD)).toEqual(everyone);
  });
  it('shows approval tasks from role 2 but not to a provisioner', () => {
    expect(menu(Role.APPROVER)).toContain('My Approval Tasks');
    expect(menu(Role.APPROVER)).toContain('My Archive Approvals');
    expect(menu(Role.PROVISIONER)).not.toContain('My Approval Tasks');
    expect(menu(Role.ADMIN)).toContain('My Approval Tasks');
  });
  it('shows the tracker and provisioning from role 4', () => {
    for (const label of ['Request Tracker', 'My Provisioning Tasks', 'My Archive Provisionings']) {
      expect(menu(Role.MASTERAPPROVER)).not.toContain(label);
      expect(menu(Role.PROVISIONER)).toContain(label);
      expect(menu(Role.AUDITOR)).toContain(label);
    }
  });
  it('shows administration from role 5 and super admins from role 8', () => {
    for (const label of adminItems) {
      expect(menu(Role.PROVISIONER)).not.toContain(label);
      expect(menu(Role.ADMIN)).toContain(label);
      expect(menu(Role.AUDITOR)).toContain(label);
    }
    expect(menu(Role.ADMIN)).not.toContain('Super Admins');
    expect(menu(Role.SUPERADMIN)).toContain('Super Admins');
    expect(menu(Role.ADMIN)).not.toContain('Jobs');
    expect(menu(Role.AUDITOR)).not.toContain('Jobs');
    expect(menu(Role.SUPERADMIN)).toContain('Jobs');
    expect(menu(Role.ADMIN)).not.toContain('Sent Mail');
    expect(menu(Role.SUPERADMIN)).toContain('Sent Mail');
  });
  it('shows scorecards to admins, master approvers and the super admin only', () => {
    expect(menu(Role.ADMIN)).toContain('Scorecards');
    expect(menu(Role.MASTERAPPROVER)).toContain('Scorecards');
    expect(menu(Role.SUPERADMIN)).toContain('Scorecards');
    for (const roleId of [Role.STANDARD, Role.APPROVER, Role.PROVISIONER, Role.AUDITOR] as const) {
      expect(menu(roleId)).not.toContain('Scorecards');
    }
  });
  it('shows role details to approvers, provisioners and master approvers with showApprover', () => {
    expect(menu(Role.APPROVER)).toContain('My Role Details');
    expect(menu(Role.PROVISIONER)).toContain('My Role Details');
    expect(menu(Role.MASTERAPPROVER)).not.toContain('My Role Details');
    expect(menu(Role.MASTERAPPROVER, true)).toContain('My Role Details');
    expect(menu(Role.ADMIN)).not.toContain('My Role Details');
    expect(menu(Role.MASTERAPPROVER)).toContain('My Master Approver Role Details');
    expect(menu(Role.ADMIN)).not.toContain('My Master Approver Role Details');
  });
});

describe('every screen a role may open is in its menu or on its home', () => {
  // Screens a role passes the route guard of (its minimum level) but that hold another role's
  // work: the spec's menu leaves them out on purpose. A placeholder page is no screen to reach.
  const otherRolesWork: Partial<Record<RoleId, readonly string[]>> = {
    [Role.PROVISIONER]: ['/Approvals', '/ArchiveApprovals', '/MyMasterApprovalPath'],
    [Role.ADMIN]: ['/MyApprovalPaths', '/MyMasterApprovalPath'],
    [Role.AUDITOR]: ['/MyApprovalPaths', '/MyMasterApprovalPath'],
    [Role.SUPERADMIN]: ['/MyApprovalPaths', '/MyMasterApprovalPath'],
  };
  it.each(roleIds)('role %i', (roleId) => {
    for (const showApprover of [false, true]) {
      const user = { roleId, showApprover };
      const reachable = new Set([
        ...visibleMenuItems(user).map((m) => m.path),
        ...homeTiles(user).map((t) => t.path),
      ]);
      const opens = routeTable.filter(
        (r) =>
          !r.path.includes(':') &&
          r.path !== '/UnderConstruction' &&
          roleId >= r.minLevel &&
          (r.roles === undefined || r.roles.includes(roleId)) &&
          !(otherRolesWork[roleId] ?? []).includes(r.path) &&
          !(roleId === Role.MASTERAPPROVER && !showApprover && r.path === '/MyApprovalPaths'),
      );
      expect(opens.map((r) => r.path).filter((path) => !reachable.has(path))).toEqual([]);
    }
  });
});

describe('home tiles (spec 1 §2.2)', () => {
  const tiles = (roleId: RoleId, showApprover = false) =>
    homeTiles({ roleId, showApprover }).map((t) => t.label);
  it('gives everyone the request row', () => {
    for (const roleId of roleIds) {
      expect(tiles(roleId).slice(0, 3)).toEqual(['New Request', 'Modify Existing Access', 'My Requests']);
    }
  });
  it('gives a standard user Learning and What’s Included', () => {
    expect(tiles(Role.STANDARD).slice(3)).toEqual(['Learning Resource Center', "What's Included?"]);
  });
  it('gives an approver a task tile with an approvals badge and role details', () => {
    const approver = homeTiles({ roleId: Role.APPROVER, showApprover: false });
    expect(approver.find((t) => t.label === 'My Approval Tasks')?.badge).toBe('approvals');
    expect(tiles(Role.APPROVER)).toContain('My Role Details');
  });
  it('gives a provisioner a provisioning badge', () => {
    const tile = homeTiles({ roleId: Role.PROVISIONER, showApprover: false }).find((t) => t.badge);
    expect(tile).toMatchObject({ label: 'My Provisioning Tasks', badge: 'provisioning' });
  });
  it('gives a master approver the task tile, role details and scorecards', () => {
    expect(tiles(Role.MASTERAPPROVER)).toEqual(
      expect.arrayContaining(['My Approval Tasks', 'My Role Details', 'Scorecards']),
    );
  });
  it('gives an admin scorecards and both task lists', () => {
    expect(tiles(Role.ADMIN)).toEqual(
      expect.arrayContaining([
        'Scorecards',
        'My Approval Tasks',
        'My Provisioning Tasks',
        'Learning Resource Center',
        "What's Included?",
      ]),
    );
  });
});

describe('route table', () => {
  it('has the spec titles', () => {
    const title = (path: string) => routeTable.find((r) => r.path === path)?.title;
    expect(title('/Approvals')).toBe('My Approval Tasks');
    expect(title('/AgencyClients')).toBe("What's Included?");
    expect(title('/MasterData')).toBe('Database Manager');
    expect(title('/LandingReports')).toBe('Audit Reports');
    expect(title('/Upload')).toBe('Bulk Upload');
  });
  it('puts administration at level 5 and super admins at 8', () => {
    const level = (path: string) => routeTable.find((r) => r.path === path)?.minLevel;
    expect(level('/MasterData')).toBe(5);
    expect(level('/SuperAdministrators')).toBe(8);
    expect(level('/Approvals')).toBe(2);
    expect(level('/Provisioners')).toBe(4);
    expect(level('/Scorecards')).toBe(3);
  });
});

describe('badgeText', () => {
  it('caps at 50', () => {
    expect(badgeText(12)).toBe('12');
    expect(badgeText(50)).toBe('50');
    expect(badgeText(51)).toBe('50+');
  });
});

describe('documentTitle', () => {
  it('names the page, then the product, in the browser tab', () => {
    const tracker = routeTable.find((entry) => entry.path === '/AllRequest')!;
    expect(messages.documentTitle(tracker.title)).toBe('Request Tracker — UAP');
  });
});

// Agency Platform Scorecards
describe('the /Scorecards route', () => {
  it('admits administrators and master approvers only', () => {
    const entry = routeTable.find((e) => e.path === '/Scorecards')!;
    expect(entry.roles).toEqual([Role.MASTERAPPROVER, Role.ADMIN, Role.SUPERADMIN]);
    expect(entry.roles).not.toContain(Role.PROVISIONER);
    expect(entry.roles).not.toContain(Role.AUDITOR);
  });
});

describe("routeEntryOf (the pending screen's title)", () => {
  it('finds the entry of an address as the router matches it', () => {
    expect(routeEntryOf('/')?.title).toBe('Home');
    expect(routeEntryOf('/AllRequest')?.title).toBe('Request Tracker');
    expect(routeEntryOf('/allrequest/')?.path).toBe('/AllRequest');
    expect(routeEntryOf('/AllRequest/status/Submitted')?.path).toBe('/AllRequest/:filtercolumn/:filtervalue');
    expect(routeEntryOf('/UserLogs/42')?.title).toBe('User Profile Log');
  });

  it('finds nothing for an address outside the table', () => {
    expect(routeEntryOf('/AllRequest/status')).toBeNull();
    expect(routeEntryOf('/UserLogs')).toBeNull();
    expect(routeEntryOf('/no-such-screen')).toBeNull();
  });
});
