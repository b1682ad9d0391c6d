/**
 * Test factories: each call inserts fresh rows with unique names on the test's private
 * database (SQLite or PostgreSQL) and returns their ids, so a test asserts on data it made
 * instead of on ids and counts that happen to be in the demo seed.
 */
import { randomBytes } from 'node:crypto';
import { PostgresAdapter, type Insertable, type Kysely, type Selectable } from 'kysely';
import {
  RequestStatus,
  RequestType,
  Role,
  type RequestStatusId,
  type RequestTypeId,
  type RoleId,
} from '@uap/domain';
import { nowIso, type Dialect } from '../src/db/connection.ts';
import { sealRows, sealTransaction, type PendingChain } from '../src/db/chain/seal.ts';
import type { Database, RequestsTable } from '../src/db/schema.ts';

type K = Kysely<Database>;

/** The engine behind a Kysely instance (the factories get the instance, not the Db). */
export const dialectOf = (db: K): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/**
 * Writes as the application does: in one transaction whose last step chains what it wrote to
 * the history (`chain`: history rows by table; the triggers' record_changes rows are found).
 */
function chained<T>(db: K, write: (trx: K, chain: PendingChain) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    // Inside a caller's own transaction: its rows so far are not ours to seal; these are.
    return (async () => {
      const chain: PendingChain = new Map();
      const result = await write(db, chain);
      await sealRows(db, dialectOf(db), chain);
      return result;
    })();
  }
  return db.transaction().execute(async (trx) => {
    const chain: PendingChain = new Map();
    const result = await write(trx, chain);
    await sealTransaction(trx, dialectOf(db), chain);
    return result;
  });
}

/** A short token unique to this call (and, in practice, to the run). */
export function uniqueTag(): string {
  return randomBytes(5).toString('hex');
}

export interface BuiltUser {
  userId: number;
  email: string;
  name: string;
  lastName: string;
  displayName: string;
  directoryId: string;
  roleId: RoleId;
}

/**
 * A directory entry and a profile with a unique email (so `ctx.tokenFor(user.email)` signs in
 * as this user). `roleId` defaults to Standard User.
 */
export async function buildUser(
  db: K,
  o: {
    roleId?: RoleId;
    name?: string;
    lastName?: string;
    email?: string;
    isInternal?: boolean;
    userType?: 'Member' | 'Guest';
    managerEmail?: string | null;
    managerName?: string | null;
    /** Directory account enabled (false = a leaver). */
    active?: boolean;
  } = {},
): Promise<BuiltUser> {
  const tag = uniqueTag();
  const name = o.name ?? 'Test';
  const lastName = o.lastName ?? `User ${tag}`;
  const email = (o.email ?? `test.user.${tag}@agency.example`).toLowerCase();
  const roleId = o.roleId ?? Role.STANDARD;
  const userType = o.userType ?? 'Member';
  const directoryId = `00000000-test-${tag}`;
  const displayName = `${name} ${lastName}`;
  await db
    .insertInto('directoryUsers')
    .values({
      directoryId,
      mail: email,
      userPrincipalName: email,
      displayName,
      givenName: name,
      surname: lastName,
      userType,
      active: o.active === false ? 0 : 1,
      managerMail: o.managerEmail ?? null,
      managerDisplayName: o.managerName ?? null,
    })
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      email,
      name,
      lastName,
      isInternal: (o.isInternal ?? userType === 'Member') ? 1 : 0,
      userType,
      roleId,
      directoryId,
      managerEmail: o.managerEmail ?? null,
      managerName: o.managerName ?? null,
    })
    .returning('userId')
    .executeTakeFirstOrThrow();
  if (roleId === Role.SUPERADMIN) {
    await chained(db, (trx) => trx.insertInto('superAdmins').values({ userId: user.userId }).execute());
  }
  return { userId: user.userId, email, name, lastName, displayName, directoryId, roleId };
}

/** The profile id of an existing account (a demo sign-in), looked up by email. */
export async function userIdOf(db: K, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('userId')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.userId;
}

