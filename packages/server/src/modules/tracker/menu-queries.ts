import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  FILTER_OPTIONS_LIMIT,
  filterColumn,
  inList,
  sortOptions,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { countUpTo, EXACT_COUNT_UP_TO } from '../request-lines/count.ts';
import { fullName, lookupOf, ref } from '../request-lines/line-query.ts';
import { onAssignmentPath, provisionersAssignments } from '../request-lines/routing.ts';
import { filteredColumn, filtersAsKeys } from './keyed-filter-queries.ts';
import { assignmentsFirst, routedClientsOrAccounts, routedLevels } from './routed-queries.ts';
import {
  aliasesUsed,
  aliasOf,
  placeColumns,
  smallLookups,
  trackerLines,
  type Alias,
  type TrackerLines,
  type TrackerScope,
} from './line-queries.ts';

/**
 * The Request Tracker's filter menus: a name column's values from its master data table, kept
 * when a line in scope under the other filters refers to it; under other filters or a search,
 * the distinct values of the matching lines.
 */

/** A menu's candidate values: a small table read in value order, and how a line refers to it. */
export interface MenuSource {
  table: string;
  value: (alias: string) => Expression<unknown>;
  key: string;
  foreignKey: string;
  isOptional: boolean;
  /**
   * Many rows share a value (people's full names: the large seed has 2,508 names over 200,000
   * users): the menu skips from one value to the next instead of reading every row.
   */
  isRepeated: boolean;
}

/** Menus listed from their master data table (a lookup, or people) instead of the lines. */
function menuSourceOf(column: string): MenuSource | undefined {
  switch (column) {
    case 'requestUserName':
    case 'createdByName':
    case 'requestUserEmail':
      return {
        table: 'users',
        value: (alias) => (column === 'requestUserEmail' ? ref(`${alias}.email`) : fullName(alias)),
        key: 'userId',
        foreignKey: column === 'createdByName' ? 'r.createdBy' : 'r.userId',
        isOptional: false,
        isRepeated: column !== 'requestUserEmail',
      };
  }
  const alias = aliasOf(column);
  if (!alias) {
    return undefined;
  }
  const { table, key, foreignKey, isRequired } = lookupOf(alias);
  return {
    table: table.split(' as ')[0] ?? table,
    value: (v) => ref(`${v}.description`),
    key: key.split('.')[1] ?? key,
    foreignKey,
    isOptional: !isRequired,
    isRepeated: false,
  };
}

/**
 * The distinct values of one column under the other filters, sorted, at most the limit + 1.
 * Without other filters or search, a name comes from its master data table read in name order,
 * each kept when one line in scope refers to it (an indexed EXISTS per candidate, stopping at
 * the limit), plus '' when lines without one exist; otherwise, and for other columns, from the
 * matching lines themselves.
 */
