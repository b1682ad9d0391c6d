import type { Migration } from './helpers.ts';
import { types } from './helpers.ts';

/**
 * What a bulk upload needs to run in the background and survive a restart: the
 * file's content hash (a second upload of the same file reports the rows an earlier one
 * created instead of creating them again), the rows committed so far (a restarted server
 * resumes after them), when it finished and why it failed. A row's result is written once:
 * (upload, row number) becomes unique.
 */
export const m0018: Migration = {
  async up({ db, dialect }) {
    const { timestamp } = types(dialect);
    await db.schema.alterTable('bulk_uploads').addColumn('file_hash', 'text').execute();
    await db.schema
      .alterTable('bulk_uploads')
      .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('bulk_uploads').addColumn('finished_date', timestamp).execute();
    await db.schema.alterTable('bulk_uploads').addColumn('error', 'text').execute();
    await db.schema
      .createIndex('idx_bulk_uploads_upload_type_file_hash')
      .on('bulk_uploads')
      .columns(['upload_type', 'file_hash'])
      .execute();
    await db.schema.createIndex('idx_bulk_uploads_status').on('bulk_uploads').column('status').execute();
    await db.schema.dropIndex('idx_bulk_upload_rows_upload_id_row_number').execute();
    await db.schema
      .createIndex('uq_bulk_upload_rows_upload_id_row_number')
      .on('bulk_upload_rows')
      .columns(['upload_id', 'row_number'])
      .unique()
      .execute();
  },
  async down({ db }) {
    await db.schema.dropIndex('uq_bulk_upload_rows_upload_id_row_number').execute();
    await db.schema
      .createIndex('idx_bulk_upload_rows_upload_id_row_number')
      .on('bulk_upload_rows')
      .columns(['upload_id', 'row_number'])
      .execute();
    await db.schema.dropIndex('idx_bulk_uploads_status').execute();
    await db.schema.dropIndex('idx_bulk_uploads_upload_type_file_hash').execute();
    for (const column of ['error', 'finished_date', 'processed_rows', 'file_hash']) {
      await db.schema.alterTable('bulk_uploads').dropColumn(column).execute();
    }
  },
};
