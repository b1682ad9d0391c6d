import {
  sql,
  type ExpressionBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { RequestStatus, Role } from '@uap/domain';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { rowScopeOf, type RowScope } from '../../http/row-scope.ts';
import { insideAdminRows } from '../../http/row-scope-queries.ts';
import { nowIso } from '../../db/connection.ts';

type RequestEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;

/** The places of a line's path that an assignment names too. */
export const PATH_PLACES = ['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId'] as const;
export type PathPlace = (typeof PATH_PLACES)[number];

/** The places a master approver names: a path but its platform. */
export const MASTER_PLACES = ['regionId', 'marketId', 'agencyId', 'practiceId'] as const;

/** `one` and `other` (aliases of the query, each with the places) name the same `places`. */
export const samePlaces = (
  one: string,
  other: string,
  places: readonly PathPlace[] = PATH_PLACES,
): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.join(
    places.map((place) => sql`${sql.ref(`${one}.${place}`)} = ${sql.ref(`${other}.${place}`)}`),
    sql` and `,
  )}`;

/** The active assignments on the request's path (region, market, agency, practice, platform). */
function assignmentsOnPath(eb: RequestEb) {
  return eb.selectFrom('approverAssignments as a').where(samePlaces('a', 'r')).where('a.isDeleted', '=', 0);
}

/**
 * Routing is resolved at read time (docs/architecture.md): an active assignment covers a request when
 * its path matches; one naming the request's client wins over one that names no client.
 */
export function coveringAssignment(eb: RequestEb) {
  return assignmentsOnPath(eb).where((w) =>
    w.or([
      w('a.clientId', '=', w.ref('r.clientId')),
      w.and([
        w('a.clientId', 'is', null),
        // None on the path names the client (the inner `a` is its own table, not the outer one).
        w.not(
          w.exists(
            assignmentsOnPath(w as unknown as RequestEb)
              .select('a.approverId')
              .whereRef('a.clientId', '=', 'r.clientId'),
          ),
        ),
      ]),
    ]),
  );
}

export function masterApproverOfPath(eb: RequestEb) {
  return eb
    .selectFrom('masterApprovers as m')
    .where(samePlaces('m', 'r', MASTER_PLACES))
    .where('m.isDeleted', '=', 0);
}

/** Separation of duties: nobody acts on a request they are the subject or the requestor of. */
export function notOwnRequest(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.and([eb('r.userId', '!=', userId), eb('r.createdBy', '!=', userId)]);
}

/**
 * Whom a person stands in for: 'self' their own rows, 'delegated' the rows of the people away now
 * who named them delegate (out of office, migration 0015), 'either' both. A delegate holds only
 * what the absence passes on (`absencePasses`), read as sets that do not depend on the line:
 * the absentees are uncorrelated subqueries on the partial index of running absences, read once
 * per statement (a test correlated with each line cost PostgreSQL 2–3 times the planning and,
 * on a count, 15 times the execution).
 */
export type Standing = 'self' | 'delegated' | 'either';

/**
 * The standing a person's routing is read with: 'self' when it is known that nobody away names
 * them delegate now (`Actor.standsIn`), so the statement leaves out the absences' branches, which
 * then match nothing (PostgreSQL planned a provisioner's tracker statement in 9–10 ms with them,
 * executed it in under 1 ms: bench/README.md); else 'either'.
 */
export function standingOf(who: { standsIn?: boolean }): Standing {
  return who.standsIn === false ? 'self' : 'either';
}

/** The running absences naming this user delegate (the partial index of running absences). */
function runningAbsences(eb: RequestEb, delegateId: number) {
  const now = nowIso();
  return eb
    .selectFrom('absences as ab')
    .where('ab.delegateId', '=', delegateId)
    .where('ab.isDeleted', '=', 0)
    .where('ab.toDate', '>', now)
    .where('ab.fromDate', '<=', now);
}

/** The people away now who named this user delegate. */
function absenteesOf(eb: RequestEb, delegateId: number) {
  return runningAbsences(eb, delegateId).select('ab.userId');
}

/** Whoever set the absence `absence` may give any line: the person, a super admin (or nobody recorded). */
function isUnbounded(eb: RequestEb, absence: string): Expression<SqlBool> {
  const absent = sql.ref<number>(`${absence}.userId`);
  const setter = sql.ref<number>(`${absence}.createdBy`);
  return eb.or([
    eb(setter, 'is', null),
    eb(setter, '=', absent),
    eb.exists(
      eb
        .selectFrom('users as setter')
        .select('setter.userId')
        .where('setter.userId', '=', setter)
        .where('setter.roleId', '=', Role.SUPERADMIN),
    ),
  ]);
}

/**
 * An absence (alias `absence`) passes a line (alias `line`) to its delegate only when
 * (a) the absent person could decide the line themselves: they are neither its subject nor its
 * requester (separation of duties, as `notOwnRequest` for everyone); and (b) whoever set the
 * absence could have given the delegate that line directly: the absent person themselves (an
 * absence without a recorded setter counts as theirs), a super admin, or an admin whose
 * (region, market) rows hold the line. So an absence a region admin set never hands anyone a
 * line outside her rows, even when the person gains rows elsewhere after it was set.
 * Correlated with the line: for the rows of a page or a decision (`onBehalfOf`) and notifications;
 * the routing reads the same rule as sets (`names`, `notAbsenteesOwn`).
 */
export function absencePasses(eb: RequestEb, absence: string, line: string): Expression<SqlBool> {
  const absent = sql.ref<number>(`${absence}.userId`);
  const setter = sql.ref<number>(`${absence}.createdBy`);
  return eb.and([
    eb(sql.ref<number>(`${line}.userId`), '!=', absent),
    eb(sql.ref<number>(`${line}.createdBy`), '!=', absent),
    eb.or([isUnbounded(eb, absence), insideAdminRows(setter, line)]),
  ]);
}

/**
 * `column` of the row `row` (an assignment or master approver row, whose region and market are
 * those of the lines it covers) names the user (self), someone away who named them delegate and
 * whose absence passes lines of that (region, market) (delegated: rule (b) of `absencePasses`),
 * or either. Rule (a) is the line's: `notAbsenteesOwn`.
 *
 * The IN over the user and all their absentees comes first, rather than `= user OR IN (…)`:
 * PostgreSQL reads an OR with a subquery by scanning every row of the table (50,000
 * assignments), while an IN over a small set is an index probe per value on both engines. The
 * absences' setters are then tested on the rows it found: those the person or a super admin set
 * pass any line; those an admin set, the (region, market) of the admin's rows.
 */
function names(eb: RequestEb, column: ColumnRef, userId: number, standing: Standing): Expression<SqlBool> {
  const col = sql.ref<number>(column);
  const self = eb(col, '=', userId);
  if (standing === 'self') {
    return self;
  }
  const row = column.slice(0, 1);
  const unbounded = eb(
    col,
    'in',
    runningAbsences(eb, userId)
      .select('ab.userId')
      .where((w) => isUnbounded(w as unknown as RequestEb, 'ab')),
  );
  const bounded = sql<SqlBool>`(${col}, ${sql.ref(`${row}.regionId`)}, ${sql.ref(`${row}.marketId`)}) in (${runningAbsences(
    eb,
    userId,
  )
    .innerJoin('adminRegions as sr', 'sr.userId', 'ab.createdBy')
    .select(['ab.userId', 'sr.regionId', 'sr.marketId'])
    .where('sr.isDeleted', '=', 0)})`;
  if (standing === 'delegated') {
    return eb.and([eb(col, 'in', absenteesOf(eb, userId)), eb.or([unbounded, bounded])]);
  }
  const themselves = eb.selectFrom('users as me').select('me.userId').where('me.userId', '=', userId);
  return eb.and([
    eb(col, 'in', absenteesOf(eb, userId).unionAll(themselves)),
    eb.or([self, unbounded, bounded]),
  ]);
}

/**
 * Rule (a) of `absencePasses` for the line `line`: its subject and requester are none of the
 * people away who named this user delegate. Tested on the line, not on each row naming an
 * absentee (a test of the row against the line tripled PostgreSQL's planning), so a line of
 * someone the user stands in for reaches the user only when it is routed to the user directly,
 * even if another absentee's row covers it too.
 */
function notAbsenteesOwn(eb: RequestEb, userId: number, line = 'r'): Expression<SqlBool> {
  return eb.and([
    eb(sql.ref<number>(`${line}.userId`), 'not in', absenteesOf(eb, userId)),
    eb(sql.ref<number>(`${line}.createdBy`), 'not in', absenteesOf(eb, userId)),
  ]);
}

/** The line (alias r) may reach the user through a standing: rule (a) of `absencePasses`, unless routed to them directly. */
function standingHolds(
  eb: RequestEb,
  userId: number,
  standing: Standing,
  direct: () => Expression<SqlBool>,
): Expression<SqlBool> {
  switch (standing) {
    case 'self':
      return TRUE;
    case 'delegated':
      return notAbsenteesOwn(eb, userId);
    case 'either':
      // The direct route is read only for a line of someone the user stands in for.
      return eb.or([notAbsenteesOwn(eb, userId), direct()]);
  }
}

type ColumnRef =
  'a.userId' | 'a.secondaryApproverId' | 'a.provisionerId' | 'a.provisionerBackupId' | 'm.userId';

/** Some covering assignment or master approver row names this user as approver (see `names`). */
function approverRoutes(eb: RequestEb, userId: number, standing: Standing): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      coveringAssignment(eb)
        .select('a.approverId')
        .where((w) =>
          w.or([names(w, 'a.userId', userId, standing), names(w, 'a.secondaryApproverId', userId, standing)]),
        ),
    ),
    eb.exists(
      masterApproverOfPath(eb)
        .select('m.masterApproverId')
        .where((w) => names(w, 'm.userId', userId, standing)),
    ),
  ]);
}

/** Some covering assignment names this user as provisioner or backup (see `names`). */
function provisionerRoutes(eb: RequestEb, userId: number, standing: Standing): Expression<SqlBool> {
  return eb.exists(
    coveringAssignment(eb)
      .select('a.approverId')
      .where((w) =>
        w.or([
          names(w, 'a.provisionerId', userId, standing),
          names(w, 'a.provisionerBackupId', userId, standing),
        ]),
      ),
  );
}

/**
 * The request (alias r) waits on this user by `routes` (in their own name), or (standing
 * 'either', the default) on someone away who named them delegate and whose absence passes it
 * on (`absencePasses`); never on a line of their own.
 */
function routedBy(routes: (eb: RequestEb, userId: number, standing: Standing) => Expression<SqlBool>) {
  return (eb: RequestEb, userId: number, standing: Standing = 'either'): Expression<SqlBool> =>
    eb.and([
      notOwnRequest(eb, userId),
      routes(eb, userId, standing),
      standingHolds(eb, userId, standing, () => routes(eb, userId, 'self')),
    ]);
}

/** The request (alias r) waits on this user (or whom they stand in for) as approver, secondary approver or master approver. */
export const routedToApprover = routedBy(approverRoutes);

/** The request (alias r) waits on this user (or whom they stand in for) as provisioner or backup. */
export const routedToProvisioner = routedBy(provisionerRoutes);

/**
 * The places (`place`: regions, markets, …) of the active assignments that name this user, or
 * someone away who named them delegate, provisioner or backup, and whose path passes `within`
 * (tests of the assignment `a`'s places): every line routed to them (`routedToProvisioner`)
 * lies on such an assignment's path, so its place is one of these. Read from the person's
 * assignments (indexed by person), a few of 50,000.
 */
export async function placesRoutedToProvisioner(
  db: Kysely<Database>,
  userId: number,
  place: PathPlace,
  within: Expression<SqlBool>[] = [],
): Promise<Set<number>> {
  const rows = await provisionersAssignments(db, userId)
    .select(sql.ref<number>(`a.${place}`).as('id'))
    .distinct()
    .where((w) => w.and(within))
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The active assignments (alias a) that name this user, or someone away who named them
 * delegate, provisioner or backup, where the absence passes their lines (`names`): the paths
 * of the lines routed to them (the lines' own rule (a) is left to `routedToProvisioner`).
 */
export function provisionersAssignments(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('approverAssignments as a')
    .where('a.isDeleted', '=', 0)
    .where((w) =>
      w.or([
        names(w as unknown as RequestEb, 'a.provisionerId', userId, 'either'),
        names(w as unknown as RequestEb, 'a.provisionerBackupId', userId, 'either'),
      ]),
    );
}

/** The line (alias r) lies on the path of `path` (an alias of an outer query with the places). */
export const onPathOf = (path: string): RawBuilder<SqlBool> => samePlaces('r', path);

/** The line (alias r) lies on the path of the assignment `a` of an outer query. */
export const onAssignmentPath: RawBuilder<SqlBool> = onPathOf('a');

/**
 * For whom the user acts on this request (alias r) as approver ('approve') or provisioner
 * ('provision'): null when it is routed to the user themselves (or not through an absence at
 * all), else the id of the first absent person, routed the request, who named the user delegate.
 * Read on the page's rows and the lines of a decision only.
 */
export function onBehalfOf(eb: RequestEb, userId: number, work: 'approve' | 'provision') {
  const routed = (standing: Standing, who: number) =>
    work === 'approve' ? routedToApprover(eb, who, standing) : routedToProvisioner(eb, who, standing);
  return sql<number | null>`case when ${routed('self', userId)} then null else (${runningAbsences(eb, userId)
    .select('ab.userId')
    .where((w) => routedFor(w as unknown as RequestEb, work))
    .orderBy('ab.absenceId')
    .limit(1)}) end`;
}

/** The request (alias r) is routed to the absent person `ab.userId`, and the absence passes it on. */
function routedFor(eb: RequestEb, work: 'approve' | 'provision'): Expression<SqlBool> {
  const absent = sql.ref<number>('ab.userId');
  const own = absencePasses(eb, 'ab', 'r');
  if (work === 'provision') {
    return eb.and([
      own,
      eb.exists(
        coveringAssignment(eb)
          .select('a.approverId')
          .where((w) => w.or([w('a.provisionerId', '=', absent), w('a.provisionerBackupId', '=', absent)])),
      ),
    ]);
  }
  return eb.and([
    own,
    eb.or([
      eb.exists(
        coveringAssignment(eb)
          .select('a.approverId')
          .where((w) => w.or([w('a.userId', '=', absent), w('a.secondaryApproverId', '=', absent)])),
      ),
      eb.exists(masterApproverOfPath(eb).select('m.masterApproverId').where('m.userId', '=', absent)),
    ]),
  ]);
}

/**
 * The lines of one status routed to this user (or, by default, whom they stand in for) as
 * approver, secondary approver or master approver, found from the other side: the person's
 * active assignments and master approver rows first (indexed by person), then the lines of
 * that status on each of those paths (migration 0025's index of Submitted lines by path). The
 * same rule as `routedToApprover` — the assignment covers the line when it names the line's
 * client, or names none while no active assignment of the path names that client — without
 * evaluating it for every line of the status: an approver holds a few of 50,000 paths.
 * CROSS JOIN keeps SQLite's planner on that order (it reads the tables in the order written);
 * PostgreSQL plans it as the inner join it is. Rule (a) of a delegate's standing is the
 * caller's to add (`standingHolds`, as `routedToApprover` does).
 */
function linesRoutedToApprover(eb: RequestEb, userId: number, standing: Standing, statusId: number) {
  const viaAssignments = (column: 'a.userId' | 'a.secondaryApproverId') =>
    eb
      .selectFrom('approverAssignments as a')
      .crossJoin('requests as l')
      .select('l.requestId')
      .where('a.isDeleted', '=', 0)
      .where((w) => names(w as unknown as RequestEb, column, userId, standing))
      .where('l.statusId', '=', sql.lit(statusId))
      .whereRef('l.agencyId', '=', 'a.agencyId')
      .whereRef('l.practiceId', '=', 'a.practiceId')
      .whereRef('l.platformId', '=', 'a.platformId')
      .whereRef('l.regionId', '=', 'a.regionId')
      .whereRef('l.marketId', '=', 'a.marketId')
      .where((w) =>
        w.or([
          w('a.clientId', '=', w.ref('l.clientId')),
          w.and([
            w('a.clientId', 'is', null),
            w.not(
              w.exists(
                w
                  .selectFrom('approverAssignments as b')
                  .select('b.approverId')
                  .where(samePlaces('b', 'l'))
                  .whereRef('b.clientId', '=', 'l.clientId')
                  .where('b.isDeleted', '=', 0),
              ),
            ),
          ]),
        ]),
      );
  const viaMasters = eb
    .selectFrom('masterApprovers as m')
    .crossJoin('requests as l')
    .select('l.requestId')
    .where('m.isDeleted', '=', 0)
    .where((w) => names(w as unknown as RequestEb, 'm.userId', userId, standing))
    .where('l.statusId', '=', sql.lit(statusId))
    .whereRef('l.agencyId', '=', 'm.agencyId')
    .whereRef('l.practiceId', '=', 'm.practiceId')
    .whereRef('l.regionId', '=', 'm.regionId')
    .whereRef('l.marketId', '=', 'm.marketId');
  return viaAssignments('a.userId').union(viaAssignments('a.secondaryApproverId')).union(viaMasters);
}

/**
 * Whether some assignment covers the request: an active one on its path naming its client or
 * none. The same test as `coveringAssignment` existing (one naming the client, else one naming
 * none: either exists exactly when one of the two kinds does) without its inner lookup, which
 * ran once per line of a page (half the database's time of a tracker page on PostgreSQL).
 */
function anyAssignmentOnPath(eb: RequestEb) {
  return assignmentsOnPath(eb)
    .select('a.approverId')
    .where((w) => w.or([w('a.clientId', '=', w.ref('r.clientId')), w('a.clientId', 'is', null)]));
}

/** No covering assignment and no master approver: the request goes to admins ('No approval path'). */
export function hasNoApprovalPath(eb: RequestEb): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.exists(anyAssignmentOnPath(eb))),
    eb.not(eb.exists(masterApproverOfPath(eb).select('m.masterApproverId'))),
  ]);
}

/** The request (alias r) lies inside an admin's (region, market) rows. */
export function insideAdminScope(_eb: RequestEb, userId: number): Expression<SqlBool> {
  return insideAdminRows(userId, 'r');
}

export const TRUE = sql<SqlBool>`1 = 1`;

/**
 * The requests (any status) whose approval belongs to the actor: routed to them as primary,
 * secondary or master approver; admins also the requests no path covers inside their (region,
 * market) rows; the super admin every request. Never one the actor created or is the subject of.
 */
export function approvableBy(eb: RequestEb, actor: Actor): Expression<SqlBool> {
  // The auditor's 'all' is for reading: it decides nothing but what is routed to it.
  const kind = actor.roleId === Role.AUDITOR ? 'own' : rowScopeOf(actor).kind;
  switch (kind) {
    case 'all':
      return notOwnRequest(eb, actor.userId);
    case 'admin':
      return eb.or([
        routedToApprover(eb, actor.userId, standingOf(actor)),
        eb.and([notOwnRequest(eb, actor.userId), hasNoApprovalPath(eb), insideAdminScope(eb, actor.userId)]),
      ]);
    case 'routed':
    case 'own':
      return routedToApprover(eb, actor.userId, standingOf(actor));
  }
}

/**
 * Whose provisioning work an actor holds (their row scope): 'own' and 'routed' = the lines routed
 * to them as provisioner or backup; 'admin' adds the lines no assignment covers inside their
 * admin (region, market) rows; 'all' (super admin; auditor for reads) every line.
 */
export type ProvisioningScope = RowScope;

/** Whose provisioning work the actor holds: their row scope (http/row-scope.ts). */
export function provisioningScopeOf(actor: Actor): ProvisioningScope {
  return rowScopeOf(actor);
}

/**
 * The lines the actor may act on as provisioner, whatever their status. `withOwn` keeps the
 * super admin's and admin's own lines so that the service can refuse them (403) by name.
 */
export function provisionableBy(eb: RequestEb, scope: ProvisioningScope, withOwn = false) {
  const routed = routedToProvisioner(eb, scope.userId, standingOf(scope));
  const guard = (e: Expression<SqlBool>) => (withOwn ? e : eb.and([e, notOwnRequest(eb, scope.userId)]));
  switch (scope.kind) {
    case 'own':
    case 'routed':
      return routed;
    case 'admin':
      return eb.or([routed, guard(eb.and([hasNoApprovalPath(eb), insideAdminScope(eb, scope.userId)]))]);
    case 'all':
      return withOwn ? TRUE : notOwnRequest(eb, scope.userId);
  }
}

/**
 * The one rule of the task queues: the lines waiting on the actor. My Approval Tasks lists
 * exactly `approvalTask`, My Provisioning Tasks lists `provisioningTask` (plus, below it, the
 * lines the actor completed and may archive, which are not tasks), and the home badges count
 * the same expressions, so a badge equals the length of the list it opens for every role.
 * A literal status lets both engines use the partial indexes of Submitted and Approved lines
 * (migrations 0009, 0010).
 */
export function approvalTask(eb: RequestEb, actor: Actor): Expression<SqlBool> {
  const submitted = eb('r.statusId', '=', sql.lit(RequestStatus.SUBMITTED));
  if (actor.roleId === Role.SUPERADMIN) {
    return eb.and([submitted, approvableBy(eb, actor)]);
  }
  // approvableBy's routed part, looked up from the actor's own assignments (an indexed lookup
  // however many paths there are).
  const standing = standingOf(actor);
  const routed = eb.and([
    notOwnRequest(eb, actor.userId),
    eb('r.requestId', 'in', linesRoutedToApprover(eb, actor.userId, standing, RequestStatus.SUBMITTED)),
    standingHolds(eb, actor.userId, standing, () => approverRoutes(eb, actor.userId, 'self')),
  ]);
  if (actor.roleId === Role.ADMIN) {
    return eb.and([
      submitted,
      eb.or([
        routed,
        eb.and([notOwnRequest(eb, actor.userId), hasNoApprovalPath(eb), insideAdminScope(eb, actor.userId)]),
      ]),
    ]);
  }
  return eb.and([submitted, routed]);
}

/** The Approved lines waiting on the actor as provisioner (see approvalTask). */
export function provisioningTask(eb: RequestEb, scope: ProvisioningScope): Expression<SqlBool> {
  return eb.and([eb('r.statusId', '=', sql.lit(RequestStatus.APPROVED)), provisionableBy(eb, scope)]);
}