export async function findTrackerColumnValues(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  column: string,
  /** Above this many matching lines a people's menu walks the names (a parameter for tests). */
  manyLines = EXACT_COUNT_UP_TO,
) {
  // The other filters on a small lookup's name (status, region, platform, …) are read as the
  // line's own column and the lookup's ids (`filtersAsKeys`): `r.status_id = any('{1,2}')`
  // instead of a join and `s.description = any('{Submitted,Approved}')`. PostgreSQL then
  // estimates the lines from the column's statistics instead of a guess that had it scan them
  // all, and can read them from an index alone.
  // SQLite's small lookup menus test each row (below): the filters on a lookup's name read as
  // its ids let the test seek the (row, region, market) index, where the joined names had it
  // read every line of the row. A status left as a joined name was an equality on the status's
  // rows, and with statistics on every index SQLite took (region, status, market) for each
  // agency instead, reading all of a status's lines there.
  // A provisioner's lines are tested one by one against their routing: SQLite reads every
  // filter on a lookup's name as its ids, bound one by one, or it reads every line to find the
  // few routed ones of a status and a region. Bound one by one for a region admin too, the ids
  // moved SQLite off the (agency, region, market) index, so only a provisioner's are.
  const isSqliteSmallMenu =
    db.dialect === 'sqlite' && isSmallLookup(aliasOf(column)) && query.searchCriteria.trim() === '';
  const isSqliteRouted = db.dialect === 'sqlite' && scope.kind === 'routed';
  const keyed =
    db.dialect === 'postgres' || isSqliteSmallMenu || isSqliteRouted
      ? await filtersAsKeys(db, spec, query, {
          isKeyed: isSmallLookup,
          except: column,
          binding: isSqliteRouted ? 'short-lists-bound' : 'one-list',
        })
      : undefined;
  const joins = new Set(aliasesUsed(keyed?.query ?? query, column));
  const condition = tableCondition(db.dialect, keyed?.spec ?? spec, keyed?.query ?? query, column);
  const { filterValues, filterWhere } = filterColumn(spec, column);
  if (column === 'statusDescription' || filterValues) {
    // A computed value with a few possible answers: one EXISTS each instead of reading every line.
    const candidates = filterValues ?? ['', 'Active', 'Expired', 'Inactive'];
    const found = await Promise.all(
      candidates.map((value) =>
        db.kysely
          .selectNoFrom(
            anyLine(
              db,
              scope,
              joins,
              condition,
              filterWhere ? filterWhere([value]) : sql<SqlBool>`${filterColumn(spec, column).sql} = ${value}`,
              true,
            ).as('found'),
          )
          .executeTakeFirst(),
      ),
    );
    return candidates.filter((_, i) => Number(found[i]?.found) === 1);
  }
  // Under other filters or a search the matching lines are usually the smaller set: their
  // distinct values are read from them (an EXISTS per candidate cost far more there). Except,
  // under filters alone:
  // - on SQLite, a small lookup's menu: an EXISTS for each of its few rows finds a line at once
  //   where the filters match many, where reading every matching line did not. PostgreSQL
  //   reads the matching lines fast, and planned those EXISTS slower;
  // - a people's menu over more than `manyLines` lines: both engines walked every user in
  //   name order and every line of each; the walk from one name to the next finds a person
  //   with a matching line among a few per name.
  const isSearched = query.searchCriteria.trim() !== '';
  const isNarrowed = isSearched || query.filters.some((f) => f.column !== column && f.values.length > 0);
  const alias = aliasOf(column);
  const source = menuSourceOf(column);
  // A people's menu under filters alone: read from the lines when they are few, else the walk
  // from name to name (below). A provisioner's lines are each read from the table for their
  // routing: their people come with them, then their names by key (`keysOfLines`). Other
  // scopes count the lines from an index first.
  let isPeopleOfManyLines = false;
  if (source?.isRepeated && isNarrowed && !isSearched) {
    const lines = trackerLines(db, scope, joins).where(condition);
    if (scope.kind === 'routed') {
      const people = await keysOfLines(lines, source.foreignKey, manyLines);
      if (people) {
        const named = await namesOfSource(db, source, inList(db.dialect, ref(`v.${source.key}`), people));
        return sortOptions(
          named.map((r) => r.value),
          'text',
        );
      }
      isPeopleOfManyLines = true;
    } else {
      isPeopleOfManyLines = (await countUpTo(db, lines, manyLines)) > manyLines;
    }
  }
  // A filter on a client's or a client account's name leaves a few thousand lines at most (a
  // name's few rows): SQLite reads their values once. Tested row by row, each of a small lookup's
  // rows read the lines again through the client's index, then the table for the row's key.
  const isFewLines = query.filters.some(
    (f) =>
      f.column !== column &&
      largeNameColumns.has(filteredColumn(f.column)) &&
      f.values.length > 0 &&
      !f.values.includes(''),
  );
  const isReadFromSource =
    source !== undefined &&
    (!isNarrowed ||
      (!isSearched &&
        ((db.dialect === 'sqlite' && isSmallLookup(alias) && !isFewLines) || isPeopleOfManyLines)));
  if (!isReadFromSource) {
    if (alias) {
      joins.add(alias);
    }
    // Request ids are read in key order up to the limit: an admin's lines are then kept by
    // testing each one's row, cheaper on SQLite than reading all of them first.
    const linesScope: TrackerScope =
      scope.kind === 'admin' && column === 'requestId' ? { ...scope, isDense: true } : scope;
    return distinctFilterValues(trackerLines(db, linesScope, joins).where(condition), spec, column);
  }
  const isSmall = isSmallLookup(alias);
  const routedLevel = scope.kind === 'routed' ? routedLevels[column] : undefined;
  const referred = anyLine(
    db,
    scope,
    joins,
    condition,
    sql<SqlBool>`${ref(source.foreignKey)} = ${ref(`v.${source.key}`)}`,
    isSmall,
    isSmall ? assignmentsFirst(db, source) : undefined,
  );
  const [named, unnamed] = await Promise.all([
    scope.kind === 'routed' && routedLevel
      ? routedClientsOrAccounts(
          db,
          scope.userId,
          trackerLines(db, scope, joins).where(condition),
          source,
          routedLevel,
        )
      : source.isRepeated
        ? skipDistinct(db, source, referred)
        : namesOfSource(db, source, referred),
    source.isOptional
      ? db.kysely
          .selectNoFrom(
            anyLine(db, scope, joins, condition, sql<SqlBool>`${ref(source.foreignKey)} is null`, isSmall).as(
              'found',
            ),
          )
          .executeTakeFirst()
      : undefined,
  ]);
  const values: (string | null)[] = named.map((r) => r.value);
  if (unnamed && Number(unnamed.found) === 1) {
    values.push(null);
  }
  return sortOptions(values, 'text');
}

