import crypto from 'node:crypto';
import {
  RequestStatus,
  RequestType,
  isUnlimited,
  messages,
  type BusinessManagerFindings,
  type CreateRequestInput,
  type PlatformRequestFindings,
  type ValidateBusinessManagerAccountInput,
  type ValidatePlatformRequestQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { inTransaction, nowIso, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { databaseReader, type PlanQuestions, type PlanReader } from './plan-reader.ts';
import * as q from './queries.ts';
import { insertRequestsWithHistory, type NewLine, type NewRequest } from './write-queries.ts';
import { queueNotifications } from '../notifications/outbox.ts';

const PENDING: readonly number[] = [RequestStatus.SUBMITTED, RequestStatus.APPROVED];

/** A line still holds the access: pending, or a record that is not deactivated. */
const isLive = (l: q.LineOnPath) => PENDING.includes(l.statusId) || l.isDeleted === 0;
const distinct = <T>(values: T[]) => [...new Set(values)];
const dayToIso = (day: string | null | undefined) => (day ? `${day}T00:00:00.000Z` : null);
const pathOf = (i: {
  RegionId: number;
  MarketId: number;
  AgencyId: number;
  PracticeId: number;
  PlatformId: number;
}) => ({
  regionId: i.RegionId,
  marketId: i.MarketId,
  agencyId: i.AgencyId,
  practiceId: i.PracticeId,
  platformId: i.PlatformId,
});

/** GET api/Request/ValidatePlatformRequest: what the subject already holds on the platform path. */
export async function validatePlatformRequest(
  db: Db,
  o: ValidatePlatformRequestQuery,
): Promise<PlatformRequestFindings> {
  const platform = await q.findActivePathPlatform(db, o);
  if (!platform) {
    throw unprocessable(messages.invalidRequestPath('platform'));
  }
  const lines = await q.findLinesOnPath(db, o);
  const live = lines.filter(isLive);
  const otherEmails = distinct(live.filter((l) => l.email !== o.email).map((l) => l.email));
  const business = live.filter((l) => l.isPlatformRequest === 1 && l.email === o.email);
  const accessLevel =
    distinct(business.flatMap((l) => (l.userTypeName ? [l.userTypeName] : []))).join(', ') || null;
  const accounts = distinct(
    live
      .filter((l) => l.email === o.email)
      .flatMap((l) => (l.clientAccountName ? [l.clientAccountName] : [])),
  );
  const inactive = lines.filter(
    (l) => l.email === o.email && l.isDeleted === 1 && !PENDING.includes(l.statusId),
  );
  const accessName = platform.bussinesAccessName ?? platform.description;
  return {
    accessExistsToOtherEmails: otherEmails.length > 0,
    accessExistsToOtherEmailsMessage: otherEmails.length
      ? messages.accessExistsToOtherEmails(otherEmails.join(', '))
      : null,
    question:
      platform.businessAccess === 1 && business.length === 0
        ? messages.businessAccessQuestion(o.email, accessName)
        : null,
    accessLevel,
    clientAccount: accounts.length ? accounts.join(', ') : null,
    accessExistsAsInactive: inactive.length > 0,
    accessExistsAsInactiveCompleted: inactive.some((l) => l.statusId === RequestStatus.COMPLETED),
    accessexistsMessage: accessLevel
      ? messages.accessExists(o.email, accessLevel)
      : inactive.length
        ? messages.accessExistsAsInactive(o.email)
        : null,
  };
}

/** POST api/Request/ValidateBusinessManagerAccount: the chosen accounts held with another email. */
export async function validateBusinessManagerAccount(
  db: Db,
  input: ValidateBusinessManagerAccountInput,
): Promise<BusinessManagerFindings> {
  const accountIds = new Set(input.RequestAccountAccess.flatMap((r) => r.ClientAccountsIds));
  const lines = await q.findLinesOnPath(db, { ...pathOf(input), userId: input.UserId });
  const otherEmails = distinct(
    lines
      .filter(isLive)
      .filter((l) => l.email !== input.Email)
      .filter(
        (l) => l.isPlatformRequest === 1 || (l.clientAccountId !== null && accountIds.has(l.clientAccountId)),
      )
      .map((l) => l.email),
  );
  return {
    accessExistsToOtherEmails: otherEmails.length > 0,
    accessExistsToOtherEmailsMessage: otherEmails.length
      ? messages.accessExistsToOtherEmails(otherEmails.join(', '))
      : null,
  };
}

/** One line to write, before the request-wide columns are added. */
interface PlannedLine {
  assetId: number | null;
  clientAccountId: number | null;
  platformUserTypeId: number;
  beginningDate: string | null;
  expirationDate: string | null;
}

/** Checks every id of the account rows against the platform and client; returns the lines to write. */
async function planLines(read: PlanReader, input: CreateRequestInput): Promise<PlannedLine[]> {
  const rows = input.RequestAccountAccess;
  const userTypes = await read.activeUserTypes({
    platformId: input.PlatformId,
    ids: distinct(rows.map((r) => r.PlatformUserTypeId)),
  });
  const userTypeOf = new Map(userTypes.map((t) => [t.platformUserTypeId, t]));
  const dates = (r: (typeof rows)[number]) =>
    isUnlimited(r)
      ? { beginningDate: null, expirationDate: null }
      : { beginningDate: dayToIso(r.BeginningDate), expirationDate: dayToIso(r.ExpirationDate) };

  if (input.isPlaformRequest) {
    const row = rows[0]!;
    const type = userTypeOf.get(row.PlatformUserTypeId);
    if (!type || type.assetId !== null) {
      throw unprocessable(messages.invalidRequestPath('platform user type'));
    }
    return [
      { assetId: null, clientAccountId: null, platformUserTypeId: type.platformUserTypeId, ...dates(row) },
    ];
  }

  const assets = await read.activeAssets({
    platformId: input.PlatformId,
    assetIds: distinct(rows.flatMap((r) => (r.AssetId ? [r.AssetId] : []))),
  });
  const assetOf = new Map(assets.map((a) => [a.assetId, a]));
  const accounts = input.ClientId
    ? await read.activeClientAccounts({
        clientId: input.ClientId,
        ids: distinct(rows.flatMap((r) => r.ClientAccountsIds)),
      })
    : [];
  const accountOf = new Map(accounts.map((a) => [a.clientAccountId, a]));

  const planned: PlannedLine[] = [];
  for (const row of rows) {
    const asset = row.AssetId ? assetOf.get(row.AssetId) : undefined;
    if (!asset) {
      throw unprocessable(messages.invalidRequestPath('asset type'));
    }
    const type = userTypeOf.get(row.PlatformUserTypeId);
    if (!type || type.assetId !== asset.assetId) {
      throw unprocessable(messages.invalidRequestPath('platform user type'));
    }
    const base = { assetId: asset.assetId, platformUserTypeId: type.platformUserTypeId, ...dates(row) };
    // An agency-level (system record) asset has no client accounts: one line for the asset.
    if (row.ClientAccountsIds.length === 0) {
      if (asset.isSystemRecord !== 1) {
        throw unprocessable(messages.completeRequiredFields);
      }
      planned.push({ ...base, clientAccountId: null });
      continue;
    }
    for (const accountId of distinct(row.ClientAccountsIds)) {
      if (accountOf.get(accountId)?.assetId !== asset.assetId) {
        throw unprocessable(messages.invalidRequestPath('asset name'));
      }
      planned.push({ ...base, clientAccountId: accountId });
    }
  }
  return planned;
}

/** An identical live line for the same user, email and account (or business access) blocks the request. */
function findDuplicate(existing: q.LineOnPath[], email: string, planned: PlannedLine[], isPlatform: boolean) {
  const live = existing.filter((l) => isLive(l) && l.email === email);
  for (const line of planned) {
    const twin = live.find((l) =>
      isPlatform
        ? l.isPlatformRequest === 1
        : l.isPlatformRequest === 0 &&
          l.assetId === line.assetId &&
          l.clientAccountId === line.clientAccountId,
    );
    if (twin) {
      return twin;
    }
  }
  return undefined;
}

/**
 * POST api/Request/Create: checks the path, the subject, the email and every account against
 * the master data, refuses a Meta business access for an external user and a duplicate of a
 * live line, then writes one line per selected account per row (business access: one line),
 * each with its history row, in one transaction.
 */
export async function createRequest(db: Db, actor: Actor, input: CreateRequestInput) {
  const { lines, submissionId } = await planRequest(databaseReader(db), actor, input);
  const requestIds = await inTransaction(db, async (trx) => {
    const ids = await writeRequest(trx, lines, input.Comments);
    await queueNotifications(trx, 'submitted', ids, actor.userId);
    return ids;
  });
  return { requestIds, submissionId };
}

/** Writes planned lines, each with its history row, inside the caller's transaction. */
export async function writeRequest(trx: Executor, lines: NewLine[], comments: string): Promise<number[]> {
  const [ids] = await insertRequestsWithHistory(trx, [{ lines, comments }]);
  return ids!;
}

/**
 * Writes many requests' planned lines with their history rows in a few statements, inside the
 * caller's transaction (a bulk upload's batch); answers each request's ids.
 */
export function writeRequests(trx: Executor, requests: NewRequest[]): Promise<number[][]> {
  return insertRequestsWithHistory(trx, requests);
}

/**
 * Every check of POST api/Request/Create, reading only (through `read`: the database for the
 * Create call, a batch's rows read ahead for the bulk upload); returns the lines the request
 * would write. The Create call and the bulk upload of user records share it, so a row of a
 * file passes exactly the wizard's rules.
 */
export async function planRequest(read: PlanReader, actor: Actor, input: CreateRequestInput) {
  const path = pathOf(input);
  const platform = await read.activePathPlatform(path);
  if (!platform) {
    throw unprocessable(messages.invalidRequestPath('platform'));
  }
  const subject = await read.subject(input.UserId);
  if (!subject) {
    throw notFound(messages.userNotFound);
  }
  if (!subject.emails.includes(input.Email)) {
    throw unprocessable(messages.requestEmailNotOfUser);
  }
  const isInternal = subject.isInternal === 1;
  if (input.isPlaformRequest) {
    if (platform.businessAccess !== 1) {
      throw unprocessable(messages.invalidRequestPath('business access'));
    }
    if (!isInternal && platform.businessAccessInternalOnly === 1) {
      throw unprocessable(messages.metaExternalRefused);
    }
  } else if (input.ClientId) {
    const client = await read.activeClient({ clientId: input.ClientId, ...path });
    if (!client) {
      throw unprocessable(messages.invalidRequestPath('client'));
    }
    if (
      input.ClientCodeId &&
      !(await read.activeClientCode({ clientCodeId: input.ClientCodeId, clientId: client.clientId }))
    ) {
      throw unprocessable(messages.invalidRequestPath('client code'));
    }
  }
  // Manager data is attached only when the subject is internal (spec 1 §2.3), and then required.
  if (isInternal && !input.ManagerEmail) {
    throw unprocessable(messages.completeRequiredFields);
  }
  const planned = await planLines(read, input);
  const duplicate = findDuplicate(
    await read.linesOnPath({ ...path, userId: subject.userId }),
    input.Email,
    planned,
    input.isPlaformRequest,
  );
  if (duplicate) {
    throw unprocessable(messages.requestAlreadyExists(duplicate.requestId), {
      requestId: duplicate.requestId,
    });
  }

  const now = nowIso();
  const submissionId = crypto.randomUUID();
  const lines: NewLine[] = planned.map((p) => ({
    ...p,
    submissionId,
    requestTypeId: RequestType.ADD,
    statusId: RequestStatus.SUBMITTED,
    recordId: null,
    userId: subject.userId,
    email: input.Email,
    isInternal: isInternal ? 1 : 0,
    createdBy: actor.userId,
    createdDate: now,
    ...path,
    clientId: input.isPlaformRequest ? null : (input.ClientId ?? null),
    clientCodeId: input.isPlaformRequest ? null : (input.ClientCodeId ?? null),
    platformOwnershipId: input.PlatformOwnerShipId,
    productCode: input.isPlaformRequest ? null : input.ProductCode || null,
    isUrgent: input.IsUrgent ? 1 : 0,
    isPlatformRequest: input.isPlaformRequest ? 1 : 0,
    comments: input.Comments,
    managerEmail: isInternal ? (input.ManagerEmail ?? null) : null,
    managerName: isInternal ? (input.ManagerName ?? null) : null,
    updatedDate: now,
    updatedBy: actor.userId,
  }));
  return { lines, submissionId };
}

/** What `planRequest` will ask for these requests: one read-ahead serves a whole batch. */
export function planQuestions(inputs: CreateRequestInput[]): PlanQuestions {
  const rows = inputs.flatMap((i) => i.RequestAccountAccess);
  return {
    paths: inputs.map((i) => ({ ...pathOf(i), userId: i.UserId })),
    clientIds: distinct(inputs.flatMap((i) => (i.ClientId ? [i.ClientId] : []))),
    clientCodeIds: distinct(inputs.flatMap((i) => (i.ClientCodeId ? [i.ClientCodeId] : []))),
    userTypeIds: distinct(rows.map((r) => r.PlatformUserTypeId)),
    assetIds: distinct(rows.flatMap((r) => (r.AssetId ? [r.AssetId] : []))),
    clientAccountIds: distinct(rows.flatMap((r) => r.ClientAccountsIds)),
  };
}
