import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * The master data log records before → after of every Database Manager write: two
 * JSON text columns on the log of 0005, its history read per item newest first through
 * (master_data_type, item_id, id), and the log made append-only by the database itself (an
 * UPDATE or DELETE of a log row is refused on both engines).
 */
export const m0014: Migration = {
  async up({ db, dialect }) {
    await db.schema.alterTable('master_data_logs').addColumn('before', 'text').execute();
    await db.schema.alterTable('master_data_logs').addColumn('after', 'text').execute();
    await db.schema.dropIndex('idx_master_data_logs_master_data_type_item_id').execute();
    await db.schema
      .createIndex('idx_master_data_logs_master_data_type_item_id_id')
      .on('master_data_logs')
      .columns(['master_data_type', 'item_id', 'id'])
      .execute();
    if (dialect === 'postgres') {
      await sql`create function master_data_logs_append_only() returns trigger language plpgsql as $$
        begin raise exception 'master_data_logs is append-only'; end $$`.execute(db);
      await sql`create trigger trg_master_data_logs_append_only before update or delete on master_data_logs
        for each row execute function master_data_logs_append_only()`.execute(db);
    } else {
      for (const event of ['update', 'delete']) {
        await sql`${sql.raw(`create trigger trg_master_data_logs_no_${event} before ${event} on master_data_logs`)}
          begin select raise(abort, 'master_data_logs is append-only'); end`.execute(db);
      }
    }
  },
  async down({ db, dialect }) {
    if (dialect === 'postgres') {
      await sql`drop trigger trg_master_data_logs_append_only on master_data_logs`.execute(db);
      await sql`drop function master_data_logs_append_only()`.execute(db);
    } else {
      await sql`drop trigger trg_master_data_logs_no_update`.execute(db);
      await sql`drop trigger trg_master_data_logs_no_delete`.execute(db);
    }
    await db.schema.dropIndex('idx_master_data_logs_master_data_type_item_id_id').execute();
    await db.schema
      .createIndex('idx_master_data_logs_master_data_type_item_id')
      .on('master_data_logs')
      .columns(['master_data_type', 'item_id'])
      .execute();
    await db.schema.alterTable('master_data_logs').dropColumn('after').execute();
    await db.schema.alterTable('master_data_logs').dropColumn('before').execute();
  },
};