/** The columns of a large lookup's name (clients, client accounts): a name's rows hold few lines. */
const largeNameColumns: ReadonlySet<string> = new Set(['clientName', 'clientAccountName']);

/** The small lookups whose rows belong to a place (a region's markets, a platform's user types, …). */
const placedLookups = new Set<Alias>(['rg', 'mk', 'ag', 'pr', 'pl', 'at', 'put']);

/**
 * The names of the rows of a page's sorted small lookup (`sortAlias`) that have a line in the page's scope under its
 * filters (the column's filter menu, cut to the column's own filter), when the scope or a filter
 * narrows the lines by their place (a region admin's rows, a region filter, …); undefined
 * otherwise (every row is read). A provisioner's routed lines are narrowed by their
 * assignments instead (`placesRouted`): their menu tests the routing of every line. A row
 * without such lines is a run that finds nothing, and finding that can cost a walk of every
 * line: asked for one market's lines in request id order and in a region admin's rows,
 * PostgreSQL read the whole table for each market outside them, estimating the market and the
 * region as independent. Narrowed otherwise (a status or a type), every row has lines, and the
 * menu would read every matching line on PostgreSQL.
 */
export async function namesWithLines(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  sortAlias: Alias,
): Promise<Set<string> | undefined> {
  const column = query.orderBy;
  const isPlaced =
    scope.kind === 'admin' ||
    query.filters.some((f) => f.values.length > 0 && placeColumns.has(filteredColumn(f.column)));
  if (
    !column ||
    scope.kind === 'routed' ||
    !placedLookups.has(sortAlias) ||
    !isPlaced ||
    query.searchCriteria.trim() !== ''
  ) {
    return undefined;
  }
  const values = await findTrackerColumnValues(db, scope, spec, query, column);
  if (values.length > FILTER_OPTIONS_LIMIT) {
    return undefined;
  }
  const own = query.filters.find((f) => filteredColumn(f.column) === column && f.values.length > 0);
  return new Set(own ? values.filter((value) => own.values.includes(value)) : values);
}

const isSmallLookup = (alias: Alias | undefined) => alias !== undefined && smallLookups.has(alias);

/**
 * Whether a line in scope under `condition` has `property` (a menu's test of one candidate).
 * For a region admin and a few candidates the test runs from the admin's (region, market) rows:
 * a seek for each in an index led by the candidate's column, then region and market (migrations
 * 0035, 0036). Asked as "a line in scope", PostgreSQL overestimated the admin's lines and read
 * all of them, or ANDed a bitmap of them, for every candidate. For the many candidates of
 * people, clients and accounts the rows' loop cost more than it saved, so they keep the plain
 * test.
 */
