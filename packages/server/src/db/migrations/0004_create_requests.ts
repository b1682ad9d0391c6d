import { sql } from 'kysely';
import { requestStatusNames, requestTypeNames, type RequestStatusId, type RequestTypeId } from '@uap/domain';
import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

const tables = [
  'leaver_comments',
  'provisioner_comments',
  'request_history',
  'requests',
  'request_statuses',
  'request_types',
];

/** Indexes that serve the request screens (filter + sort + page) and the routing joins. */
const requestIndexes: Record<string, string[]> = {
  idx_requests_status_id_created_date: ['status_id', 'created_date'],
  idx_requests_created_by_created_date: ['created_by', 'created_date'],
  idx_requests_user_id_created_date: ['user_id', 'created_date'],
  idx_requests_record_id: ['record_id'],
  idx_requests_created_date: ['created_date'],
  idx_requests_region_id_market_id: ['region_id', 'market_id'],
  idx_requests_agency_id_practice_id_platform_id_status_id: [
    'agency_id',
    'practice_id',
    'platform_id',
    'status_id',
  ],
  idx_requests_practice_id: ['practice_id'],
  idx_requests_platform_id: ['platform_id'],
  idx_requests_client_id: ['client_id'],
  idx_requests_client_account_id: ['client_account_id'],
  idx_requests_approved_date: ['approved_date'],
  idx_requests_provisioned_date: ['provisioned_date'],
  idx_requests_expiration_date: ['expiration_date'],
  idx_requests_approved_rejected_by: ['approved_rejected_by'],
  idx_requests_provisioned_by: ['provisioned_by'],
  idx_requests_email: ['email'],
  idx_requests_submission_id: ['submission_id'],
};

/** Requests (lines and access records), their append-only history and comment threads. */
export const m0004: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    // Lookup tables so SQL can join, sort and export by name; the CHECKs below pin the ids.
    await db.schema
      .createTable('request_types')
      .addColumn('request_type_id', 'integer', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      .execute();
    await db
      .withTables<{ request_types: { request_type_id: number; description: string } }>()
      .insertInto('request_types')
      .values(
        Object.entries(requestTypeNames).map(([id, description]) => ({
          request_type_id: Number(id) as RequestTypeId,
          description,
        })),
      )
      .execute();
    await db.schema
      .createTable('request_statuses')
      .addColumn('status_id', 'integer', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      .execute();
    await db
      .withTables<{ request_statuses: { status_id: number; description: string } }>()
      .insertInto('request_statuses')
      .values(
        Object.entries(requestStatusNames).map(([id, description]) => ({
          status_id: Number(id) as RequestStatusId,
          description,
        })),
      )
      .execute();

    await withId(db.schema.createTable('requests'), 'request_id', dialect)
      .addColumn('submission_id', 'text', (c) => c.notNull())
      .addColumn('request_type_id', 'integer', (c) => c.notNull().references('request_types.request_type_id'))
      .addColumn('status_id', 'integer', (c) => c.notNull().references('request_statuses.status_id'))
      .addColumn('record_id', 'integer', (c) => c.references('requests.request_id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .$call((b) => flag(b, 'is_internal'))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
      .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
      .addColumn('client_id', 'integer', (c) => c.references('clients.client_id'))
      .addColumn('client_code_id', 'integer', (c) => c.references('client_codes.client_code_id'))
      .addColumn('asset_id', 'integer', (c) => c.references('asset_types.asset_id'))
      .addColumn('client_account_id', 'integer', (c) => c.references('client_accounts.client_account_id'))
      .addColumn('platform_user_type_id', 'integer', (c) =>
        c.references('platform_user_types.platform_user_type_id'),
      )
      .addColumn('platform_ownership_id', 'integer', (c) =>
        c.references('platform_ownerships.platform_ownership_id'),
      )
      .addColumn('product_code', 'text')
      .addColumn('beginning_date', ts)
      .addColumn('expiration_date', ts)
      .$call((b) => flag(b, 'is_urgent'))
      .$call((b) => flag(b, 'is_platform_request'))
      .addColumn('comments', 'text')
      .addColumn('manager_email', 'text')
      .addColumn('manager_name', 'text')
      .addColumn('approver_comment', 'text')
      .addColumn('approved_rejected_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('approved_date', ts)
      .addColumn('provisioner_comment', 'text')
      .addColumn('provisioned_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('provisioned_date', ts)
      .$call((b) => flag(b, 'rejected_by_approver'))
      .$call((b) => flag(b, 'is_deleted'))
      .$call((b) => flag(b, 'ask_new_range_date'))
      .addColumn('requested_platform_email', 'text')
      .addColumn('reassigned_primary_email', 'text')
      .$call((b) => flag(b, 'is_reassigned_request'))
      .addColumn('changes_request', 'text')
      .addColumn('pending_change_request_id', 'integer', (c) => c.references('requests.request_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('ck_requests_request_type_id', sql`request_type_id in (1, 2, 3, 4)`)
      .addCheckConstraint('ck_requests_status_id', sql`status_id in (1, 2, 3, 4, 5, 6)`)
      .addCheckConstraint('ck_requests_email_lowercase', sql`email = lower(email)`)
      // An Add line is a record itself; every other type modifies one.
      .addCheckConstraint(
        'ck_requests_record_id',
        sql`(request_type_id = 1 and record_id is null) or (request_type_id <> 1 and record_id is not null)`,
      )
      .execute();
    for (const [name, columns] of Object.entries(requestIndexes)) {
      await db.schema.createIndex(name).on('requests').columns(columns).execute();
    }
    // One pending change per record (docs/architecture.md): a new modification must first cancel or
    // replace the prior pending Change/Deactivate/Activate of the same record.
    await db.schema
      .createIndex('uq_requests_pending_change_per_record')
      .on('requests')
      .column('record_id')
      .unique()
      .where(sql<boolean>`status_id in (1, 2) and request_type_id <> 1 and record_id is not null`)
      .execute();

    await withId(db.schema.createTable('request_history'), 'id', dialect)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.request_id'))
      .addColumn('status_id', 'integer', (c) => c.notNull().references('request_statuses.status_id'))
      .addColumn('request_type_id', 'integer', (c) => c.notNull().references('request_types.request_type_id'))
      .addColumn('step_description', 'text', (c) => c.notNull())
      .addColumn('change_desc', 'text')
      .addColumn('comments', 'text')
      .addColumn('approver_comment', 'text')
      .addColumn('provisioner_comment', 'text')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema
      .createIndex('idx_request_history_request_id_created_date')
      .on('request_history')
      .columns(['request_id', 'created_date'])
      .execute();
    await db.schema
      .createIndex('idx_request_history_created_date')
      .on('request_history')
      .column('created_date')
      .execute();
    await db.schema
      .createIndex('idx_request_history_created_by')
      .on('request_history')
      .column('created_by')
      .execute();

    for (const name of ['provisioner_comments', 'leaver_comments']) {
      await withId(db.schema.createTable(name), 'id', dialect)
        .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.request_id'))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
        .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex(`idx_${name}_request_id_created_date`)
        .on(name)
        .columns(['request_id', 'created_date'])
        .execute();
    }
  },

  async down({ db }) {
    for (const name of tables) {
      await db.schema.dropTable(name).execute();
    }
  },
};
