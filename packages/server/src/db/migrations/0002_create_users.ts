import { sql } from 'kysely';
import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

const tables = [
  'super_admins',
  'admin_regions',
  'directory_users',
  'user_merges',
  'user_additional_email_logs',
  'user_profile_logs',
  'user_additional_emails',
  'users',
];

/** User profiles, their extra emails and logs, the corporate directory, admin scopes. */
export const m0002: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await withId(db.schema.createTable('users'), 'user_id', dialect)
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('organization', 'text')
      .addColumn('department', 'text')
      .addColumn('office_number', 'text')
      .addColumn('employee_id', 'text')
      .addColumn('location_country', 'text')
      .$call((b) => flag(b, 'is_internal'))
      .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('Member'))
      .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(1).references('roles.role_id'))
      .$call((b) => flag(b, 'show_approver'))
      .addColumn('directory_id', 'text')
      .addColumn('parent_guid', 'text')
      .addColumn('child_guid', 'text')
      .addColumn('merged_user_id', 'integer', (c) => c.references('users.user_id'))
      .$call((b) => flag(b, 'is_child'))
      .addColumn('manager_email', 'text')
      .addColumn('manager_name', 'text')
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .addCheckConstraint('ck_users_email_lowercase', sql`email = lower(email)`)
      .addCheckConstraint('ck_users_user_type', sql`user_type in ('Member', 'Guest')`)
      .execute();
    await db.schema.createIndex('uq_users_email').on('users').column('email').unique().execute();
    await db.schema
      .createIndex('idx_users_lower_name')
      .on('users')
      .expression(sql`lower(name)`)
      .execute();
    await db.schema
      .createIndex('idx_users_lower_last_name')
      .on('users')
      .expression(sql`lower(last_name)`)
      .execute();
    await db.schema.createIndex('idx_users_role_id').on('users').column('role_id').execute();
    await db.schema.createIndex('idx_users_directory_id').on('users').column('directory_id').execute();
    await db.schema.createIndex('idx_users_merged_user_id').on('users').column('merged_user_id').execute();
    await db.schema.createIndex('idx_users_created_date').on('users').column('created_date').execute();

    await withId(db.schema.createTable('user_additional_emails'), 'id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addCheckConstraint('ck_user_additional_emails_email_lowercase', sql`email = lower(email)`)
      .execute();
    await db.schema
      .createIndex('idx_user_additional_emails_email')
      .on('user_additional_emails')
      .column('email')
      .execute();
    await db.schema
      .createIndex('idx_user_additional_emails_user_id')
      .on('user_additional_emails')
      .column('user_id')
      .execute();

    await withId(db.schema.createTable('user_profile_logs'), 'id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('changed_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('changed_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema
      .createIndex('idx_user_profile_logs_user_id_changed_date')
      .on('user_profile_logs')
      .columns(['user_id', 'changed_date'])
      .execute();

    await withId(db.schema.createTable('user_additional_email_logs'), 'id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('old_email', 'text')
      .addColumn('new_email', 'text')
      .addColumn('changed_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('changed_date', ts, (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('idx_user_additional_email_logs_user_id_changed_date')
      .on('user_additional_email_logs')
      .columns(['user_id', 'changed_date'])
      .execute();

    await withId(db.schema.createTable('user_merges'), 'id', dialect)
      .addColumn('parent_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('child_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('merged_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('merged_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('unmerged_date', ts)
      .addColumn('unmerged_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_user_merges_parent_user_id')
      .on('user_merges')
      .column('parent_user_id')
      .execute();
    await db.schema
      .createIndex('idx_user_merges_child_user_id')
      .on('user_merges')
      .column('child_user_id')
      .execute();

    // The directory is fed from outside (seed, SCIM, CSV), so profiles refer to it by
    // directory_id without a foreign key: a directory refresh must not be blocked by profiles.
    await db.schema
      .createTable('directory_users')
      .addColumn('directory_id', 'text', (c) => c.primaryKey())
      .addColumn('mail', 'text')
      .addColumn('user_principal_name', 'text')
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('given_name', 'text')
      .addColumn('surname', 'text')
      .addColumn('job_title', 'text')
      .addColumn('company_name', 'text')
      .addColumn('department', 'text')
      .addColumn('office_location', 'text')
      .addColumn('country', 'text')
      .addColumn('mobile_phone', 'text')
      .addColumn('business_phone', 'text')
      .addColumn('employee_id', 'text')
      .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('Member'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('manager_mail', 'text')
      .addColumn('manager_display_name', 'text')
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addCheckConstraint('ck_directory_users_mail_lowercase', sql`mail = lower(mail)`)
      .addCheckConstraint('ck_directory_users_user_type', sql`user_type in ('Member', 'Guest')`)
      .execute();
    await db.schema
      .createIndex('uq_directory_users_mail')
      .on('directory_users')
      .column('mail')
      .unique()
      .execute();
    await db.schema
      .createIndex('idx_directory_users_display_name')
      .on('directory_users')
      .column('display_name')
      .execute();
    await db.schema
      .createIndex('idx_directory_users_lower_display_name')
      .on('directory_users')
      .expression(sql`lower(display_name)`)
      .execute();
    await db.schema
      .createIndex('idx_directory_users_user_principal_name')
      .on('directory_users')
      .column('user_principal_name')
      .execute();

    await withId(db.schema.createTable('admin_regions'), 'admin_region_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
      .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema.createIndex('idx_admin_regions_user_id').on('admin_regions').column('user_id').execute();
    await db.schema
      .createIndex('idx_admin_regions_region_id_market_id')
      .on('admin_regions')
      .columns(['region_id', 'market_id'])
      .execute();

    await withId(db.schema.createTable('super_admins'), 'admin_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('uq_super_admins_user_id')
      .on('super_admins')
      .column('user_id')
      .unique()
      .execute();
  },

  async down({ db }) {
    for (const name of tables) {
      await db.schema.dropTable(name).execute();
    }
  },
};
