import { sql } from 'kysely';
import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * Out of office and delegation, and the backstop of one active assignment per path.
 *
 * - `absences`: a person (approver, provisioner, master approver) is away from `from_date` until
 *   `to_date` (exclusive) and a delegate holds their approval and provisioning work meanwhile.
 *   Routing reads the absences running now of one delegate: a partial index on (delegate, end).
 * - `request_history.on_behalf_of`: the absent person a delegate acted for.
 * - The Coverage tab counts each path's open lines (Submitted or Approved): a partial index of
 *   those by client and practice (a client belongs to one platform and agency).
 * - One active approver assignment per path (a null client is its own path: every client) and one
 *   active master approver row per person and path. The services refuse a duplicate with a
 *   message; these unique partial indexes refuse one that slips past them (two writers at once).
 */
export const m0015: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await withId(db.schema.createTable('absences'), 'absence_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('delegate_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('from_date', ts, (c) => c.notNull())
      .addColumn('to_date', ts, (c) => c.notNull())
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_absences_delegate_running')
      .on('absences')
      .columns(['delegate_id', 'to_date', 'from_date', 'user_id'])
      .where(sql<boolean>`is_deleted = 0`)
      .execute();
    await db.schema
      .createIndex('idx_absences_user_id_to_date')
      .on('absences')
      .columns(['user_id', 'to_date'])
      .execute();

    await db.schema
      .alterTable('request_history')
      .addColumn('on_behalf_of', 'integer', (c) => c.references('users.user_id'))
      .execute();

    await db.schema
      .createIndex('idx_requests_open_by_client')
      .ifNotExists()
      .on('requests')
      .columns(['client_id', 'practice_id', 'region_id', 'market_id'])
      .where(sql<boolean>`status_id in (1, 2)`)
      .execute();

    await sql`create unique index uq_approver_assignments_active_path on approver_assignments
      (region_id, market_id, agency_id, practice_id, platform_id, coalesce(client_id, 0))
      where is_deleted = 0`.execute(db);
    await sql`create unique index uq_master_approvers_active_person_path on master_approvers
      (user_id, region_id, market_id, agency_id, practice_id)
      where is_deleted = 0`.execute(db);
  },

  async down({ db }) {
    await db.schema.dropIndex('uq_master_approvers_active_person_path').ifExists().execute();
    await db.schema.dropIndex('uq_approver_assignments_active_path').ifExists().execute();
    await db.schema.dropIndex('idx_requests_open_by_client').ifExists().execute();
    await db.schema.alterTable('request_history').dropColumn('on_behalf_of').execute();
    await db.schema.dropTable('absences').execute();
  },
};
