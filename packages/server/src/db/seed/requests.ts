import type { Selectable } from 'kysely';
import {
  historySteps,
  RequestStatus,
  RequestType,
  type RequestStatusId,
  type RequestTypeId,
} from '@uap/domain';
import type { RequestHistoryTable, RequestsTable } from '../schema.ts';
import { DAY, HOUR, utcDay } from './batch.ts';
import type { Catalog, CatalogClient, CatalogPath, CatalogUserType } from './catalog.ts';
import type { Routing } from './assignments.ts';
import * as data from './data.ts';
import type { Rng } from './random.ts';

export type RequestRow = Selectable<RequestsTable>;
export type HistoryRow = Omit<Selectable<RequestHistoryTable>, 'id' | 'onBehalfOf'>;

/** What a Change request changes; stored as `changes_request` JSON `{ kind, before, after }`. */
export type ChangeKind = 'UserRole' | 'PlatformEmail' | 'LengthOfAccess';

export interface HistoryEntry {
  row: HistoryRow;
  /** For a record's own 'Record updated' rows: the request that changed it. */
  source?: Line;
}

/**
 * A request line under construction. Ids are assigned by the caller once the lines are
 * ordered, so references between lines are object references until then.
 */
export interface Line {
  row: RequestRow;
  record: Line | null;
  pending: Line | null;
  history: HistoryEntry[];
}

/** The subject or requestor of a request, as the generator needs it. */
export interface Subject {
  userId: number;
  email: string;
  isInternal: boolean;
  managerEmail: string | null;
  managerName: string | null;
  extraEmails: readonly string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Status weights by age: recent lines still wait, old ones are mostly done or filed away. */
export function statusForAge(rng: Rng, ageDays: number): RequestStatusId {
  if (ageDays < 10) {
    return rng.weighted([
      [1, 45],
      [2, 25],
      [3, 15],
      [4, 7],
      [5, 8],
    ] as const);
  }
  if (ageDays < 45) {
    return rng.weighted([
      [1, 6],
      [2, 6],
      [3, 52],
      [4, 12],
      [5, 8],
      [6, 16],
    ] as const);
  }
  return rng.weighted([
    [1, 1],
    [2, 1],
    [3, 52],
    [4, 12],
    [5, 8],
    [6, 26],
  ] as const);
}

const typeWeights: Record<string, number> = {
  Standard: 40,
  'Read Only': 25,
  Admin: 18,
  'Email Only': 10,
  'Super Admin': 5,
  'Full License': 60,
  Collaborator: 40,
};

export interface SubmissionOptions {
  path: CatalogPath;
  subject: Subject;
  creator: Subject;
  createdMs: number;
  /** Forces the status of every line (otherwise chosen by age). */
  status?: RequestStatusId;
  rejectedByApprover?: boolean;
  client?: CatalogClient;
  /** Business-access (platform) request: one line, no client account. */
  platformRequest?: boolean;
  maxLines?: number;
  /** 'unlimited', a number of days from the created day, or an explicit expiration instant. */
  access?: 'unlimited' | number | { expirationMs: number };
}

/** Builds request lines and their history the way the workflow would have written them. */
export class RequestGenerator {
  constructor(
    private readonly rng: Rng,
    private readonly nowMs: number,
    private readonly catalog: Catalog,
    private readonly routing: Routing,
  ) {}

  /** Whether an Add request can be made on the path (a client with accounts, or a system asset). */
  isRequestable(path: CatalogPath): boolean {
    const platform = this.catalog.platforms.get(path.platformId);
    if (!platform) {
      return false;
    }
    return platform.assets.some((a) => a.isSystemRecord) || this.clientsOf(path).length > 0;
  }

  clientsOf(path: CatalogPath): CatalogClient[] {
    return (this.catalog.clients.get(`${path.platformId}:${path.agencyId}`) ?? []).filter(
      (c) => c.accounts.size > 0,
    );
  }

  private pickType(types: readonly CatalogUserType[]): CatalogUserType {
    return this.rng.weighted(types.map((t) => [t, typeWeights[t.basicName] ?? 10] as const));
  }

  private platformEmail(subject: Subject): string {
    return subject.isInternal && subject.extraEmails.length > 0 && this.rng.chance(0.15)
      ? this.rng.pick(subject.extraEmails)
      : subject.email;
  }

