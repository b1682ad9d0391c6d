import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, inList } from '../../db/table-query.ts';
import { ref } from '../request-lines/line-query.ts';
import {
  onPathOf,
  PATH_PLACES,
  placesRoutedToProvisioner,
  provisionersAssignments,
  type PathPlace,
} from '../request-lines/routing.ts';
import { filteredColumn } from './keyed-filter-queries.ts';
import type { Alias, TrackerLines, TrackerScope } from './line-queries.ts';
import { lookupColumns } from './lookup-count-queries.ts';
import type { MenuSource } from './menu-queries.ts';

/**
 * A provisioner's Request Tracker read from their assignments first: the lines routed to them
 * lie on the paths of the assignments naming them (`provisionersAssignments`), a few of 50,000,
 * where testing each line against the routing read every line of a candidate they have none of.
 */

/** The columns of a line's path an assignment names too: the assignment's column and lookup. */
const pathPlaces: Readonly<Record<string, { place: PathPlace; alias: Alias }>> = {
  regionName: { place: 'regionId', alias: 'rg' },
  marketName: { place: 'marketId', alias: 'mk' },
  agencyName: { place: 'agencyId', alias: 'ag' },
  practiceName: { place: 'practiceId', alias: 'pr' },
  platformName: { place: 'platformId', alias: 'pl' },
};
const pathPlaceColumns: ReadonlySet<string> = new Set(Object.values(pathPlaces).map((p) => p.place));

/**
 * The ids of the rows of a page's sorted place lookup (a region, market, agency, practice or
 * platform) that a provisioner's routing reaches under the page's filters on those places: the
 * places of their assignments whose paths pass the filters (`placesRoutedToProvisioner`);
 * undefined for other scopes and columns (every row is read). Each other row is a run of no
 * lines, and finding that read every line in scope on PostgreSQL.
 */
export async function placesRouted(
  db: Db,
  scope: TrackerScope,
  query: TableQuery,
): Promise<Set<number> | undefined> {
  const sorted = query.orderBy ? pathPlaces[query.orderBy] : undefined;
  if (scope.kind !== 'routed' || !sorted) {
    return undefined;
  }
  const within = query.filters.flatMap((filter) => {
    const filtered = pathPlaces[filteredColumn(filter.column)];
    if (!filtered || filter.values.length === 0) {
      return [];
    }
    // The path's places are required: a missing name ('') matches no line.
    const texts = filter.values.filter((v) => v !== '');
    const { table, key, name } = lookupColumns(filtered.alias);
    const named = sql<SqlBool>`${sql.ref(`a.${filtered.place}`)} in (select ${key} from ${sql.table(table)} as ${sql.id(
      filtered.alias,
    )} where ${texts.length > 0 ? inList(db.dialect, name, texts) : sql`1 = 0`})`;
    return [named];
  });
  return placesRoutedToProvisioner(db.kysely, scope.userId, sorted.place, within);
}

/**
 * A provisioner's Client Name or Client Account Name menu (the candidate `v`: a client or an
 * account): the clients on the path of each assignment naming them (`provisionersAssignments`),
 * walked one distinct client after the other through requests(path, client, account) (migration
 * 0040), then for accounts each client's distinct accounts the same way; each kept when a line of
 * that path, client (and account) is in `lines` (routed to them, under the other filters). One
 * uncorrelated statement of a few hundred (a few thousand) seeks. Each candidate tested against
 * the routing instead read every line of the many the provisioner has none of.
 */
export async function routedClientsOrAccounts(
  db: Db,
  userId: number,
  lines: TrackerLines,
  source: MenuSource,
  level: 'clientId' | 'clientAccountId',
): Promise<{ value: string }[]> {
  const paths = provisionersAssignments(db.kysely, userId)
    .select(PATH_PLACES.map((place) => sql.ref<number>(`a.${place}`).as(place)))
    .distinct();
  /** The least `column` on `walk`'s path (and of its client, for accounts) above `after`. */
  const least = (column: 'clientId' | 'clientAccountId', walk: string, after?: RawBuilder<unknown>) =>
    sql`(select min(${sql.ref(`r.${column}`)}) from ${sql.table('requests')} as r where ${onPathOf(walk)}${
      column === 'clientAccountId'
        ? sql` and ${sql.ref('r.clientId')} = ${sql.ref(`${walk}.clientId`)}`
        : sql``
    }${after ? sql` and ${sql.ref(`r.${column}`)} > ${after}` : sql``})`;
  const columns = sql.join(PATH_PLACES.map((place) => sql.ref(place)));
  const found = level === 'clientId' ? 'path_clients' : 'path_accounts';
  const routed = lines
    .where(onPathOf('w'))
    .where(sql<SqlBool>`${sql.ref('r.clientId')} = ${sql.ref('w.clientId')}`)
    .$if(level === 'clientAccountId', (q) =>
      q.where(sql<SqlBool>`${sql.ref('r.clientAccountId')} = ${sql.ref('w.clientAccountId')}`),
    )
    .select(sql`1`.as('one'));
  const accounts =
    level === 'clientAccountId'
      ? sql`, path_accounts (${columns}, ${sql.ref('clientId')}, ${sql.ref('clientAccountId')}) as (
      select ${columns}, ${sql.ref('clientId')}, ${least('clientAccountId', 'path_clients')} from path_clients
        where ${sql.ref('path_clients.clientId')} is not null
      union all
      select ${columns}, ${sql.ref('clientId')}, ${least(
        'clientAccountId',
        'path_accounts',
        sql.ref('path_accounts.clientAccountId'),
      )} from path_accounts where ${sql.ref('path_accounts.clientAccountId')} is not null
    )`
      : sql``;
  // The candidates found are read from them (joined by key), not tested one by one: PostgreSQL
  // planned the test as a rescan of every account found for each account in name order.
  const { rows } = await sql<{ value: string }>`with recursive
    paths (${columns}) as ${paths},
    path_clients (${columns}, ${sql.ref('clientId')}) as (
      select ${columns}, ${least('clientId', 'paths')} from paths
      union all
      select ${columns}, ${least('clientId', 'path_clients', sql.ref('path_clients.clientId'))} from path_clients
        where ${sql.ref('path_clients.clientId')} is not null
    )${accounts}
    select distinct ${source.value('v')} as value from ${sql.table(found)} as w
      join ${sql.table(source.table)} as v on ${sql.ref(`v.${source.key}`)} = ${sql.ref(`w.${level}`)}
      where exists ${routed}
      order by value limit ${FILTER_OPTIONS_LIMIT + 1}`.execute(db.kysely);
  return rows;
}