export interface AssignmentSpec {
  /** Primary approver (user id). */
  primary: number;
  secondary?: number | null;
  provisioner?: number | null;
  backup?: number | null;
  /** Name the path's client on the assignment (default: null = every client of the platform). */
  clientScoped?: boolean;
}

export interface BuiltPath {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
  platformId: number;
  clientId: number;
  clientCodeId: number;
  assetId: number;
  clientAccountId: number;
  platformUserTypeId: number;
  /** Names of what was made, for filters and screens. */
  names: {
    region: string;
    market: string;
    agency: string;
    practice: string;
    platform: string;
    client: string;
    account: string;
  };
  /** The approver assignment made with the path, or null. */
  approverId: number | null;
}

/** A request line's place columns for a built path (every level, its client code and role). */
export const lineOnPath = (path: BuiltPath) => ({
  regionId: path.regionId,
  marketId: path.marketId,
  agencyId: path.agencyId,
  practiceId: path.practiceId,
  platformId: path.platformId,
  clientId: path.clientId,
  clientCodeId: path.clientCodeId,
  assetId: path.assetId,
  clientAccountId: path.clientAccountId,
  platformUserTypeId: path.platformUserTypeId,
});

/**
 * A region → market → agency → practice → platform → client → account path. Pass an existing
 * id to reuse that level (and everything above it must then be passed too); every level not
 * passed is made fresh, so nobody's assignment, master-approver or admin row covers it unless
 * the test adds one (`assignment`, `buildMasterApprover`, `buildAdminRegion`).
 */
export async function buildPath(
  db: K,
  o: {
    regionId?: number;
    marketId?: number;
    agencyId?: number;
    practiceId?: number;
    platformId?: number;
    assignment?: AssignmentSpec | null;
    /** Basic name of the platform user type ('Standard', 'Admin', …). */
    userTypeBasicName?: string;
  } = {},
): Promise<BuiltPath> {
  const tag = uniqueTag();
  const names = {
    region: `Region ${tag}`,
    market: `Market ${tag}`,
    agency: `Agency ${tag}`,
    practice: `Practice ${tag}`,
    platform: `Platform ${tag}`,
    client: `Client ${tag}`,
    account: `Account ${tag}`,
  };
  const regionId =
    o.regionId ??
    (
      await db
        .insertInto('regions')
        .values({ description: names.region })
        .returning('regionId')
        .executeTakeFirstOrThrow()
    ).regionId;
  const marketId =
    o.marketId ??
    (
      await db
        .insertInto('markets')
        .values({ regionId, description: names.market, code: tag.slice(0, 4).toUpperCase() })
        .returning('marketId')
        .executeTakeFirstOrThrow()
    ).marketId;
  const agencyId =
    o.agencyId ??
    (
      await db
        .insertInto('agencies')
        .values({ marketId, description: names.agency })
        .returning('agencyId')
        .executeTakeFirstOrThrow()
    ).agencyId;
  const practiceId =
    o.practiceId ??
    (
      await db
        .insertInto('practices')
        .values({ description: names.practice })
        .returning('practiceId')
        .executeTakeFirstOrThrow()
    ).practiceId;
  const linked = await db
    .selectFrom('agencyPractices')
    .select('agencyPracticeId')
    .where('agencyId', '=', agencyId)
    .where('practiceId', '=', practiceId)
    .executeTakeFirst();
  if (!linked) {
    await db.insertInto('agencyPractices').values({ agencyId, practiceId }).execute();
  }
  const platformId =
    o.platformId ??
    (
      await db
        .insertInto('platforms')
        .values({ description: names.platform })
        .returning('platformId')
        .executeTakeFirstOrThrow()
    ).platformId;
  const available = await db
    .selectFrom('platformAgencies')
    .select('platformAgencyId')
    .where('platformId', '=', platformId)
    .where('agencyId', '=', agencyId)
    .where('practiceId', '=', practiceId)
    .executeTakeFirst();
  if (!available) {
    await db.insertInto('platformAgencies').values({ platformId, agencyId, practiceId }).execute();
  }
  const { assetId } = await db
    .insertInto('assetTypes')
    .values({ platformId, description: `Ad Account ${tag}`, assetName: 'Ad Account' })
    .returning('assetId')
    .executeTakeFirstOrThrow();
  const { platformUserTypeId } = await db
    .insertInto('platformUserTypes')
    .values({
      platformId,
      assetId,
      description: `${o.userTypeBasicName ?? 'Standard'} ${tag}`,
      basicName: o.userTypeBasicName ?? 'Standard',
    })
    .returning('platformUserTypeId')
    .executeTakeFirstOrThrow();
  const { clientId } = await db
    .insertInto('clients')
    .values({ platformId, agencyId, description: names.client })
    .returning('clientId')
    .executeTakeFirstOrThrow();
  const { clientCodeId } = await db
    .insertInto('clientCodes')
    .values({ clientId, code: `C-${tag}` })
    .returning('clientCodeId')
    .executeTakeFirstOrThrow();
  const { clientAccountId } = await db
    .insertInto('clientAccounts')
    .values({ clientId, assetId, description: names.account, assetReference: `act_${tag}` })
    .returning('clientAccountId')
    .executeTakeFirstOrThrow();
  const path = {
    regionId,
    marketId,
    agencyId,
    practiceId,
    platformId,
    clientId,
    clientCodeId,
    assetId,
    clientAccountId,
    platformUserTypeId,
    names,
    approverId: null,
  };
  return o.assignment ? { ...path, approverId: await buildAssignment(db, path, o.assignment) } : path;
}