  /** One Create call: 1..n Add lines sharing path, client, asset and dates. */
  addSubmission(o: SubmissionOptions): Line[] {
    const { rng } = this;
    const platform = this.catalog.platforms.get(o.path.platformId);
    if (!platform) {
      throw new Error(`platform ${o.path.platformId} missing`);
    }
    const access =
      o.access ??
      (rng.chance(0.45)
        ? 'unlimited'
        : rng.weighted([
            [30, 15],
            [90, 30],
            [180, 30],
            [365, 25],
          ] as const));
    const beginning = access === 'unlimited' ? null : utcDay(o.createdMs);
    const expiration =
      access === 'unlimited'
        ? null
        : typeof access === 'number'
          ? utcDay(o.createdMs + access * DAY)
          : utcDay(access.expirationMs);
    const base = this.baseRow({
      submissionId: rng.guid(),
      requestTypeId: RequestType.ADD,
      path: o.path,
      subject: o.subject,
      creator: o.creator,
      createdMs: o.createdMs,
      email: this.platformEmail(o.subject),
      beginningDate: beginning,
      expirationDate: expiration,
    });
    base.productCode = rng.chance(0.3) ? `PC${rng.digits(4)}` : null;

    const rows: RequestRow[] = [];
    const system = platform.assets.find((a) => a.isSystemRecord);
    const clients = this.clientsOf(o.path);
    if (
      (o.platformRequest || (platform.businessAccess && rng.chance(0.06))) &&
      platform.platformUserTypes.length > 0
    ) {
      rows.push({
        ...base,
        isPlatformRequest: 1,
        platformUserTypeId: this.pickType(platform.platformUserTypes).platformUserTypeId,
      });
    } else if (system && (clients.length === 0 || rng.chance(0.5))) {
      rows.push({
        ...base,
        assetId: system.assetId,
        platformUserTypeId: this.pickType(system.userTypes).platformUserTypeId,
      });
    } else {
      if (!o.client && clients.length === 0) {
        throw new Error(
          `no client with accounts on platform ${o.path.platformId} at agency ${o.path.agencyId}`,
        );
      }
      const client = o.client ?? rng.pick(clients);
      const assets = platform.assets.filter(
        (a) => !a.isSystemRecord && (client.accounts.get(a.assetId)?.length ?? 0) > 0,
      );
      const asset = rng.pick(assets);
      const type = this.pickType(asset.userTypes);
      const count = Math.min(
        o.maxLines ?? 4,
        rng.weighted([
          [1, 55],
          [2, 25],
          [3, 12],
          [4, 8],
        ] as const),
      );
      const clientCodeId = client.codeIds.length > 0 ? rng.pick(client.codeIds) : null;
      for (const accountId of rng.sample(client.accounts.get(asset.assetId) ?? [], count)) {
        rows.push({
          ...base,
          clientId: client.clientId,
          clientCodeId,
          assetId: asset.assetId,
          clientAccountId: accountId,
          platformUserTypeId: type.platformUserTypeId,
        });
      }
    }
    const ageDays = (this.nowMs - o.createdMs) / DAY;
    const status = o.status ?? statusForAge(rng, ageDays);
    const rejectedByApprover = o.rejectedByApprover ?? rng.chance(0.7);
    return rows.map((row) => {
      const line: Line = { row, record: null, pending: null, history: [] };
      this.runLifecycle(line, status, rejectedByApprover);
      return line;
    });
  }

  private baseRow(o: {
    submissionId: string;
    requestTypeId: RequestTypeId;
    path: CatalogPath;
    subject: Subject;
    creator: Subject;
    createdMs: number;
    email: string;
    beginningDate: string | null;
    expirationDate: string | null;
  }): RequestRow {
    const { rng } = this;
    return {
      requestId: 0,
      submissionId: o.submissionId,
      requestTypeId: o.requestTypeId,
      statusId: RequestStatus.SUBMITTED,
      recordId: null,
      userId: o.subject.userId,
      email: o.email,
      isInternal: o.subject.isInternal ? 1 : 0,
      createdBy: o.creator.userId,
      createdDate: iso(o.createdMs),
      regionId: o.path.regionId,
      marketId: o.path.marketId,
      agencyId: o.path.agencyId,
      practiceId: o.path.practiceId,
      platformId: o.path.platformId,
      clientId: null,
      clientCodeId: null,
      assetId: null,
      clientAccountId: null,
      platformUserTypeId: null,
      platformOwnershipId: 1,
      productCode: null,
      beginningDate: o.beginningDate,
      expirationDate: o.expirationDate,
      isUrgent: rng.chance(0.12) ? 1 : 0,
      isPlatformRequest: 0,
      comments: rng.pick(data.requestorComments),
      managerEmail: o.subject.isInternal ? o.subject.managerEmail : null,
      managerName: o.subject.isInternal ? o.subject.managerName : null,
      approverComment: null,
      approvedRejectedBy: null,
      approvedDate: null,
      provisionerComment: null,
      provisionedBy: null,
      provisionedDate: null,
      rejectedByApprover: 0,
      isDeleted: 0,
      askNewRangeDate: 0,
      requestedPlatformEmail: null,
      reassignedPrimaryEmail: null,
      isReassignedRequest: 0,
      changesRequest: null,
      pendingChangeRequestId: null,
      sameAccessAsUserId: null,
      updatedDate: iso(o.createdMs),
      updatedBy: o.creator.userId,
      version: 0,
    };
  }

