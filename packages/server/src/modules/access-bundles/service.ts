import {
  messages,
  Role,
  type AccessBundleDetail,
  type AccessBundleInput,
  type AccessBundleItemInput,
  type AccessBundleRow,
  type BundleRequestInput,
  type BundleRequestPreviewInput,
  type FittingBundle,
  type FittingBundlesQuery,
  type SameAccessLine,
  type SameAccessResult,
} from '@uap/domain';
import { inTransaction, nowIso, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, type AdminScope } from '../../http/admin-scope.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { holdsAdminRow } from '../../http/row-scope-queries.ts';
import { scopedReader } from '../../http/table-routes.ts';
import { readAhead, type PlanReader } from '../create-request/plan-reader.ts';
import { planCopies, previewFor, sendCopies, type CopySource } from '../create-request/same-access.ts';
import * as q from './queries.ts';

interface Place {
  regionId: number;
  marketId: number;
  agencyId: number;
}

const status = (isDeleted: number) => (isDeleted === 1 ? 'Inactive' : 'Active');

/** PUT api/AccessBundles/List (+ /Filters, /Export): the bundles of the caller's (region, market) rows. */
export const bundleReader = scopedReader(
  q.bundleTable,
  (actor) => adminScopeOf(actor, 'read'),
  (row): AccessBundleRow => ({
    bundleId: row.bundleId,
    name: row.name,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyName: row.agencyName,
    itemCount: Number(row.itemCount),
    status: status(row.isDeleted),
    updatedDate: row.updatedDate,
  }),
);

/** The accesses as the checks see them: on the bundle's place, by their ids. */
const pathOf = (place: Place, item: { practiceId: number; platformId: number }) => ({
  ...place,
  practiceId: item.practiceId,
  platformId: item.platformId,
});

/** Reads ahead, once for all the accesses, what `problemOf` asks. */
function readerFor(db: Db, place: Place, items: readonly AccessBundleItemInput[]): Promise<PlanReader> {
  const ids = (pick: (i: AccessBundleItemInput) => number | null | undefined) =>
    items.flatMap((i) => {
      const id = pick(i);
      return id ? [id] : [];
    });
  return readAhead(db, {
    paths: items.map((i) => ({
      ...pathOf(place, { practiceId: i.PracticeId, platformId: i.PlatformId }),
      userId: 0,
    })),
    clientIds: ids((i) => i.ClientId),
    clientCodeIds: [],
    userTypeIds: ids((i) => i.PlatformUserTypeId),
    assetIds: ids((i) => i.AssetId),
    clientAccountIds: ids((i) => i.ClientAccountId),
  });
}

/**
 * What of an access is not available on the place, as the wizard's Create would say it (null:
 * all of it is): the path's platform, the business access, the client, the asset type, the
 * user type of that asset type (or a platform-level one), the account of that client and asset
 * type (an asset type with no accounts is an agency-level one).
 */
async function problemOf(
  read: PlanReader,
  place: Place,
  item: AccessBundleItemInput,
): Promise<string | null> {
  const platform = await read.activePathPlatform(
    pathOf(place, { practiceId: item.PracticeId, platformId: item.PlatformId }),
  );
  if (!platform) {
    return messages.invalidRequestPath('platform');
  }
  const [type] = await read.activeUserTypes({ platformId: item.PlatformId, ids: [item.PlatformUserTypeId] });
  if (item.IsPlatformRequest) {
    if (platform.businessAccess !== 1) {
      return messages.invalidRequestPath('business access');
    }
    return type && type.assetId === null ? null : messages.invalidRequestPath('platform user type');
  }
  if (
    !item.ClientId ||
    !(await read.activeClient({
      clientId: item.ClientId,
      ...pathOf(place, { practiceId: item.PracticeId, platformId: item.PlatformId }),
    }))
  ) {
    return messages.invalidRequestPath('client');
  }
  const [asset] = item.AssetId
    ? await read.activeAssets({ platformId: item.PlatformId, assetIds: [item.AssetId] })
    : [];
  if (!asset) {
    return messages.invalidRequestPath('asset type');
  }
  if (!type || type.assetId !== asset.assetId) {
    return messages.invalidRequestPath('platform user type');
  }
  if (!item.ClientAccountId) {
    return asset.isSystemRecord === 1 ? null : messages.completeRequiredFields;
  }
  const [account] = await read.activeClientAccounts({ clientId: item.ClientId, ids: [item.ClientAccountId] });
  return account?.assetId === asset.assetId ? null : messages.invalidRequestPath('asset name');
}

