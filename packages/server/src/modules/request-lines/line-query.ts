import {
  SelectQueryNode,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type KyselyPlugin,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { KEPT_PLAN, type Db, type Dialect } from '../../db/connection.ts';
import { keptStatement, slot } from '../../db/kept-statement.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The request line with all its names, shared by the request tables (records, tracker, activity
 * log, approvals, provisioning): the base `FROM requests r`, its lookup joins and the columns
 * every list selects. Each list keeps its own columns, conditions and extra joins.
 */

export type RequestEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;
export type Executor = Kysely<Database>;
export type LineWhere = (eb: RequestEb) => Expression<SqlBool>;

/**
 * The lines with these ids, in a text that does not vary with their number on PostgreSQL
 * (`= any(array)`), so a statement marked with `KEPT_PLAN` is one prepared statement.
 */
export const withIds =
  (dialect: Dialect, ids: readonly number[]): LineWhere =>
  (eb) =>
    dialect === 'postgres'
      ? eb('r.requestId', '=', eb.fn.any(eb.val(ids as number[])))
      : eb('r.requestId', 'in', ids);

/** The lengths SQLite's id lists come in (`withIdSlots`): a list is padded up to the next one. */
const ID_LIST_LENGTHS = [1, 10, 25, 50, 100, 250, 500, 1000, 2000];

/** The length of the id list a kept statement takes for `count` ids on this engine (0: one array). */
const idListLength = (dialect: Dialect, count: number) =>
  dialect === 'postgres' ? 0 : (ID_LIST_LENGTHS.find((length) => length >= count) ?? count);

/**
 * `withIds` in a kept statement (db/kept-statement.ts), the ids read from the run's `ids`: one
 * array on PostgreSQL; on SQLite `length` slots (`idListLength`), the list padded with its last
 * id, so a statement has a text for each of a few lengths rather than one for every count.
 */
function withIdSlots(dialect: Dialect, length: number): LineWhere {
  type IdsRun = { ids: readonly number[] };
  return withIds(
    dialect,
    dialect === 'postgres'
      ? slot((run: IdsRun) => run.ids)
      : Array.from({ length }, (_, i) => slot((run: IdsRun) => run.ids[Math.min(i, run.ids.length - 1)]!)),
  );
}

/** A statement over the lines with every list's joins (each list has its own). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LinesSelect<Row> = SelectQueryBuilder<any, any, Row>;

/**
 * A page's read of whole lines by id: a kept statement (db/kept-statement.ts) with a kept plan
 * (`KEPT_PLAN`), built by `select` over the lines of the run's ids. A list's widest statement,
 * it is built once per id-list length and `shape` (`keyOf` names what in the shape changes the
 * text); `run` fills the statement's other slots. The rows come back in the order of the ids.
 */