  private pathOf(row: RequestRow): CatalogPath {
    return {
      platformAgencyId: 0,
      regionId: row.regionId,
      marketId: row.marketId,
      marketCode: '',
      agencyId: row.agencyId,
      practiceId: row.practiceId,
      platformId: row.platformId,
    };
  }

  /**
   * Moves a submitted line to `target` through the real steps (approve, provision, archive,
   * reject, cancel), each with its history row, acting as the people routing would pick.
   * Returns the instant of the last step.
   */
  runLifecycle(
    line: Line,
    target: RequestStatusId,
    rejectedByApprover: boolean,
    change?: { desc: string; before: string; after: string },
  ): number {
    const { rng, nowMs } = this;
    const r = line.row;
    const cap = nowMs - 60_000;
    let t = Date.parse(r.createdDate);
    const step = (gapMs: number) => {
      t = Math.min(t + gapMs, Math.max(cap, t + 1000));
      return t;
    };
    const push = (
      statusId: RequestStatusId,
      description: string,
      createdBy: number,
      extra: Partial<HistoryRow> = {},
    ) => {
      line.history.push({
        row: {
          requestId: 0,
          statusId,
          requestTypeId: r.requestTypeId,
          stepDescription: description,
          changeDesc: change?.desc ?? null,
          comments: null,
          approverComment: null,
          provisionerComment: null,
          createdBy,
          createdDate: iso(t),
          before: null,
          after: null,
          ...extra,
        },
      });
      r.statusId = statusId;
      r.updatedDate = iso(t);
      r.updatedBy = createdBy;
      r.version = line.history.length - 1;
    };
    push(RequestStatus.SUBMITTED, historySteps.submitted(r.requestTypeId as RequestTypeId), r.createdBy, {
      comments: r.comments,
      before: change?.before ?? null,
      after: change?.after ?? null,
    });
    if (target === RequestStatus.SUBMITTED) {
      return t;
    }
    if (target === RequestStatus.CANCELLED) {
      step(rng.int(1, 48) * HOUR);
      push(RequestStatus.CANCELLED, historySteps.cancelledByRequestor, r.createdBy, { comments: r.comments });
      return t;
    }
    const path = this.pathOf(r);
    const exclude = [r.userId, r.createdBy];
    const approver = rng.pick(this.routing.approvers(path, r.clientId, exclude));
    step(rng.int(1, 72) * HOUR + rng.int(0, 3_599_999));
    r.approvedRejectedBy = approver;
    r.approvedDate = iso(t);
    if (target === RequestStatus.REJECTED && rejectedByApprover) {
      r.approverComment = rng.pick(data.approverRejections);
      r.rejectedByApprover = 1;
      push(RequestStatus.REJECTED, historySteps.rejectedByApprover, approver, {
        approverComment: r.approverComment,
      });
      return t;
    }
    r.approverComment = rng.pick(data.approverComments);
    push(RequestStatus.APPROVED, historySteps.approved, approver, { approverComment: r.approverComment });
    if (target === RequestStatus.APPROVED) {
      return t;
    }
    const provisioner = rng.pick(this.routing.provisioners(path, r.clientId, exclude));
    step(rng.int(1, 96) * HOUR + rng.int(0, 3_599_999));
    r.provisionedBy = provisioner;
    r.provisionedDate = iso(t);
    if (target === RequestStatus.REJECTED) {
      r.provisionerComment = rng.pick(data.provisionerRejections);
      push(RequestStatus.REJECTED, historySteps.rejectedByProvisioner, provisioner, {
        provisionerComment: r.provisionerComment,
      });
      return t;
    }
    r.provisionerComment = rng.pick(data.provisionerComments);
    push(RequestStatus.COMPLETED, historySteps.provisioned, provisioner, {
      provisionerComment: r.provisionerComment,
    });
    if (target === RequestStatus.ARCHIVED) {
      step(rng.int(3, 45) * DAY);
      push(RequestStatus.ARCHIVED, historySteps.archived, provisioner);
    }
    return Date.parse(r.provisionedDate);
  }