/** A provisioner's menus read from the clients and accounts on their paths, and the key each lists. */
export const routedLevels: Readonly<Record<string, 'clientId' | 'clientAccountId'>> = {
  clientName: 'clientId',
  clientAccountName: 'clientAccountId',
};

/**
 * A provisioner's menu of a small lookup read from their assignments first (each one's lines on
 * its path, tested against the routing), when an index on the path finds the candidate's lines:
 * a place of the path (the assignment names it: this test), and on PostgreSQL the status and
 * the request type (the (agency, practice, platform, status) index). Tested line by line for
 * each candidate instead, PostgreSQL sorted every line by path to merge them with the
 * assignments, and SQLite read every line of a practice no assignment names.
 *
 * An asset or a platform user type belongs to one platform, and its lines are that platform's
 * (a request's are checked against its platform): on PostgreSQL each is tried on the paths of
 * its platform only. Tested against the routing instead, PostgreSQL read a bitmap of each
 * one's lines; tried on every path, each path's lines were read through for the candidates of
 * other platforms. SQLite keeps the test line by line, its faster way there.
 */
export function assignmentsFirst(db: Db, source: MenuSource): Expression<SqlBool> | undefined {
  const place = source.foreignKey.replace(/^r\./, '');
  if (pathPlaceColumns.has(place)) {
    return sql<SqlBool>`${sql.ref(`a.${place}`)} = ${ref(`v.${source.key}`)}`;
  }
  if (db.dialect === 'sqlite') {
    return undefined;
  }
  if (source.foreignKey === 'r.assetId' || source.foreignKey === 'r.platformUserTypeId') {
    return sql<SqlBool>`${sql.ref('a.platformId')} = ${ref('v.platformId')}`;
  }
  const isIndexed = source.foreignKey === 'r.statusId' || source.foreignKey === 'r.requestTypeId';
  return isIndexed ? sql<SqlBool>`1 = 1` : undefined;
}

/** The filters under which a provisioner's lines are counted from their paths: the path's places, status, type. */
const countedFromPaths: ReadonlySet<string> = new Set([
  ...Object.keys(pathPlaces),
  'status',
  'requestTypeName',
]);

/**
 * The page's `lines` (its scope, joins and filters) as they are best counted. On SQLite a
 * provisioner's lines, filtered only by their path's places, status or type, are also joined to
 * the (agency, practice, platform) of their assignments (`provisionersAssignments`), which every
 * line routed to them has: SQLite then reads each path's lines through an index led by those,
 * where it read every line of the filters' index (or of the table), each tested against the
 * routing. Under a filter on a client or a search that index is the slower way in, so those
 * keep the plain lines.
 */
export function linesToCount(
  db: Db,
  scope: TrackerScope,
  query: TableQuery,
  lines: TrackerLines,
): TrackerLines {
  const isByPath =
    query.searchCriteria.trim() === '' &&
    query.filters.every((f) => f.values.length === 0 || countedFromPaths.has(filteredColumn(f.column)));
  if (db.dialect !== 'sqlite' || scope.kind !== 'routed' || !isByPath) {
    return lines;
  }
  // Distinct: several of their assignments may share the three (markets, a client's).
  const paths = provisionersAssignments(db.kysely, scope.userId)
    .select(['a.agencyId', 'a.practiceId', 'a.platformId'])
    .distinct()
    .as('p');
  return lines.innerJoin(paths, (join) =>
    join
      .onRef('p.agencyId', '=', 'r.agencyId')
      .onRef('p.practiceId', '=', 'r.practiceId')
      .onRef('p.platformId', '=', 'r.platformId'),
  );
}