function anyLine(
  db: Db,
  scope: TrackerScope,
  joins: Set<Alias>,
  condition: Expression<SqlBool>,
  property: Expression<SqlBool>,
  /** A few candidates (a small lookup's rows, a computed value's answers). */
  isFewCandidates: boolean,
  /**
   * A provisioner's lines with the property are found from their assignments (alias a), those
   * passing this test: see `assignmentsFirst`.
   */
  assignmentTest?: Expression<SqlBool>,
): RawBuilder<SqlBool> {
  if (scope.kind === 'routed' && assignmentTest) {
    const onPath = trackerLines(db, scope, joins)
      .where(condition)
      .where(property)
      .where(onAssignmentPath)
      .select(sql`1`.as('one'));
    return sql<SqlBool>`exists ${provisionersAssignments(db.kysely, scope.userId)
      .select(sql`1`.as('one'))
      .where(assignmentTest)
      .where(sql<SqlBool>`exists ${onPath}`)}`;
  }
  if (scope.kind !== 'admin' || !isFewCandidates) {
    return sql<SqlBool>`exists ${trackerLines(db, scope, joins)
      .where(condition)
      .where(property)
      .select(sql`1`.as('one'))}`;
  }
  const inRow = trackerLines(db, { kind: 'all' }, joins)
    .where(condition)
    .where(property)
    .where(
      sql<SqlBool>`${ref('r.regionId')} = ${ref('ar.regionId')} and ${ref('r.marketId')} = ${ref('ar.marketId')}`,
    )
    .select(sql`1`.as('one'));
  return sql<SqlBool>`exists ${db.kysely
    .selectFrom('adminRegions as ar')
    .select(sql`1`.as('one'))
    .where('ar.userId', '=', scope.userId)
    .where('ar.isDeleted', '=', 0)
    .where(sql<SqlBool>`exists ${inRow}`)}`;
}

/**
 * The distinct values of `foreignKey` (a person) over `lines`, or undefined when these are more
 * than `upTo`: their count and their people in one read, where counting them, then joining the
 * names of their people, read a provisioner's lines twice and, on PostgreSQL, hashed every user.
 */
async function keysOfLines(
  lines: TrackerLines,
  foreignKey: string,
  upTo: number,
): Promise<number[] | undefined> {
  const rows = await lines
    .select(sql<number>`${ref(foreignKey)}`.as('key'))
    .limit(upTo + 1)
    .execute();
  return rows.length > upTo ? undefined : [...new Set(rows.map((row) => Number(row.key)))];
}

/** The first FILTER_OPTIONS_LIMIT + 1 distinct names of the rows of a menu's source that pass `where`, in order. */
async function namesOfSource(db: Db, source: MenuSource, where: Expression<SqlBool>) {
  const rows = await db.kysely
    .selectFrom(sql`${sql.table(source.table)}`.as('v'))
    .select(sql<string>`${source.value('v')}`.as('value'))
    .distinct()
    .where(where)
    .orderBy('value')
    .limit(FILTER_OPTIONS_LIMIT + 1)
    .execute();
  return rows;
}

/**
 * The first FILTER_OPTIONS_LIMIT + 1 distinct values of a source whose rows share values, in
 * order, each with a row that `isKept`: a recursive walk that seeks the next value above the one
 * found (the value's index), so a value's other rows are never read. Reading every row in value
 * order read 55,842 users to find 501 names in the large seed; this reads one or a few per name.
 */
async function skipDistinct(db: Db, source: MenuSource, isKept: Expression<SqlBool>) {
  const value = source.value('v');
  const firstAbove = (previous: Expression<string> | undefined) =>
    db.kysely
      .selectFrom(sql`${sql.table(source.table)}`.as('v'))
      .select(sql<string>`${value}`.as('value'))
      .where(isKept)
      .$if(previous !== undefined, (qb) => qb.where(sql<SqlBool>`${value} > ${previous}`))
      .orderBy(sql`${value}`)
      .limit(1);
  const { rows } = await sql<{ value: string }>`
    with recursive found(value, n) as (
      select (${firstAbove(undefined)}), 1
      union all
      select (${firstAbove(sql.ref('found.value'))}), n + 1
      from found
      where found.value is not null and n <= ${FILTER_OPTIONS_LIMIT}
    )
    select value from found where value is not null`.execute(db.kysely);
  return rows;
}
