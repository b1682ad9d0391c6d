import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { DAY, insertRows } from './batch.ts';
import type { Catalog, CatalogPath } from './catalog.ts';
import { demoEmails, type People, type Person } from './people.ts';
import type { Rng } from './random.ts';

export interface SeedAssignment {
  approverId: number;
  userId: number;
  secondaryApproverId: number | null;
  provisionerId: number | null;
  provisionerBackupId: number | null;
  path: CatalogPath;
  clientId: number | null;
  isDeleted: boolean;
}

export interface SeedMasterApprover {
  userId: number;
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
}

/** Routing of the seeded data, resolved the way the server resolves it (docs/architecture.md). */
export class Routing {
  private readonly byPath = new Map<string, SeedAssignment[]>();
  private readonly masters = new Map<string, number[]>();

  constructor(
    assignments: SeedAssignment[],
    masterApprovers: SeedMasterApprover[],
    private readonly admins: { userId: number; regionId: number | null; marketId: number | null }[],
  ) {
    for (const a of assignments.filter((x) => !x.isDeleted)) {
      const key = Routing.pathKey(a.path);
      this.byPath.set(key, [...(this.byPath.get(key) ?? []), a]);
    }
    for (const m of masterApprovers) {
      const key = `${m.regionId}:${m.marketId}:${m.agencyId}:${m.practiceId}`;
      this.masters.set(key, [...(this.masters.get(key) ?? []), m.userId]);
    }
  }

  static pathKey(p: {
    regionId: number;
    marketId: number;
    agencyId: number;
    practiceId: number;
    platformId: number;
  }) {
    return `${p.regionId}:${p.marketId}:${p.agencyId}:${p.practiceId}:${p.platformId}`;
  }

  /** Active assignments covering a line: those naming its client win over client-less ones. */
  covering(path: CatalogPath, clientId: number | null): SeedAssignment[] {
    const all = this.byPath.get(Routing.pathKey(path)) ?? [];
    const named = clientId == null ? [] : all.filter((a) => a.clientId === clientId);
    return named.length > 0 ? named : all.filter((a) => a.clientId == null);
  }

  masterApprovers(path: CatalogPath): number[] {
    return this.masters.get(`${path.regionId}:${path.marketId}:${path.agencyId}:${path.practiceId}`) ?? [];
  }

  private adminsFor(path: CatalogPath): number[] {
    const scoped = this.admins
      .filter((a) => a.regionId === path.regionId && a.marketId === path.marketId)
      .map((a) => a.userId);
    return [...scoped, ...this.admins.filter((a) => a.regionId == null).map((a) => a.userId)];
  }

  /** Who may approve the line, separation of duties applied; admins as the last resort. */
  approvers(path: CatalogPath, clientId: number | null, exclude: number[]): number[] {
    const ok = (id: number | null): id is number => id != null && !exclude.includes(id);
    const fromAssignments = this.covering(path, clientId)
      .flatMap((a) => [a.userId, a.secondaryApproverId])
      .filter(ok);
    if (fromAssignments.length > 0) {
      return fromAssignments;
    }
    const masters = this.masterApprovers(path).filter(ok);
    return masters.length > 0 ? masters : this.adminsFor(path).filter(ok);
  }

  /** Who may provision the line; admins when no assignment names a provisioner. */
  provisioners(path: CatalogPath, clientId: number | null, exclude: number[]): number[] {
    const ok = (id: number | null): id is number => id != null && !exclude.includes(id);
    const fromAssignments = this.covering(path, clientId)
      .flatMap((a) => [a.provisionerId, a.provisionerBackupId])
      .filter(ok);
    return fromAssignments.length > 0 ? fromAssignments : this.adminsFor(path).filter(ok);
  }
}

const NORTHWIND = 1;
const BLUE_HARBOR = 2;
const ATELIER = 9;
const SAKURA = 12;
const SEARCH = 1;
const SOCIAL = 2;
const PROGRAMMATIC = 3;
const ADOPS = 4;
const DATA = 5;
const COMMERCE = 6;
const COPPERLEAF = 4;

/**
 * Approver assignments and master approvers over most paths. Alex approves Northwind
 * Search/Social (primary) and Blue Harbor Search (secondary); Pat provisions every
 * assignment that names Alex. Sakura Data/Programmatic, Atelier AdOps and Copperleaf Commerce have no approval path.
 */