  /**
   * A modification of a record (Deactivate, Change, Activate) created at `createdMs`. When it
   * completes it is applied to the record, which gets a 'Record updated' history row; when it
   * is still pending it becomes the record's pending change.
   */
  followUp(
    record: Line,
    o: {
      type: RequestTypeId;
      creator: Subject;
      subject: Subject;
      createdMs: number;
      status?: RequestStatusId;
      rejectedByApprover?: boolean;
      kind?: ChangeKind;
      userTypes?: readonly CatalogUserType[];
    },
  ): Line {
    const { rng } = this;
    const rec = record.row;
    const row: RequestRow = {
      ...this.baseRow({
        submissionId: rng.guid(),
        requestTypeId: o.type,
        path: this.pathOf(rec),
        subject: o.subject,
        creator: o.creator,
        createdMs: o.createdMs,
        email: rec.email,
        beginningDate: rec.beginningDate,
        expirationDate: rec.expirationDate,
      }),
      userId: rec.userId,
      isInternal: rec.isInternal,
      clientId: rec.clientId,
      clientCodeId: rec.clientCodeId,
      assetId: rec.assetId,
      clientAccountId: rec.clientAccountId,
      platformUserTypeId: rec.platformUserTypeId,
      isPlatformRequest: rec.isPlatformRequest,
      productCode: rec.productCode,
    };
    const line: Line = { row, record, pending: null, history: [] };

    let change: { desc: string; before: string; after: string } | undefined;
    if (o.type === RequestType.CHANGE) {
      change = this.describeChange(line, o.kind ?? 'UserRole', o.subject, o.userTypes ?? []);
    } else if (
      o.type === RequestType.ACTIVATE &&
      rec.expirationDate &&
      Date.parse(rec.expirationDate) < o.createdMs
    ) {
      // An expired record is activated with a new length of access.
      row.beginningDate = utcDay(o.createdMs);
      row.expirationDate = utcDay(o.createdMs + 180 * DAY);
    }
    const status = o.status ?? statusForAge(rng, (this.nowMs - o.createdMs) / DAY);
    const doneMs = this.runLifecycle(line, status, o.rejectedByApprover ?? rng.chance(0.7), change);
    if (status === RequestStatus.SUBMITTED || status === RequestStatus.APPROVED) {
      record.pending = line;
    } else if (status === RequestStatus.COMPLETED || status === RequestStatus.ARCHIVED) {
      this.applyToRecord(record, line, doneMs);
    }
    return line;
  }

  private describeChange(
    line: Line,
    wanted: ChangeKind,
    subject: Subject,
    userTypes: readonly CatalogUserType[],
  ) {
    const { rng } = this;
    const row = line.row;
    const current = userTypes.find((t) => t.platformUserTypeId === row.platformUserTypeId);
    const otherTypes = userTypes.filter(
      (t) => t.platformUserTypeId !== row.platformUserTypeId && t.basicName !== 'Email Only',
    );
    const otherEmails = [subject.email, ...subject.extraEmails].filter((e) => e !== row.email);
    let kind = wanted;
    if (kind === 'UserRole' && (!current || current.basicName === 'Email Only' || otherTypes.length === 0)) {
      kind = 'LengthOfAccess';
    }
    if (kind === 'PlatformEmail' && otherEmails.length === 0) {
      kind = 'LengthOfAccess';
    }
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    let desc: string;
    if (kind === 'UserRole') {
      const next = rng.pick(otherTypes);
      before = {
        platformUserTypeId: current?.platformUserTypeId,
        platformUserTypeName: current?.description,
      };
      after = { platformUserTypeId: next.platformUserTypeId, platformUserTypeName: next.description };
      desc = `User Role changed from ${current?.description ?? ''} to ${next.description}`;
      row.platformUserTypeId = next.platformUserTypeId;
    } else if (kind === 'PlatformEmail') {
      const next = rng.pick(otherEmails);
      before = { email: row.email };
      after = { email: next };
      desc = `Platform Email changed from ${row.email} to ${next}`;
      row.requestedPlatformEmail = next;
    } else {
      const createdMs = Date.parse(row.createdDate);
      const unlimited = row.expirationDate != null && rng.chance(0.3);
      const nextBeginning = unlimited ? null : utcDay(createdMs);
      const nextExpiration = unlimited ? null : utcDay(createdMs + rng.pick([90, 180, 365]) * DAY);
      before = { beginningDate: row.beginningDate, expirationDate: row.expirationDate };
      after = { beginningDate: nextBeginning, expirationDate: nextExpiration };
      desc = `Length Of Access changed from ${row.expirationDate ? row.expirationDate.slice(0, 10) : 'Unlimited'} to ${nextExpiration ? nextExpiration.slice(0, 10) : 'Unlimited'}`;
      row.beginningDate = nextBeginning;
      row.expirationDate = nextExpiration;
    }
    row.changesRequest = JSON.stringify({ kind, before, after });
    return { desc, before: JSON.stringify(before), after: JSON.stringify(after) };
  }