/** An approver/provisioner assignment on a path; returns its approverId. */
export async function buildAssignment(
  db: K,
  path: Pick<BuiltPath, 'regionId' | 'marketId' | 'agencyId' | 'practiceId' | 'platformId' | 'clientId'>,
  spec: AssignmentSpec,
): Promise<number> {
  const row = await chained(db, (trx) =>
    trx
      .insertInto('approverAssignments')
      .values({
        userId: spec.primary,
        secondaryApproverId: spec.secondary ?? null,
        provisionerId: spec.provisioner ?? null,
        provisionerBackupId: spec.backup ?? null,
        regionId: path.regionId,
        marketId: path.marketId,
        agencyId: path.agencyId,
        practiceId: path.practiceId,
        platformId: path.platformId,
        clientId: spec.clientScoped ? path.clientId : null,
      })
      .returning('approverId')
      .executeTakeFirstOrThrow(),
  );
  return row.approverId;
}

/** A master approver of the path's (region, market, agency, practice). */
export async function buildMasterApprover(
  db: K,
  userId: number,
  path: Pick<BuiltPath, 'regionId' | 'marketId' | 'agencyId' | 'practiceId'>,
): Promise<number> {
  const row = await chained(db, (trx) =>
    trx
      .insertInto('masterApprovers')
      .values({
        userId,
        regionId: path.regionId,
        marketId: path.marketId,
        agencyId: path.agencyId,
        practiceId: path.practiceId,
      })
      .returning('masterApproverId')
      .executeTakeFirstOrThrow(),
  );
  return row.masterApproverId;
}

/** An administrator's scope row over the path's (region, market). */
export async function buildAdminRegion(
  db: K,
  userId: number,
  path: Pick<BuiltPath, 'regionId' | 'marketId'>,
): Promise<number> {
  const row = await chained(db, (trx) =>
    trx
      .insertInto('adminRegions')
      .values({ userId, regionId: path.regionId, marketId: path.marketId })
      .returning('adminRegionId')
      .executeTakeFirstOrThrow(),
  );
  return row.adminRegionId;
}

export type BuiltRequest = Selectable<RequestsTable>;

