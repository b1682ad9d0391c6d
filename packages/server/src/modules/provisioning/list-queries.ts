import { sql } from 'kysely';
import { RequestStatus, provisioningTable, type ProvisioningQuery } from '@uap/domain';
import { toCount, type Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  fitsAllRows,
  pageOf,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import {
  fullName,
  leftJoinsOnly,
  lineColumns,
  type LineWhere,
  namedLines,
  ref,
  type RequestEb,
  linesById,
  text,
} from '../request-lines/line-query.ts';
import { declaredColumns, urgentFirst } from '../request-lines/lists.ts';
import { provisioningTask, type ProvisioningScope } from '../request-lines/routing.ts';

/** My Provisioning Tasks and My Archive Provisionings: the page, its count and its filter menus. */

/**
 * My Provisioning Tasks (approved work plus what I completed) or My Archive Provisionings, as
 * disjoint parts (their statuses differ): each part alone uses its index (the partial index of
 * Approved lines, or provisioned_by + status), so the count (and an unfiltered page) is found
 * part by part.
 * A literal status lets both engines match the partial index (migration 0010).
 */
function listParts(scope: ProvisioningScope, isArchive: boolean): LineWhere[] {
  const status = (eb: RequestEb, statusId: number) => eb('r.statusId', '=', sql.lit(statusId));
  return isArchive
    ? [(eb) => eb.and([status(eb, RequestStatus.ARCHIVED), eb('r.provisionedBy', '=', scope.userId)])]
    : [
        // The tasks, the rule the home badge counts.
        (eb) => provisioningTask(eb, scope),
        (eb) => eb.and([status(eb, RequestStatus.COMPLETED), eb('r.provisionedBy', '=', scope.userId)]),
      ];
}

/** The whole list: any of its parts. */
function listWhere(scope: ProvisioningScope, isArchive: boolean) {
  const parts = listParts(scope, isArchive);
  return (eb: RequestEb) => eb.or(parts.map((part) => part(eb)));
}

/** The provisioning table; keys are the row field names the web sends. */
export const provisioningSpec: TableSpec = {
  columns: declaredColumns(provisioningTable, {
    approverName: { ...text('ap.name'), sql: fullName('ap') },
  }),
  id: ref<number>('r.requestId'),
  searchIndex: requestSearchIndex,
  defaultOrder: urgentFirst,
};

function lines(db: Db, where: LineWhere) {
  return namedLines(db.kysely, where)
    .leftJoin('users as ap', 'ap.userId', 'r.approvedRejectedBy')
    .leftJoin('users as pu', 'pu.userId', 'r.provisionedBy');
}
type Lines = ReturnType<typeof lines>;

function selectRow(qb: Lines) {
  return qb.select([
    ...lineColumns,
    'r.isUrgent',
    'r.createdDate',
    'r.approvedDate',
    'r.provisionedDate',
    'r.email',
    'r.requestedPlatformEmail',
    'r.reassignedPrimaryEmail',
    'r.comments',
    'r.approverComment',
    'r.provisionerComment',
    'r.beginningDate',
    'r.expirationDate',
    'r.changesRequest',
    'ap.name as approverFirstName',
    'ap.lastName as approverLastName',
    'pu.name as provisionerName',
    'pu.lastName as provisionerLastName',
    'pu.email as provisionerEmail',
    'ca.assetReference',
    'put.basicName as platformUserTypeBasicName',
  ]);
}
export type ProvisioningLineRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/** A page's lines by id with every name, in the order of the ids (a kept statement). */
const pageRows = linesById(
  () => '',
  (db, where) => selectRow(lines(db, where)),
);

/**
 * The lines for filtering, counting and ordering only. With names, every table of the list, left
 * joined (`leftJoinsOnly`: PostgreSQL then joins only the tables a filter, search or sort names);
 * without, the requests table alone, so that a query that neither filters, searches nor sorts on
 * a name reads one index only (SQLite keeps even unused LEFT JOINs).
 */
function filterLines(db: Db, where: LineWhere, withNames: boolean): Lines {
  if (withNames) {
    return lines(db, where).withPlugin(leftJoinsOnly);
  }
  // Only the joined tables are missing, and no filter, search or sort names them.
  return db.kysely.selectFrom('requests as r').where(where);
}

/** The sort columns of the line itself (no join needed to order by them). */
const ownSortColumns = new Set(['requestId', 'isUrgent', 'createdDate', 'approvedDate', 'email']);

/** Whether the query filters, searches or sorts on a name another table holds. */
function needsNames(query: ProvisioningQuery) {
  return (
    query.filters.some((f) => f.values.length > 0) ||
    query.searchCriteria.trim() !== '' ||
    (query.orderBy !== undefined && query.orderBy !== null && !ownSortColumns.has(query.orderBy))
  );
}

type Part = ReturnType<typeof filterLines>;
type Window = ReturnType<typeof pageOf>;

/** The ids of rows [from, to) of one part, in the table's order. */
function idsOfPart(part: Part, query: ProvisioningQuery, from: number, to: number) {
  return orderTable(part.select('r.requestId'), provisioningSpec, query)
    .limit(to - from)
    .offset(from)
    .execute();
}

/**
 * The ids of rows [offset, offset + limit) of the parts read one after the other, each in the
 * table's order, cut by the parts' counts: only the parts the page falls in are read, each from
 * its own index. The first part's rows are read beside the counts (most pages lie in the work
 * alone); another part waits for the counts that say where it starts.
 */
async function idsAcrossParts(
  parts: Part[],
  countsRead: Promise<number[]>,
  query: ProvisioningQuery,
  { offset, limit }: Window,
) {
  const [first, ...others] = parts;
  const [firstRows, counts] = await Promise.all([
    idsOfPart(first!, query, offset, offset + limit),
    countsRead,
  ]);
  let start = counts[0]!;
  const otherRows = others.map((part, i) => {
    const from = Math.max(0, offset - start);
    const to = Math.min(counts[i + 1]!, offset + limit - start);
    start += counts[i + 1]!;
    return to > from ? idsOfPart(part, query, from, to) : Promise.resolve([]);
  });
  // A line that moved between the statements may make one more: the page stays its size.
  return [...firstRows, ...(await Promise.all(otherRows)).flat()].slice(0, limit);
}

/**
 * The ids of a page in an order the user chose, over the whole list. Without names, each part
 * gives its first (offset + limit) ids from its own index and the page is cut from those
 * candidates; with names, one query over the whole list measured faster on both engines (the
 * planner starts from a filtered name). The candidates are one list (UNION ALL): as one IN per
 * part under an OR, PostgreSQL read every line to find the page's 100.
 */
function idsInChosenOrder(
  db: Db,
  scope: ProvisioningScope,
  query: ProvisioningQuery,
  parts: Part[],
  { withNames, condition }: { withNames: boolean; condition: ReturnType<typeof tableCondition> },
  { offset, limit }: Window,
) {
  const firstOf = (part: Part) =>
    orderTable(part.select('r.requestId'), provisioningSpec, query).limit(offset + limit);
  const firstIds = parts
    .map((part, i) => db.kysely.selectFrom(firstOf(part).as(`c${i}`)).select(`c${i}.requestId`))
    .reduce((all, next) => all.unionAll(next));
  const candidates = withNames
    ? filterLines(db, listWhere(scope, query.Archive), true).where(condition)
    : filterLines(db, (eb) => eb('r.requestId', 'in', firstIds), false);
  return orderTable(candidates.select('r.requestId'), provisioningSpec, query)
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * One page of the provisioning table and the total count of its filtered result: the page's
 * ids are found on narrow rows first, then only its lines are read with every name.
 */
export async function findProvisioningPage(db: Db, scope: ProvisioningScope, query: ProvisioningQuery) {
  const condition = tableCondition(db.dialect, provisioningSpec, query);
  const withNames = needsNames(query);
  const parts = listParts(scope, query.Archive).map((part) =>
    filterLines(db, part, withNames).where(condition),
  );
  const page = pageOf(query);
  // The parts are disjoint (their statuses differ): the total is the sum of their counts.
  const countsRead = Promise.all(
    parts.map(async (part) =>
      toCount((await part.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst())?.count),
    ),
  );
  // In the default order the lines that need work (Approved) come before the Completed ones
  // waiting to be archived (status 2 before 3), as the parts do: the page is cut by the parts'
  // counts, and a page inside the first part reads nothing of the second.
  const [ids, counts] =
    !query.orderBy && !query.Archive
      ? await Promise.all([idsAcrossParts(parts, countsRead, query, page), countsRead])
      : await Promise.all([
          idsInChosenOrder(db, scope, query, parts, { withNames, condition }, page),
          countsRead,
        ]);
  const rows = await pageRows(
    db,
    fitsAllRows(query, ids).map((r) => r.requestId),
    null,
    {},
  );
  return { rows, totalCount: counts.reduce((sum, c) => sum + c, 0) };
}

/** The distinct values of one column under the other filters, sorted, at most the limit + 1. */
export async function findProvisioningColumnValues(
  db: Db,
  scope: ProvisioningScope,
  query: ProvisioningQuery,
  column: string,
) {
  return distinctFilterValues(
    lines(db, listWhere(scope, query.Archive)).where(
      tableCondition(db.dialect, provisioningSpec, query, column),
    ),
    provisioningSpec,
    column,
  );
}
