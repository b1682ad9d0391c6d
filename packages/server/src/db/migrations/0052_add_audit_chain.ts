import { sql } from 'kysely';
import { chainUnchained } from '../chain/seal.ts';
import { GENESIS } from '../chain/format.ts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import { nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * The tables whose every change a trigger writes to `record_changes` (as JSON of the row after
 * it, or before a delete): who is an administrator or super administrator and where, the
 * approval paths, absences (who stands in), people's roles and whether their profile is active,
 * and the access review decisions (`updateOf`: only a change of these columns; a new profile or
 * an item's snapshot at the start is not a change).
 */
const CHANGE_LOGGED: Record<
  string,
  { id: string; columns: string[]; updateOf?: string[]; snapshotWhere?: string | null }
> = {
  admin_regions: {
    id: 'admin_region_id',
    columns: [
      'admin_region_id',
      'user_id',
      'region_id',
      'market_id',
      'is_deleted',
      'created_date',
      'created_by',
      'updated_date',
      'updated_by',
    ],
  },
  super_admins: {
    id: 'admin_id',
    columns: [
      'admin_id',
      'user_id',
      'is_deleted',
      'created_date',
      'created_by',
      'updated_date',
      'updated_by',
    ],
  },
  approver_assignments: {
    id: 'approver_id',
    columns: [
      'approver_id',
      'user_id',
      'secondary_approver_id',
      'provisioner_id',
      'provisioner_backup_id',
      'region_id',
      'market_id',
      'agency_id',
      'practice_id',
      'platform_id',
      'client_id',
      'is_deleted',
      'created_date',
      'created_by',
      'updated_date',
      'updated_by',
    ],
  },
  master_approvers: {
    id: 'master_approver_id',
    columns: [
      'master_approver_id',
      'user_id',
      'region_id',
      'market_id',
      'agency_id',
      'practice_id',
      'is_deleted',
      'created_date',
      'created_by',
      'updated_date',
      'updated_by',
    ],
  },
  absences: {
    id: 'absence_id',
    columns: [
      'absence_id',
      'user_id',
      'delegate_id',
      'from_date',
      'to_date',
      'is_deleted',
      'created_date',
      'created_by',
      'updated_date',
      'updated_by',
    ],
  },
  // Who holds which role, and who left: a role changed by any path (a profile edit, a path's
  // write, the role validation job) and a profile deactivated or reactivated.
  users: {
    id: 'user_id',
    columns: ['user_id', 'email', 'role_id', 'show_approver', 'is_deleted', 'updated_date', 'updated_by'],
    updateOf: ['role_id', 'is_deleted'],
    // The snapshot names everyone above the standard role.
    snapshotWhere: 'role_id <> 1',
  },
  access_review_items: {
    id: 'item_id',
    columns: [
      'item_id',
      'review_id',
      'record_id',
      'user_id',
      'reviewer_user_id',
      'decision',
      'comment',
      'decided_by',
      'decided_at',
      'revoke_request_id',
    ],
    updateOf: ['decision', 'comment', 'decided_by'],
    snapshotWhere: null,
  },
};

/** The JSON object of a row's logged columns, read from `row` ('new' or 'old'). */
function rowJson(dialect: Dialect, row: string, columns: readonly string[]): string {
  const pairs = columns.map((c) => `'${c}', ${row}.${c}`).join(', ');
  return dialect === 'postgres' ? `jsonb_build_object(${pairs})::text` : `json_object(${pairs})`;
}

async function addChangeTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const [table, { id, columns, updateOf, snapshotWhere = '1 = 1' }] of Object.entries(CHANGE_LOGGED)) {
    const insertOf = (op: string, row: 'new' | 'old') =>
      `insert into record_changes (table_name, row_id, operation, row_data)
       values ('${table}', ${row}.${id}, '${op}', ${rowJson(dialect, row, columns)})`;
    const events = updateOf ? [`update of ${updateOf.join(', ')}`] : ['insert', 'update', 'delete'];
    const changed = updateOf
      ? updateOf
          .map((c) =>
            dialect === 'postgres' ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`,
          )
          .join(' or ')
      : null;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function record_change_${table}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then ${insertOf('delete', 'old')}; return old; end if;
          if tg_op = 'INSERT' then ${insertOf('insert', 'new')}; return new; end if;
          ${insertOf('update', 'new')}; return new;
        end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger trg_${table}_record_change after ${events.join(' or ')} on ${table}
        for each row ${changed ? `when (${changed})` : ''} execute function record_change_${table}()`,
        )
        .execute(db);
    } else {
      for (const event of events) {
        const op = event.startsWith('update') ? 'update' : event;
        const row = op === 'delete' ? 'old' : 'new';
        await sql
          .raw(
            `create trigger trg_${table}_record_${op} after ${event} on ${table}
          ${changed ? `when ${changed}` : ''}
          begin ${insertOf(op, row)}; end`,
          )
          .execute(db);
      }
    }
    if (snapshotWhere !== null) {
      // What each row is when the chain starts: its first version in the history.
      await sql
        .raw(
          `insert into record_changes (table_name, row_id, operation, row_data)
        select '${table}', ${id}, 'snapshot', ${rowJson(dialect, table, columns)} from ${table}
        where ${snapshotWhere} order by ${id}`,
        )
        .execute(db);
    }
  }
}