export async function insertDemoAssignments(
  db: Kysely<Database>,
  rng: Rng,
  nowMs: number,
  catalog: Catalog,
  people: People,
): Promise<Routing> {
  const person = (email: string): Person => {
    const p = people.byEmail.get(email);
    if (!p) {
      throw new Error(`demo profile ${email} missing`);
    }
    return p;
  };
  const alex = person(demoEmails.alex);
  const pat = person(demoEmails.pat);
  const mia = person(demoEmails.mia);
  const sue = person(demoEmails.sue);
  const otherApprovers = people.approvers.filter((p) => p !== alex);
  const otherProvisioners = people.provisioners.filter((p) => p !== pat);
  const created = new Date(nowMs - 600 * DAY).toISOString();

  const assignments: SeedAssignment[] = [];
  const add = (a: Omit<SeedAssignment, 'approverId'>) => {
    const row = { ...a, approverId: assignments.length + 1 };
    assignments.push(row);
    return row;
  };
  const uncovered = (p: CatalogPath) =>
    (p.agencyId === SAKURA && (p.practiceId === DATA || p.practiceId === PROGRAMMATIC)) ||
    (p.agencyId === ATELIER && p.practiceId === ADOPS) ||
    (p.agencyId === COPPERLEAF && p.practiceId === COMMERCE);

  for (const path of catalog.paths) {
    if (uncovered(path)) {
      continue;
    }
    const alexPrimary =
      path.agencyId === NORTHWIND && (path.practiceId === SEARCH || path.practiceId === SOCIAL);
    const alexSecondary = path.agencyId === BLUE_HARBOR && path.practiceId === SEARCH;
    if (alexPrimary) {
      add({
        userId: alex.userId,
        secondaryApproverId: rng.chance(0.5) ? rng.pick(otherApprovers).userId : null,
        provisionerId: pat.userId,
        provisionerBackupId: rng.pick(otherProvisioners).userId,
        path,
        clientId: null,
        isDeleted: false,
      });
      continue;
    }
    if (alexSecondary) {
      add({
        userId: rng.pick(otherApprovers).userId,
        secondaryApproverId: alex.userId,
        provisionerId: rng.pick(otherProvisioners).userId,
        provisionerBackupId: pat.userId,
        path,
        clientId: null,
        isDeleted: false,
      });
      continue;
    }
    // A few more paths stay without an assignment (master approvers may still cover them).
    if (path.agencyId > BLUE_HARBOR && rng.chance(0.08)) {
      continue;
    }
    const [primary, secondary] = rng.sample(otherApprovers, 2);
    const patProvisions = path.agencyId === NORTHWIND || rng.chance(0.2);
    const [provisioner, backup] = rng.sample(otherProvisioners, 2);
    add({
      userId: primary?.userId ?? sue.userId,
      secondaryApproverId: rng.chance(0.6) ? (secondary?.userId ?? null) : null,
      provisionerId: patProvisions ? pat.userId : (provisioner?.userId ?? null),
      provisionerBackupId: rng.chance(0.6) ? (backup?.userId ?? null) : null,
      path,
      clientId: null,
      isDeleted: false,
    });
  }
  // Client-specific assignments win over the path's client-less one for that client.
  const clientPaths = catalog.paths.filter(
    (p) =>
      p.agencyId > BLUE_HARBOR &&
      !uncovered(p) &&
      (catalog.clients.get(`${p.platformId}:${p.agencyId}`)?.length ?? 0) > 0,
  );
  for (const path of rng.sample(clientPaths, 8)) {
    const client = rng.pick(catalog.clients.get(`${path.platformId}:${path.agencyId}`) ?? []);
    const [primary, provisioner] = [rng.pick(otherApprovers), rng.pick(otherProvisioners)];
    add({
      userId: primary.userId,
      secondaryApproverId: null,
      provisionerId: provisioner.userId,
      provisionerBackupId: null,
      path,
      clientId: client.clientId,
      isDeleted: false,
    });
  }
  // Deactivated assignments, one of them Alex's on a path that otherwise has no approval path.
  const atelierAdOps = catalog.paths.find((p) => p.agencyId === ATELIER && p.practiceId === ADOPS);
  if (atelierAdOps) {
    add({
      userId: alex.userId,
      secondaryApproverId: null,
      provisionerId: pat.userId,
      provisionerBackupId: null,
      path: atelierAdOps,
      clientId: null,
      isDeleted: true,
    });
  }
  for (const path of rng.sample(
    catalog.paths.filter((p) => p.agencyId > BLUE_HARBOR && !uncovered(p)),
    4,
  )) {
    add({
      userId: rng.pick(otherApprovers).userId,
      secondaryApproverId: null,
      provisionerId: rng.pick(otherProvisioners).userId,
      provisionerBackupId: null,
      path,
      clientId: null,
      isDeleted: true,
    });
  }

  await insertRows(
    db,
    'approverAssignments',
    assignments.map((a) => ({
      approverId: a.approverId,
      userId: a.userId,
      secondaryApproverId: a.secondaryApproverId,
      provisionerId: a.provisionerId,
      provisionerBackupId: a.provisionerBackupId,
      regionId: a.path.regionId,
      marketId: a.path.marketId,
      agencyId: a.path.agencyId,
      practiceId: a.path.practiceId,
      platformId: a.path.platformId,
      clientId: a.clientId,
      isDeleted: a.isDeleted ? 1 : 0,
      createdDate: created,
      createdBy: sue.userId,
      updatedDate: a.isDeleted ? new Date(nowMs - 120 * DAY).toISOString() : created,
      updatedBy: a.isDeleted ? sue.userId : null,
    })),
  );

  // Master approvers: Mia on Northwind Social, others on a spread of (agency, practice) pairs.
  const masters: (SeedMasterApprover & { isDeleted: boolean })[] = [];
  const agencyPath = (agencyId: number, practiceId: number) => {
    const p = catalog.paths.find((x) => x.agencyId === agencyId && x.practiceId === practiceId);
    return p ? { regionId: p.regionId, marketId: p.marketId, agencyId, practiceId } : null;
  };
  const miaPath = agencyPath(NORTHWIND, SOCIAL);
  if (miaPath) {
    masters.push({ userId: mia.userId, ...miaPath, isDeleted: false });
  }
  const pairs: [number, number][] = [
    [3, SEARCH],
    [3, PROGRAMMATIC],
    [6, SEARCH],
    [6, SOCIAL],
    [10, SEARCH],
    [10, SOCIAL],
    [10, PROGRAMMATIC],
    [SAKURA, SEARCH],
    [7, DATA],
    [5, SOCIAL],
  ];
  const otherMasters = people.masterApprovers.filter((p) => p !== mia);
  pairs.forEach(([agencyId, practiceId], i) => {
    const path = agencyPath(agencyId, practiceId);
    const master = otherMasters[i % Math.max(1, otherMasters.length)];
    if (path && master) {
      masters.push({ userId: master.userId, ...path, isDeleted: false });
    }
  });
  const formerMaster = otherMasters[0];
  const formerPath = agencyPath(8, SOCIAL);
  if (formerMaster && formerPath) {
    masters.push({ userId: formerMaster.userId, ...formerPath, isDeleted: true });
  }
  await insertRows(
    db,
    'masterApprovers',
    masters.map((m, i) => ({
      masterApproverId: i + 1,
      userId: m.userId,
      regionId: m.regionId,
      marketId: m.marketId,
      agencyId: m.agencyId,
      practiceId: m.practiceId,
      isDeleted: m.isDeleted ? 1 : 0,
      createdDate: created,
      createdBy: sue.userId,
      updatedDate: created,
      updatedBy: null,
    })),
  );

  // Status rows to acknowledge: assignment changes of the last months.
  const reports: Insertable<Database['assignmentStatusReports']>[] = [];
  const changes = [
    'Assigned as approver',
    'Removed as approver',
    'Assigned as provisioner',
    'Reassigned to a new path',
    'Directory account disabled',
  ];
  for (const a of rng.sample(
    assignments.filter((x) => !x.isDeleted),
    10,
  )) {
    const role = rng.pick(['Approver', 'Secondary Approver', 'Provisioner', 'Provisioner Backup'] as const);
    const userId =
      role === 'Approver'
        ? a.userId
        : role === 'Secondary Approver'
          ? (a.secondaryApproverId ?? a.userId)
          : role === 'Provisioner'
            ? (a.provisionerId ?? a.userId)
            : (a.provisionerBackupId ?? a.userId);
    reports.push({
      userId,
      role,
      changeDescription: rng.pick(changes),
      approverId: a.approverId,
      masterApproverId: null,
      operationDate: new Date(nowMs - rng.int(1, 90) * DAY).toISOString(),
      isDeleted: rng.chance(0.3) ? 1 : 0,
    });
  }
  reports.push({
    userId: mia.userId,
    role: 'Master Approver',
    changeDescription: 'Assigned as master approver',
    approverId: null,
    masterApproverId: 1,
    operationDate: new Date(nowMs - 30 * DAY).toISOString(),
    isDeleted: 0,
  });
  await insertRows(db, 'assignmentStatusReports', reports);

  const adminRows = await db
    .selectFrom('adminRegions')
    .select(['userId', 'regionId', 'marketId'])
    .where('isDeleted', '=', 0)
    .execute();
  const admins = [
    ...adminRows,
    ...people.superAdmins.map((s) => ({ userId: s.userId, regionId: null, marketId: null })),
  ];
  return new Routing(
    assignments,
    masters.filter((m) => !m.isDeleted),
    admins,
  );
}