  /** Applies a completed modification to its record and logs it on the record. */
  private applyToRecord(record: Line, change: Line, atMs: number) {
    const rec = record.row;
    const c = change.row;
    const before = {
      isDeleted: rec.isDeleted,
      platformUserTypeId: rec.platformUserTypeId,
      email: rec.email,
      beginningDate: rec.beginningDate,
      expirationDate: rec.expirationDate,
    };
    let step: string;
    if (c.requestTypeId === RequestType.DEACTIVATE) {
      rec.isDeleted = 1;
      step = historySteps.recordDeactivated;
    } else if (c.requestTypeId === RequestType.ACTIVATE) {
      rec.isDeleted = 0;
      rec.askNewRangeDate = 0;
      rec.beginningDate = c.beginningDate;
      rec.expirationDate = c.expirationDate;
      step = historySteps.recordActivated;
    } else {
      rec.platformUserTypeId = c.platformUserTypeId;
      rec.email = c.requestedPlatformEmail ?? rec.email;
      rec.beginningDate = c.beginningDate;
      rec.expirationDate = c.expirationDate;
      step = historySteps.recordChanged;
    }
    const after = {
      isDeleted: rec.isDeleted,
      platformUserTypeId: rec.platformUserTypeId,
      email: rec.email,
      beginningDate: rec.beginningDate,
      expirationDate: rec.expirationDate,
    };
    // The record may already be archived by then; its history row carries its status at that time.
    const archivedAt = record.history.find((h) => h.row.statusId === RequestStatus.ARCHIVED)?.row.createdDate;
    const statusId =
      archivedAt && Date.parse(archivedAt) < atMs
        ? RequestStatus.ARCHIVED
        : rec.statusId === RequestStatus.ARCHIVED
          ? RequestStatus.COMPLETED
          : rec.statusId;
    const at = atMs + 1000;
    record.history.push({
      row: {
        requestId: 0,
        statusId,
        requestTypeId: RequestType.ADD,
        stepDescription: step,
        changeDesc: null,
        comments: null,
        approverComment: null,
        provisionerComment: c.provisionerComment,
        createdBy: c.provisionedBy ?? c.createdBy,
        createdDate: iso(at),
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      },
      source: change,
    });
    record.history.sort((a, b) => a.row.createdDate.localeCompare(b.row.createdDate));
    rec.version += 1;
    if (iso(at) > rec.updatedDate) {
      rec.updatedDate = iso(at);
      rec.updatedBy = c.provisionedBy ?? c.createdBy;
    }
  }

  /**
   * A chain of 1..3 modifications after a record became active, the last possibly pending.
   * Returns the new lines (already applied to the record when completed).
   */
  randomFollowUps(
    record: Line,
    subjectOf: (userId: number) => Subject,
    creatorFor: (record: Line) => Subject,
  ): Line[] {
    const { rng, nowMs } = this;
    const out: Line[] = [];
    const platform = this.catalog.platforms.get(record.row.platformId);
    const asset = platform?.assets.find((a) => a.assetId === record.row.assetId);
    const userTypes = record.row.isPlatformRequest
      ? (platform?.platformUserTypes ?? [])
      : (asset?.userTypes ?? []);
    let cursor = Date.parse(record.row.provisionedDate ?? record.row.createdDate);
    const n = rng.weighted([
      [1, 50],
      [2, 35],
      [3, 15],
    ] as const);
    for (let i = 0; i < n; i++) {
      const at = cursor + rng.int(5, 150) * DAY + rng.int(0, 86_399_999);
      if (at > nowMs - HOUR) {
        break;
      }
      const active = record.row.isDeleted === 0;
      const type = active
        ? rng.weighted([
            [RequestType.CHANGE, 55],
            [RequestType.DEACTIVATE, 45],
          ] as const)
        : RequestType.ACTIVATE;
      const kind = rng.weighted([
        ['UserRole', 50],
        ['LengthOfAccess', 30],
        ['PlatformEmail', 20],
      ] as const);
      const line = this.followUp(record, {
        type,
        creator: creatorFor(record),
        subject: subjectOf(record.row.userId),
        createdMs: at,
        kind,
        userTypes,
      });
      out.push(line);
      if (record.pending === line) {
        break;
      }
      cursor = Date.parse(line.row.updatedDate);
    }
    return out;
  }
}