/**
 * One request line on `path`, in `statusId`, with the history a line in that status has:
 * 'Submitted' (requestor comment), then as it applies 'Approved by approver' / 'Rejected by
 * approver' (approver comment), 'Request provisioned' (provisioner comment), 'Request
 * archived' or 'Request cancelled'. `user` is the subject (an id and the platform email);
 * `createdBy` the requestor (default: the subject); `decidedBy` the approver and provisioner
 * (default: the requestor). Other columns may be set through `set`.
 */
export async function buildRequest(
  db: K,
  o: {
    path: BuiltPath;
    user: { userId: number; email: string };
    createdBy?: number;
    decidedBy?: number;
    statusId?: RequestStatusId;
    requestType?: RequestTypeId;
    /** Types 2/3/4: the record they modify. */
    recordId?: number | null;
    createdDate?: string;
    set?: Partial<Omit<Insertable<RequestsTable>, 'requestId'>>;
  },
): Promise<BuiltRequest> {
  const statusId = o.statusId ?? RequestStatus.SUBMITTED;
  const requestTypeId = o.requestType ?? RequestType.ADD;
  const createdBy = o.createdBy ?? o.user.userId;
  const decidedBy = o.decidedBy ?? createdBy;
  const createdDate = o.createdDate ?? nowIso();
  const tag = uniqueTag();
  const { path } = o;
  const S = RequestStatus;
  const approved = ([S.APPROVED, S.COMPLETED, S.ARCHIVED] as number[]).includes(statusId);
  const provisioned = ([S.COMPLETED, S.ARCHIVED] as number[]).includes(statusId);
  const rejected = statusId === S.REJECTED;
  const row = await db
    .insertInto('requests')
    .values({
      submissionId: `test-${tag}`,
      requestTypeId,
      statusId,
      recordId: o.recordId ?? null,
      userId: o.user.userId,
      email: o.user.email.toLowerCase(),
      isInternal: 1,
      createdBy,
      createdDate,
      ...lineOnPath(path),
      comments: `Requested by a test ${tag}`,
      approvedRejectedBy: approved || rejected ? decidedBy : null,
      approvedDate: approved || rejected ? createdDate : null,
      approverComment: approved || rejected ? `Approver says ${tag}` : null,
      rejectedByApprover: rejected ? 1 : 0,
      provisionedBy: provisioned ? decidedBy : null,
      provisionedDate: provisioned ? createdDate : null,
      provisionerComment: provisioned ? `Provisioner says ${tag}` : null,
      updatedDate: createdDate,
      ...o.set,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const step = (statusId: number, stepDescription: string, by: number, extra: object = {}) => ({
    requestId: row.requestId,
    statusId,
    requestTypeId,
    stepDescription,
    createdBy: by,
    createdDate,
    ...extra,
  });
  const history = [step(S.SUBMITTED, 'Submitted', createdBy, { comments: row.comments })];
  if (approved || rejected) {
    history.push(
      step(
        approved ? S.APPROVED : S.REJECTED,
        approved ? 'Approved by approver' : 'Rejected by approver',
        decidedBy,
        {
          approverComment: row.approverComment,
        },
      ),
    );
  }
  if (provisioned) {
    history.push(
      step(S.COMPLETED, 'Request provisioned', decidedBy, { provisionerComment: row.provisionerComment }),
    );
  }
  if (statusId === S.ARCHIVED) {
    history.push(step(S.ARCHIVED, 'Request archived', decidedBy));
  }
  if (statusId === S.CANCELLED) {
    history.push(step(S.CANCELLED, 'Request cancelled', createdBy));
  }
  await chained(db, async (trx, chain) => {
    const ids = await trx.insertInto('requestHistory').values(history).returning('id').execute();
    chain.set(
      'request_history',
      ids.map((h) => h.id),
    );
  });
  return row;
}

/** An access record: a Completed Add request (active unless `set.isDeleted`). */
export function buildRecord(
  db: K,
  o: Omit<Parameters<typeof buildRequest>[1], 'statusId' | 'requestType' | 'recordId'>,
): Promise<BuiltRequest> {
  return buildRequest(db, { ...o, statusId: RequestStatus.COMPLETED, requestType: RequestType.ADD });
}