const inputOfRow = (i: q.BundleItemRow): AccessBundleItemInput => ({
  PracticeId: i.practiceId,
  PlatformId: i.platformId,
  ClientId: i.clientId,
  AssetId: i.assetId,
  ClientAccountId: i.clientAccountId,
  PlatformUserTypeId: i.platformUserTypeId,
  IsPlatformRequest: i.isPlatformRequest === 1,
});

/** A bundle with its accesses, each saying which part is no longer available. */
async function presentBundle(db: Db, bundle: q.BundleRow): Promise<AccessBundleDetail> {
  const items = await q.findBundleItems(db.kysely, [bundle.bundleId]);
  const inputs = items.map(inputOfRow);
  const read = await readerFor(db, bundle, inputs);
  const problems = await Promise.all(inputs.map((i) => problemOf(read, bundle, i)));
  return {
    bundleId: bundle.bundleId,
    name: bundle.name,
    regionId: bundle.regionId,
    marketId: bundle.marketId,
    agencyId: bundle.agencyId,
    regionName: bundle.regionName,
    marketName: bundle.marketName,
    agencyName: bundle.agencyName,
    isActive: bundle.isDeleted === 0,
    items: items.map((i, n) => ({
      itemId: i.itemId,
      practiceId: i.practiceId,
      practiceName: i.practiceName,
      platformId: i.platformId,
      platformName: i.platformName,
      clientId: i.clientId,
      clientName: i.clientName,
      assetId: i.assetId,
      assetName: i.assetName,
      clientAccountId: i.clientAccountId,
      clientAccountName: i.clientAccountName,
      platformUserTypeId: i.platformUserTypeId,
      platformUserTypeName: i.platformUserTypeName,
      isPlatformRequest: i.isPlatformRequest === 1,
      unavailable: problems[n] ?? null,
    })),
  };
}

/**
 * GET api/AccessBundles/{bundleId}: for an administrator, a bundle of her rows (a super
 * administrator and the auditor: any); for a requestor, an active bundle (the wizard lists its
 * accesses). Else 404.
 */
export async function getBundle(db: Db, actor: Actor, bundleId: number): Promise<AccessBundleDetail> {
  const isRequestor = actor.roleId < Role.ADMIN;
  const bundle = await q.findBundle(db.kysely, isRequestor ? null : adminScopeOf(actor, 'read'), bundleId);
  if (!bundle || (isRequestor && bundle.isDeleted === 1)) {
    throw notFound();
  }
  return presentBundle(db, bundle);
}

/**
 * The place must be one of the caller's (region, market) rows (a super admin: any), the market
 * of the region and the agency of the market; every access available on it (422 naming the
 * access and the part); the name not taken on the agency (409).
 */
async function checkBundle(db: Db, scope: AdminScope, input: AccessBundleInput, exceptId: number | null) {
  const place = { regionId: input.RegionId, marketId: input.MarketId, agencyId: input.AgencyId };
  if (scope.kind === 'admin' && !(await holdsAdminRow(db.kysely, scope.userId, place))) {
    throw notFound();
  }
  if (!(await q.isPlace(db.kysely, place))) {
    throw unprocessable(messages.invalidRequestPath('agency'));
  }
  const read = await readerFor(db, place, input.Items);
  for (const [n, item] of input.Items.entries()) {
    const problem = await problemOf(read, place, item);
    if (problem) {
      throw unprocessable(messages.bundleItemRefused(n + 1, problem));
    }
  }
  if (await q.isNameTaken(db.kysely, { name: input.Name, ...place, exceptId })) {
    throw conflict(messages.bundleNameTaken);
  }
  return place;
}

/** POST api/AccessBundles: a new bundle on a place of the caller's rows. */
export async function createBundle(
  db: Db,
  actor: Actor,
  input: AccessBundleInput,
): Promise<AccessBundleDetail> {
  const scope = adminScopeOf(actor, 'write');
  const place = await checkBundle(db, scope, input, null);
  const bundleId = await inTransaction(db, async (trx) => {
    const id = await q.insertBundle(trx, {
      name: input.Name,
      ...place,
      actorId: actor.userId,
      now: nowIso(),
    });
    await q.replaceItems(trx, id, input.Items);
    return id;
  });
  return getBundle(db, actor, bundleId);
}

