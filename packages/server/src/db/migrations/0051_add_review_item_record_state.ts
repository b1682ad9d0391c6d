import { sql, type Kysely } from 'kysely';
import { RequestStatus } from '@uap/domain';
import type { Migration, MigrationContext } from './helpers.ts';

/**
 * Where an access review item's record and revoke stand now, on the item: `record_ended` (the
 * record was deleted or left Completed / Archived), `record_changed` (its user, user type, client
 * or client account is no longer the snapshot's) and `revoke_status_id` (the status of the
 * Deactivate line a revoke made). My Access Reviews' State is worked out from these and the
 * decision alone, so a reviewer's 20,000 items sort and filter by State without joining two
 * request rows each (300–430 ms a page on PostgreSQL, bench/README.md).
 *
 * Kept current by a trigger on `requests` (after an update of the columns they read), through
 * the items' new index on `record_id` and the one of 0046 on `revoke_request_id`; the revoke writes its line's
 * status when it links the line (`linkRevokeLines`). Items before are filled once here.
 */

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);

const active = `${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}`;

/** The columns of `requests` the item's facts read. */
const watched = [
  'status_id',
  'is_deleted',
  'user_id',
  'platform_user_type_id',
  'client_account_id',
  'client_id',
];

/** The facts of the items of the record `rec` (a row of requests), as SET assignments. */
const factsOf = (
  rec: string,
) => `record_ended = case when ${rec}.is_deleted = 1 or ${rec}.status_id not in (${active}) then 1 else 0 end,
    record_changed = case when ${rec}.user_id <> user_id
      or coalesce(${rec}.platform_user_type_id, 0) <> coalesce(platform_user_type_id, 0)
      or coalesce(${rec}.client_account_id, 0) <> coalesce(client_account_id, 0)
      or coalesce(${rec}.client_id, 0) <> coalesce(client_id, 0) then 1 else 0 end`;

/** What the trigger runs for the updated line `new`: as a record of items, and as a revoke's line. */
const body = `update access_review_items set ${factsOf('new')} where record_id = new.request_id;
  update access_review_items set revoke_status_id = new.status_id where revoke_request_id = new.request_id;`;

/** Fills every item's facts from its record and revoke as they are now. */
async function fillRecordState(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `update access_review_items set
      record_ended = coalesce((select case when r.is_deleted = 1 or r.status_id not in (${active}) then 1 else 0 end
        from requests r where r.request_id = access_review_items.record_id), 1),
      record_changed = coalesce((select case when r.user_id <> access_review_items.user_id
        or coalesce(r.platform_user_type_id, 0) <> coalesce(access_review_items.platform_user_type_id, 0)
        or coalesce(r.client_account_id, 0) <> coalesce(access_review_items.client_account_id, 0)
        or coalesce(r.client_id, 0) <> coalesce(access_review_items.client_id, 0) then 1 else 0 end
        from requests r where r.request_id = access_review_items.record_id), 0),
      revoke_status_id = (select r.status_id from requests r where r.request_id = access_review_items.revoke_request_id)`,
  );
}

/** The trigger of `requests` that keeps the items' facts (PostgreSQL: its function exists). */
async function createRecordStateTrigger(
  db: Kysely<unknown>,
  dialect: MigrationContext['dialect'],
): Promise<void> {
  const changed = watched.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  if (dialect === 'postgres') {
    await run(
      db,
      `create trigger trg_access_review_items_record after update of ${watched.join(', ')} on requests
        for each row when (${changed}) execute function access_review_items_record()`,
    );
  } else {
    await run(
      db,
      `create trigger trg_access_review_items_record after update of ${watched.join(', ')} on requests
        when ${changed.replaceAll('is distinct from', 'is not')} begin ${body} end`,
    );
  }
}

/**
 * The large seed loads lines without this trigger (`suspendReviewItemRecordState`) and then puts
 * it back after the other triggers of `requests`, in the order the migrations made them, with the
 * facts of any items filled again.
 */
export async function suspendReviewItemRecordState({ db, dialect }: MigrationContext): Promise<void> {
  await run(
    db,
    `drop trigger if exists trg_access_review_items_record${dialect === 'postgres' ? ' on requests' : ''}`,
  );
}

export async function restoreReviewItemRecordState(ctx: MigrationContext): Promise<void> {
  await suspendReviewItemRecordState(ctx);
  await fillRecordState(ctx.db);
  await createRecordStateTrigger(ctx.db, ctx.dialect);
}

export const m0051: Migration = {
  async up({ db, dialect }) {
    await db.schema
      .alterTable('access_review_items')
      .addColumn('record_ended', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('access_review_items')
      .addColumn('record_changed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('access_review_items').addColumn('revoke_status_id', 'integer').execute();
    await fillRecordState(db);
    await db.schema
      .createIndex('idx_access_review_items_record')
      .on('access_review_items')
      .column('record_id')
      .execute();
    if (dialect === 'postgres') {
      await run(
        db,
        `create function access_review_items_record() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`,
      );
    }
    await createRecordStateTrigger(db, dialect);
  },

  async down(ctx) {
    const { db, dialect } = ctx;
    await suspendReviewItemRecordState(ctx);
    if (dialect === 'postgres') {
      await run(db, 'drop function if exists access_review_items_record()');
    }
    await db.schema.dropIndex('idx_access_review_items_record').ifExists().execute();
    for (const column of ['revoke_status_id', 'record_changed', 'record_ended']) {
      await db.schema.alterTable('access_review_items').dropColumn(column).execute();
    }
  },
};
