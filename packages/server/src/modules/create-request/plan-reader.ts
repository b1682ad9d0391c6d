import type { Db } from '../../db/connection.ts';
import {
  findActiveAssets,
  findActiveClient,
  findActiveClientAccounts,
  findActiveClientCode,
  findActivePathPlatform,
  findActiveUserTypes,
  findLinesOnPath,
  findSubject,
  type LineOnPath,
  type PathIds,
  type PathPlatform,
} from './queries.ts';
import * as aheadQueries from './read-ahead-queries.ts';

/**
 * What the wizard's checks (service.ts, `planRequest`) read: the same questions, asked of the
 * database one request at a time (`databaseReader`, POST api/Request/Create), or answered from
 * rows read ahead for a whole batch of the bulk upload (`readAhead`). The rules stay in one
 * place, `planRequest`; the two readers answer each question the same way.
 */
export interface PlanReader {
  activePathPlatform(p: PathIds): Promise<PathPlatform | undefined>;
  subject(userId: number): Promise<Subject | undefined>;
  activeClient(o: {
    clientId: number;
    platformId: number;
    agencyId: number;
  }): Promise<{ clientId: number } | undefined>;
  activeClientCode(o: {
    clientCodeId: number;
    clientId: number;
  }): Promise<{ clientCodeId: number } | undefined>;
  activeUserTypes(o: { platformId: number; ids: number[] }): Promise<UserType[]>;
  activeAssets(o: { platformId: number; assetIds: number[] }): Promise<Asset[]>;
  activeClientAccounts(o: { clientId: number; ids: number[] }): Promise<ClientAccount[]>;
  linesOnPath(o: PathIds & { userId: number }): Promise<LineOnPath[]>;
}
export type Subject = NonNullable<Awaited<ReturnType<typeof findSubject>>>;
export type UserType = Awaited<ReturnType<typeof findActiveUserTypes>>[number];
export type Asset = Awaited<ReturnType<typeof findActiveAssets>>[number];
export type ClientAccount = Awaited<ReturnType<typeof findActiveClientAccounts>>[number];

/** The reader of POST api/Request/Create: each question one query. */
export function databaseReader(db: Db): PlanReader {
  return {
    activePathPlatform: (p) => findActivePathPlatform(db, p),
    subject: (userId) => findSubject(db, userId),
    activeClient: (o) => findActiveClient(db, o),
    activeClientCode: (o) => findActiveClientCode(db, o),
    activeUserTypes: (o) => findActiveUserTypes(db, o),
    activeAssets: (o) => findActiveAssets(db, o),
    activeClientAccounts: (o) => findActiveClientAccounts(db, o),
    linesOnPath: (o) => findLinesOnPath(db, o),
  };
}

/** What a batch of requests will ask: their paths, subjects, clients, codes, types, assets and accounts. */
export interface PlanQuestions {
  paths: (PathIds & { userId: number })[];
  clientIds: number[];
  clientCodeIds: number[];
  userTypeIds: number[];
  assetIds: number[];
  clientAccountIds: number[];
}

/** Lines per (subject, path) the checks read, as `findLinesOnPath` limits them. */
const LINES_ON_PATH = 1000;
/** Ids per IN list (well under both engines' parameter limits). */
const CHUNK = 500;

const pathKey = (p: PathIds) => `${p.regionId}|${p.marketId}|${p.agencyId}|${p.practiceId}|${p.platformId}`;
const chunks = <T>(values: T[]) =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) =>
    values.slice(i * CHUNK, (i + 1) * CHUNK),
  );
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * A reader for a batch of requests (the bulk upload): every question the batch will ask is read
 * in a few set queries, with the same conditions as the one-request queries of queries.ts
 * (active rows, the same joins, lines of the same statuses and type, first LINES_ON_PATH by id),
 * and answered from memory. A question outside `questions` finds nothing.
 */