/** PUT api/AccessBundles/{bundleId}: its name, place and accesses (both places inside the caller's rows). */
export async function updateBundle(
  db: Db,
  actor: Actor,
  bundleId: number,
  input: AccessBundleInput,
): Promise<AccessBundleDetail> {
  const scope = adminScopeOf(actor, 'write');
  const place = await checkBundle(db, scope, input, bundleId);
  await inTransaction(db, async (trx) => {
    if (!(await q.findBundle(trx, scope, bundleId, { dialect: db.dialect, forUpdate: true }))) {
      throw notFound();
    }
    await q.updateBundle(trx, bundleId, { name: input.Name, ...place }, actor.userId, nowIso());
    await q.replaceItems(trx, bundleId, input.Items);
  });
  return getBundle(db, actor, bundleId);
}

/** PUT api/AccessBundles/{bundleId}/Active: offered in new requests again, or no longer. */
export async function setBundleActive(
  db: Db,
  actor: Actor,
  bundleId: number,
  isActive: boolean,
): Promise<{ data: AccessBundleDetail; message: string }> {
  const scope = adminScopeOf(actor, 'write');
  await inTransaction(db, async (trx) => {
    if (!(await q.findBundle(trx, scope, bundleId, { dialect: db.dialect, forUpdate: true }))) {
      throw notFound();
    }
    await q.updateBundle(trx, bundleId, { isDeleted: isActive ? 0 : 1 }, actor.userId, nowIso());
  });
  return {
    data: await getBundle(db, actor, bundleId),
    message: isActive ? messages.bundleActivated : messages.bundleDeactivated,
  };
}

/** GET api/AccessBundles/Fitting: the active bundles of the wizard's place, for any requestor. */
export async function findFittingBundles(db: Db, place: FittingBundlesQuery): Promise<FittingBundle[]> {
  const rows = await q.findFittingBundles(db.kysely, place);
  return rows.map((r) => ({ bundleId: r.bundleId, name: r.name, itemCount: Number(r.itemCount) }));
}

/**
 * The chosen accesses of an active bundle as what a request copies (unlimited access, as the
 * wizard's default); a bundle no longer offered, or an access not of it: 404.
 */
async function bundleSources(db: Db, o: { BundleId: number; ItemIds: number[] }): Promise<CopySource[]> {
  const bundle = await q.findBundle(db.kysely, null, o.BundleId);
  if (!bundle || bundle.isDeleted === 1) {
    throw notFound(messages.bundleGone);
  }
  const wanted = new Set(o.ItemIds);
  const items = (await q.findBundleItems(db.kysely, [bundle.bundleId])).filter((i) => wanted.has(i.itemId));
  if (items.length !== wanted.size) {
    throw notFound(messages.bundleGone);
  }
  return items.map((i) => ({
    requestId: i.itemId,
    regionId: bundle.regionId,
    marketId: bundle.marketId,
    agencyId: bundle.agencyId,
    practiceId: i.practiceId,
    platformId: i.platformId,
    clientId: i.clientId,
    clientCodeId: null,
    productCode: null,
    assetId: i.assetId,
    clientAccountId: i.clientAccountId,
    platformUserTypeId: i.platformUserTypeId,
    isPlatformRequest: i.isPlatformRequest,
    expirationDate: null,
    platformName: i.platformName,
    clientName: i.clientName,
    assetName: i.assetName,
    clientAccountName: i.clientAccountName,
    platformUserTypeName: i.platformUserTypeName,
  }));
}

/** POST api/Request/Bundle/Preview: what each chosen access becomes for the user; nothing is written. */
export async function previewBundleRequest(
  db: Db,
  actor: Actor,
  input: BundleRequestPreviewInput,
): Promise<{ lines: SameAccessLine[] }> {
  const planned = await planCopies(db, actor, await bundleSources(db, input), previewFor(input));
  return { lines: planned.map((p) => p.line) };
}

/** POST api/Request/Bundle: one request with a line per chosen access the user may be given. */
export async function requestBundle(
  db: Db,
  actor: Actor,
  input: BundleRequestInput,
): Promise<{ data: SameAccessResult; message: string }> {
  const planned = await planCopies(db, actor, await bundleSources(db, input), input);
  return sendCopies(db, actor, planned, input.Comments);
}