export function linesById<Row extends { requestId: number }, Shape = null, Run extends object = object>(
  keyOf: (shape: Shape) => string,
  select: (db: Db, where: LineWhere, shape: Shape) => LinesSelect<Row>,
) {
  const statement = keptStatement(
    ({ idCount, shape }: { idCount: number; shape: Shape }) => `${idCount} ${keyOf(shape)}`,
    (db: Db, { idCount, shape }) => select(db, withIdSlots(db.dialect, idCount), shape).modifyEnd(KEPT_PLAN),
  );
  /** The statement reading these ids' lines (not empty), in no particular order. */
  const compiled = (db: Db, ids: readonly number[], shape: Shape, run: Run) =>
    statement.compiled(db, { idCount: idListLength(db.dialect, ids.length), shape }, { ...run, ids });
  const read = async (db: Db, ids: readonly number[], shape: Shape, run: Run): Promise<Row[]> => {
    if (ids.length === 0) {
      return [];
    }
    const rows = (await db.kysely.executeQuery(compiled(db, ids, shape, run))).rows;
    const byId = new Map(rows.map((r) => [r.requestId, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  return Object.assign(read, { compiled });
}

export const ref = <T = string>(reference: string) => sql.ref<T>(reference);
export const fullName = (alias: string) =>
  sql<string>`${ref(`${alias}.name`)} || ' ' || ${ref(`${alias}.lastName`)}`;
export const text = (reference: string) =>
  ({ sql: ref(reference), kind: 'text', isFilterable: true, isSortable: true, isSearchable: true }) as const;

/**
 * Lines matching `where` with the names of every list: inner joins on the NOT NULL foreign
 * keys, left joins on the optional ones. `where` sees only `r`.
 */
export function namedLines(q: Executor, where: LineWhere) {
  return q
    .selectFrom('requests as r')
    .where(where)
    .innerJoin('requestStatuses as s', 's.statusId', 'r.statusId')
    .innerJoin('requestTypes as t', 't.requestTypeId', 'r.requestTypeId')
    .innerJoin('users as u', 'u.userId', 'r.userId')
    .innerJoin('users as cu', 'cu.userId', 'r.createdBy')
    .innerJoin('regions as rg', 'rg.regionId', 'r.regionId')
    .innerJoin('markets as mk', 'mk.marketId', 'r.marketId')
    .innerJoin('agencies as ag', 'ag.agencyId', 'r.agencyId')
    .innerJoin('practices as pr', 'pr.practiceId', 'r.practiceId')
    .innerJoin('platforms as pl', 'pl.platformId', 'r.platformId')
    .leftJoin('clients as c', 'c.clientId', 'r.clientId')
    .leftJoin('assetTypes as at', 'at.assetId', 'r.assetId')
    .leftJoin('clientAccounts as ca', 'ca.clientAccountId', 'r.clientAccountId')
    .leftJoin('platformUserTypes as put', 'put.platformUserTypeId', 'r.platformUserTypeId');
}

/**
 * For a statement over `namedLines` that only filters, counts or orders lines (it selects no
 * joined column): its own inner joins become left joins (`qb.withPlugin(leftJoinsOnly)`). The
 * inner joins are on NOT NULL foreign keys, so each left join finds the same one row; PostgreSQL
 * drops a left join to a primary key whose table the statement does not use, which it may not
 * do for an inner join. A count under a platform filter then joins the platforms only, not every
 * lookup and 200,000 people twice. Joins inside subqueries are left as they are.
 */
export const leftJoinsOnly: KyselyPlugin = {
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node) && node.joins !== undefined
      ? {
          ...node,
          joins: node.joins.map((join) =>
            join.joinType === 'InnerJoin' ? { ...join, joinType: 'LeftJoin' } : join,
          ),
        }
      : node,
  transformResult: ({ result }) => Promise.resolve(result),
};

/** The named lines with their client code too (every list but provisioning shows it). */
export function codedLines(q: Executor, where: LineWhere) {
  return namedLines(q, where).leftJoin('clientCodes as cc', 'cc.clientCodeId', 'r.clientCodeId');
}

/** The coded lines with who approved (or rejected) them, `ap`, and who provisioned them, `pv`. */
export function decidedLines(q: Executor, where: LineWhere) {
  return codedLines(q, where)
    .leftJoin('users as ap', 'ap.userId', 'r.approvedRejectedBy')
    .leftJoin('users as pv', 'pv.userId', 'r.provisionedBy');
}

/** The line's own identity and the names every list selects (with `namedLines`). */
export const lineColumns = [
  'r.requestId',
  'r.statusId',
  's.description as statusName',
  'r.requestTypeId',
  't.description as requestTypeName',
  'r.recordId',
  'u.name',
  'u.lastName',
  'u.email as userEmail',
  'cu.name as creatorName',
  'cu.lastName as creatorLastName',
  'cu.email as creatorEmail',
  'rg.description as regionName',
  'mk.description as marketName',
  'ag.description as agencyName',
  'pr.description as practiceName',
  'pl.description as platformName',
  'c.description as clientName',
  'at.description as assetName',
  'ca.description as clientAccountName',
  'put.description as platformUserTypeName',
] as const;

/** The columns of a line as an access record (User Access Overview, My Requests, Request Tracker; with `codedLines`). */
export const recordLineColumns = [
  'r.submissionId',
  'r.expirationDate',
  'r.beginningDate',
  'r.isDeleted',
  'r.isUrgent',
  'r.pendingChangeRequestId',
  'r.email',
  'r.comments',
  'r.agencyId',
  'r.platformId',
  'r.platformUserTypeId',
  'r.createdDate',
  'r.userId',
  'r.clientAccountId',
  'at.isSystemRecord as assetIsSystemRecord',
  'cc.code as clientCodeName',
] as const;

/** The access a line asks for and what its approver and provisioner wrote, and when (with `decidedLines`). */
export const decisionColumns = [
  'r.beginningDate',
  'r.expirationDate',
  'r.approverComment',
  'r.approvedDate',
  'r.provisionerComment',
  'r.provisionedDate',
] as const;

/** A lookup joined on demand: its alias, table, keys, and whether its foreign key is NOT NULL. */
export type LineAlias =
  's' | 't' | 'u' | 'cu' | 'rg' | 'mk' | 'ag' | 'pr' | 'pl' | 'c' | 'cc' | 'at' | 'ca' | 'put';
const lookups: readonly (readonly [LineAlias, string, string, string, boolean])[] = [
  ['s', 'requestStatuses as s', 's.statusId', 'r.statusId', true],
  ['t', 'requestTypes as t', 't.requestTypeId', 'r.requestTypeId', true],
  ['u', 'users as u', 'u.userId', 'r.userId', true],
  ['cu', 'users as cu', 'cu.userId', 'r.createdBy', true],
  ['rg', 'regions as rg', 'rg.regionId', 'r.regionId', true],
  ['mk', 'markets as mk', 'mk.marketId', 'r.marketId', true],
  ['ag', 'agencies as ag', 'ag.agencyId', 'r.agencyId', true],
  ['pr', 'practices as pr', 'pr.practiceId', 'r.practiceId', true],
  ['pl', 'platforms as pl', 'pl.platformId', 'r.platformId', true],
  ['c', 'clients as c', 'c.clientId', 'r.clientId', false],
  ['cc', 'clientCodes as cc', 'cc.clientCodeId', 'r.clientCodeId', false],
  ['at', 'assetTypes as at', 'at.assetId', 'r.assetId', false],
  ['ca', 'clientAccounts as ca', 'ca.clientAccountId', 'r.clientAccountId', false],
  ['put', 'platformUserTypes as put', 'put.platformUserTypeId', 'r.platformUserTypeId', false],
];

/** The lookup behind an alias: its table (`name as alias`), primary key, the line's foreign key and whether that is NOT NULL. */
export function lookupOf(alias: LineAlias) {
  const found = lookups.find(([a]) => a === alias);
  if (!found) {
    throw new Error(`Unknown lookup ${alias}`);
  }
  const [, table, key, foreignKey, isRequired] = found;
  return { table, key, foreignKey, isRequired };
}

/**
 * A lookup's name as a table column: sorted by name, then by the lookup row, then by request id,
 * so the lookup's (description, id) index and requests(foreign key, request_id) serve the order
 * (migration 0013) instead of a sort of every line.
 */
export const lookupName = (alias: LineAlias) => ({
  ...text(`${alias}.${alias === 'cc' ? 'code' : 'description'}`),
  sortGroup: ref(lookupOf(alias).key),
});

/** A person's full name as a table column, sorted by name, then by person, then by request id. */
export const personName = (alias: 'u' | 'cu') => ({
  ...text(`${alias}.name`),
  sql: fullName(alias),
  sortGroup: ref(`${alias}.userId`),
});

/** The joined table (alias) a list column's expression reads; the other columns read requests only. */
export const columnAlias: Readonly<Record<string, LineAlias | undefined>> = {
  status: 's',
  requestTypeName: 't',
  requestUserName: 'u',
  requestUserEmail: 'u',
  createdByName: 'cu',
  regionName: 'rg',
  marketName: 'mk',
  agencyName: 'ag',
  practiceName: 'pr',
  platformName: 'pl',
  clientName: 'c',
  clientCodeName: 'cc',
  assetName: 'at',
  clientAccountName: 'ca',
  platformUserTypeName: 'put',
};

type LookupLines = SelectQueryBuilder<Database & { r: Database['requests'] }, 'r', object>;

/**
 * Lines matching `where` for filtering, counting and ordering only, joined to the lookups
 * `isJoined` names. The joins are on primary keys, so none changes which lines match:
 * 'inner' (the NOT NULL keys) lets the planner start from a filtered name, 'left' keeps the
 * requests table first. `innerJoined` is inner joined whatever its key (only the lines that
 * have one: the named part of a sort by an optional name). The columns are read through raw
 * references (`ref`).
 */
export function lookupLines(
  q: Executor,
  where: LineWhere,
  isJoined: (alias: LineAlias) => boolean,
  join: 'inner' | 'left',
  innerJoined?: LineAlias,
): LookupLines {
  // The joins are chosen at run time; their columns are typed through `ref` by the callers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let qb: SelectQueryBuilder<any, any, object> = q.selectFrom('requests as r').where(where);
  for (const [alias, table, key, foreignKey, isRequired] of lookups) {
    if (isJoined(alias)) {
      qb =
        (isRequired && join === 'inner') || alias === innerJoined
          ? qb.innerJoin(table, key, foreignKey)
          : qb.leftJoin(table, key, foreignKey);
    }
  }
  return qb as LookupLines;
}
