import type { AdminScope } from '../../../http/admin-scope.ts';
import { sql, type SqlBool } from 'kysely';
import { messages } from '@uap/domain';
import { type Db, type Executor } from '../../../db/connection.ts';
import { sqlTable } from '../../../db/sql-table.ts';
import { type TableSpec } from '../../../db/table-query.ts';
import { inAdminRows } from '../../../http/row-scope-queries.ts';
import { fullName, textColumn } from '../column-queries.ts';

/** Whose rows a caller sees: the people on rows inside an admin's (region, market) rows, or all. */

/** The roles a person holds on an active row, as the status table names them; `code` orders them. */
const assignmentRoles = [
  { code: 1, role: 'Approver', column: 'a.userId' },
  { code: 2, role: 'Secondary Approver', column: 'a.secondaryApproverId' },
  { code: 3, role: 'Provisioner', column: 'a.provisionerId' },
  { code: 4, role: 'Provisioner Backup', column: 'a.provisionerBackupId' },
] as const;
const masterRole = { code: 5, role: 'Master Approver' } as const;



/** (person, role, how many active rows) of every active assignment and master approver row in scope. */
function heldRoles(q: Executor, scope: AdminScope) {
  const [first, ...rest] = assignmentRoles.map(({ code, role, column }) =>
    q
      .selectFrom('approverAssignments as a')
      .select((eb) => [
        sql<number>`${sql.ref(column)}`.as('userId'),
        sql<string>`${sql.lit(role)}`.as('role'),
        sql<number>`${sql.lit(code)}`.as('roleCode'),
        eb.fn.countAll<number>().as('assignmentCount'),
      ])
      .where('a.isDeleted', '=', 0)
      .where(sql.ref(column), 'is not', null)
      .where(inAdminRows(scope, 'a'))
      .groupBy(sql.ref(column)),
  );
  const masters = q
    .selectFrom('masterApprovers as a')
    .select((eb) => [
      sql<number>`${sql.ref('a.userId')}`.as('userId'),
      sql<string>`${sql.lit(masterRole.role)}`.as('role'),
      sql<number>`${sql.lit(masterRole.code)}`.as('roleCode'),
      eb.fn.countAll<number>().as('assignmentCount'),
    ])
    .where('a.isDeleted', '=', 0)
    .where(inAdminRows(scope, 'a'))
    .groupBy('a.userId');
  return rest.reduce((union, branch) => union.unionAll(branch), first!).unionAll(masters);
}

/** When the person's account or profile changed, and what changed. */
const isDirectoryDisabled = sql<SqlBool>`${sql.ref('du.active')} = 0`;
const changeDate = sql<string>`case when ${isDirectoryDisabled} then ${sql.ref('du.updatedDate')} else ${sql.ref('u.updatedDate')} end`;
const changeDescription = sql<string>`case when ${isDirectoryDisabled} then ${sql.lit(messages.statusDirectoryDisabled)} else ${sql.lit(messages.statusProfileDeactivated)} end`;
const personName = fullName<string>('u');

/**
 * The people holding a role on an active row in scope whose directory account is disabled or
 * whose profile is inactive; without `withAcknowledged`, only the rows nobody acknowledged since
 * the change.
 */
function statusRows(
  q: Executor,
  scope: AdminScope,
  o: { withAcknowledged: boolean; userIds?: readonly number[] },
) {
  return q
    .selectFrom(heldRoles(q, scope).as('s'))
    .innerJoin('users as u', 'u.userId', 's.userId')
    .leftJoin('directoryUsers as du', 'du.directoryId', 'u.directoryId')
    .where((eb) => eb.or([eb('du.active', '=', 0), eb('u.isDeleted', '=', 1)]))
    .$if(o.userIds !== undefined, (qb) => qb.where('s.userId', 'in', o.userIds!))
    .$if(!o.withAcknowledged, (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('assignmentStatusReports as k')
              .select('k.id')
              .whereRef('k.userId', '=', 's.userId')
              .whereRef('k.role', '=', 's.role')
              .where('k.isDeleted', '=', 1)
              .where(sql<SqlBool>`${sql.ref('k.operationDate')} >= ${changeDate}`),
          ),
        ),
      ),
    );
}

function selectStatus(qb: ReturnType<typeof statusRows>) {
  return qb.select([
    sql<number>`${sql.ref('s.userId')} * 10 + ${sql.ref('s.roleCode')}`.as('id'),
    's.userId',
    's.role',
    's.assignmentCount',
    changeDate.as('operationDate'),
    changeDescription.as('changeDescription'),
    personName.as('fullName'),
    'u.email as emailAddress',
  ]);
}

/** The status table (keys = row field names); newest change first by default. */
export const approverStatusSpec: TableSpec = {
  columns: {
    operationDate: { sql: changeDate, kind: 'date', isSortable: true },
    fullName: textColumn(personName),
    emailAddress: textColumn(sql.ref('u.email')),
    role: textColumn(sql.ref('s.role')),
    changeDescription: textColumn(changeDescription),
  },
  id: sql<number>`${sql.ref('s.userId')} * 10 + ${sql.ref('s.roleCode')}`,
  defaultOrder: { column: 'operationDate', isAscending: false },
};

/** The status table's three reads (page, filter menus, export batches): the unacknowledged rows in scope. */
export const statusTable = sqlTable({
  spec: approverStatusSpec,
  rows: (db: Db, scope: AdminScope) => statusRows(db.kysely, scope, { withAcknowledged: false }),
  select: selectStatus,
});
export type StatusDbRow = Awaited<ReturnType<typeof statusTable.page>>['rows'][number];

/** These people's status rows in scope, acknowledged or not. */
export function findStatusRowsOf(q: Executor, scope: AdminScope, userIds: readonly number[]) {
  return selectStatus(statusRows(q, scope, { withAcknowledged: true, userIds })).execute();
}

/** Records that a row was acknowledged, as of the change it reported. */
export async function insertAcknowledgements(q: Executor, rows: readonly StatusDbRow[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await q
    .insertInto('assignmentStatusReports')
    .values(
      rows.map((r) => ({
        userId: r.userId,
        role: r.role,
        changeDescription: r.changeDescription,
        operationDate: r.operationDate,
        isDeleted: 1,
      })),
    )
    .execute();
}

/** Withdraws the acknowledgements of these (person, role) pairs: their rows show again. */
export async function withdrawAcknowledgements(
  q: Executor,
  rows: readonly { userId: number; role: string }[],
): Promise<void> {
  for (const row of rows) {
    await q
      .updateTable('assignmentStatusReports')
      .set({ isDeleted: 0 })
      .where('userId', '=', row.userId)
      .where('role', '=', row.role)
      .where('isDeleted', '=', 1)
      .execute();
  }
}