/**
 * The audit chain (issue 47): a hash chain over every row of the history tables.
 * - `audit_chain`: one entry per chained row version, in one global order (`seq`, given under
 *   the head's lock, so commit order): the row's hash and the link that chains it to the entry
 *   before. (table_name, row_id, seq) finds a row's entries, its latest last.
 * - `audit_chain_head`: the one row writers lock to append; it holds the last seq and link.
 * - `audit_verifications`: each verification's outcome: how far it checked, the first break.
 * - `record_changes`: the history of tables that hold state rather than history (CHANGE_LOGGED),
 *   written by triggers, so every change is recorded whichever code (or person) makes it; `txid`
 *   tells PostgreSQL's transaction its own rows. It starts with a snapshot of each row.
 * - `audit_signing_keys`: the Ed25519 key that signs exports when no key file is configured
 *   (the oldest row is the key every instance uses).
 * The rows already written are chained here, once, table by table.
 */
export const m0052: Migration = {
  async up({ db, dialect }) {
    const hash = dialect === 'postgres' ? 'bytea' : 'blob';
    const ts = types(dialect).timestamp;
    await db.schema
      .createTable('audit_chain')
      .addColumn('seq', 'bigint', (c) => c.primaryKey())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('row_id', 'integer', (c) => c.notNull())
      .addColumn('row_hash', hash, (c) => c.notNull())
      .addColumn('chain_hash', hash, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('idx_audit_chain_table_name_row_id_seq')
      .on('audit_chain')
      .columns(['table_name', 'row_id', 'seq'])
      .execute();
    await db.schema
      .createTable('audit_chain_head')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('chain_hash', hash, (c) => c.notNull())
      .addCheckConstraint('ck_audit_chain_head_one_row', sql`id = 1`)
      .execute();
    await sql`insert into audit_chain_head (id, seq, chain_hash) values (1, 0, ${GENESIS})`.execute(db);

    await withId(db.schema.createTable('audit_verifications'), 'id', dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('started_date', ts, (c) => c.notNull())
      .addColumn('finished_date', ts, (c) => c.notNull())
      .addColumn('started_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('verified', 'integer', (c) => c.notNull())
      .addColumn('checked_rows', 'integer', (c) => c.notNull())
      .addColumn('head_seq', 'bigint', (c) => c.notNull())
      .addColumn('head_hash', hash, (c) => c.notNull())
      .addColumn('table_max_ids', 'text', (c) => c.notNull())
      .addColumn('break_table', 'text')
      .addColumn('break_row_id', 'integer')
      .addColumn('break_seq', 'bigint')
      .addColumn('break_reason', 'text')
      .addCheckConstraint('ck_audit_verifications_kind', sql`kind in ('full', 'incremental')`)
      .execute();
    await db.schema
      .createIndex('idx_audit_verifications_verified_id')
      .on('audit_verifications')
      .columns(['verified', 'id'])
      .execute();

    await withId(db.schema.createTable('record_changes'), 'id', dialect)
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('row_id', 'integer', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('row_data', 'text', (c) => c.notNull())
      .addColumn('changed_date', ts, (c) => c.notNull().defaultTo(nowDefault(dialect)))
      .addColumn('txid', 'bigint', (c) => (dialect === 'postgres' ? c.defaultTo(sql`txid_current()`) : c))
      .addCheckConstraint(
        'ck_record_changes_operation',
        sql`operation in ('snapshot', 'insert', 'update', 'delete')`,
      )
      .execute();
    await db.schema
      .createIndex('idx_record_changes_table_name_row_id_id')
      .on('record_changes')
      .columns(['table_name', 'row_id', 'id'])
      .execute();
    if (dialect === 'postgres') {
      await db.schema.createIndex('idx_record_changes_txid').on('record_changes').column('txid').execute();
    }
    await addChangeTriggers(db, dialect);

    await db.schema
      .createTable('audit_signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_date', ts, (c) => c.notNull())
      .execute();

    await chainUnchained(db, dialect);
  },

  async down({ db, dialect }) {
    for (const table of Object.keys(CHANGE_LOGGED)) {
      if (dialect === 'postgres') {
        await sql.raw(`drop trigger if exists trg_${table}_record_change on ${table}`).execute(db);
        await sql.raw(`drop function if exists record_change_${table}()`).execute(db);
      } else {
        for (const op of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists trg_${table}_record_${op}`).execute(db);
        }
      }
    }
    await db.schema.dropTable('record_changes').ifExists().execute();
    await db.schema.dropTable('audit_signing_keys').ifExists().execute();
    await db.schema.dropTable('audit_verifications').ifExists().execute();
    await db.schema.dropTable('audit_chain_head').ifExists().execute();
    await db.schema.dropTable('audit_chain').ifExists().execute();
  },
};