export async function readAhead(db: Db, questions: PlanQuestions): Promise<PlanReader> {
  const k = db.kysely;
  const userIds = unique(questions.paths.map((p) => p.userId));
  const platformIds = unique(questions.paths.map((p) => p.platformId));
  const agencyIds = unique(questions.paths.map((p) => p.agencyId));
  const inChunks = async <T>(ids: number[], read: (ids: number[]) => Promise<T[]>) =>
    (await Promise.all(chunks(unique(ids)).map(read))).flat();

  const [platforms, users, extraEmails, clients, codes, userTypes, assets, accounts, lines] =
    await Promise.all([
      platformIds.length === 0 ? [] : aheadQueries.findPathPlatformsOf(k, platformIds, agencyIds),
      inChunks(userIds, (ids) => aheadQueries.findUsersIn(k, ids)),
      inChunks(userIds, (ids) => aheadQueries.findAdditionalEmailsIn(k, ids)),
      inChunks(questions.clientIds, (ids) => aheadQueries.findClientsIn(k, ids)),
      inChunks(questions.clientCodeIds, (ids) => aheadQueries.findClientCodesIn(k, ids)),
      inChunks(questions.userTypeIds, (ids) => aheadQueries.findUserTypesIn(k, ids)),
      inChunks(questions.assetIds, (ids) => aheadQueries.findAssetsIn(k, ids)),
      inChunks(questions.clientAccountIds, (ids) => aheadQueries.findClientAccountsIn(k, ids)),
      linesOnPaths(db, questions.paths),
    ]);

  const platformOf = new Map(
    platforms.map(({ agencyId, practiceId, marketId, regionId, ...p }) => [
      pathKey({ regionId, marketId, agencyId, practiceId, platformId: p.platformId }),
      p,
    ]),
  );
  const userOf = new Map(users.map((u) => [u.userId, u]));
  const linesOf = new Map<string, LineOnPath[]>();
  for (const { userId, regionId, marketId, agencyId, practiceId, platformId, ...line } of lines) {
    const key = `${userId}|${pathKey({ regionId, marketId, agencyId, practiceId, platformId })}`;
    const list = linesOf.get(key) ?? [];
    if (list.length < LINES_ON_PATH) {
      list.push(line);
    }
    linesOf.set(key, list);
  }
  return {
    activePathPlatform: async (p) => platformOf.get(pathKey(p)),
    subject: async (userId) => {
      const user = userOf.get(userId);
      return (
        user && {
          ...user,
          emails: [user.email, ...extraEmails.filter((e) => e.userId === userId).map((e) => e.email)],
        }
      );
    },
    activeClient: async (o) => {
      const client = clients.find(
        (c) => c.clientId === o.clientId && c.platformId === o.platformId && c.agencyId === o.agencyId,
      );
      return client && { clientId: client.clientId, description: client.description };
    },
    activeClientCode: async (o) => {
      const code = codes.find((c) => c.clientCodeId === o.clientCodeId && c.clientId === o.clientId);
      return code && { clientCodeId: code.clientCodeId };
    },
    activeUserTypes: async (o) =>
      userTypes
        .filter((t) => t.platformId === o.platformId && o.ids.includes(t.platformUserTypeId))
        .map(({ platformId: _p, ...t }) => t),
    activeAssets: async (o) =>
      assets
        .filter((a) => a.platformId === o.platformId && o.assetIds.includes(a.assetId))
        .map(({ platformId: _p, ...a }) => a),
    activeClientAccounts: async (o) =>
      accounts
        .filter((a) => a.clientId === o.clientId && o.ids.includes(a.clientAccountId))
        .map(({ clientId: _c, ...a }) => a),
    linesOnPath: async (o) => linesOf.get(`${o.userId}|${pathKey(o)}`) ?? [],
  };
}

/** `findLinesOnPath` for many (subject, path) pairs at once, in request-id order, with the pair's columns. */
async function linesOnPaths(db: Db, paths: (PathIds & { userId: number })[]) {
  const distinctPaths = [...new Map(paths.map((p) => [`${p.userId}|${pathKey(p)}`, p])).values()];
  const perQuery = Math.floor(CHUNK / 6);
  const groups = Array.from({ length: Math.ceil(distinctPaths.length / perQuery) }, (_, i) =>
    distinctPaths.slice(i * perQuery, (i + 1) * perQuery),
  );
  const read = (group: typeof distinctPaths) => aheadQueries.findLinesOnPaths(db, group);
  return (await Promise.all(groups.map(read))).flat();
}
