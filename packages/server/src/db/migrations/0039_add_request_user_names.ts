import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationContext } from './helpers.ts';

/**
 * The lines in the order of their subject's full name: `request_user_names (request_id, user_id,
 * name)`, one row per request line, with a `(name, user_id, request_id)` index. That is the
 * order of the Request Tracker sorted by Request User Name (name, then person, then line), so a
 * deep page of every line in it is an offset into one index, where the lines' own tables can
 * only walk the people in name order and seek each one's lines (about 100,000 people before the
 * middle of a million lines: 0.6 s on PostgreSQL).
 *
 * Kept current in the writing transaction by triggers: a line inserted, deleted or given another
 * subject; a person's name or last name changed (found through the lines' user_id index). The
 * large seed loads lines without the triggers and fills the table once
 * (`suspendRequestUserNames` / `rebuildRequestUserNames`).
 */

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);

const NAME_INDEX = 'idx_request_user_names_name_user_id_request_id';

/** The row of the line `line` (`new` in a trigger), its subject's name read from users. */
const rowOf = (line: string) =>
  `select ${line}.request_id, u.user_id, u.name || ' ' || u.last_name from users u where u.user_id = ${line}.user_id`;

/** A person's lines, through requests' (user_id, …) index. */
const linesOfPerson = 'request_id in (select request_id from requests where user_id = new.user_id)';

const lineTriggers = ['insert', 'update', 'delete'] as const;

async function sqliteLineTriggers(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create trigger trg_request_user_names_insert after insert on requests begin
      insert into request_user_names (request_id, user_id, name) ${rowOf('new')};
    end`,
  );
  await run(
    db,
    `create trigger trg_request_user_names_update after update of user_id on requests
      when old.user_id is not new.user_id begin
      delete from request_user_names where request_id = new.request_id;
      insert into request_user_names (request_id, user_id, name) ${rowOf('new')};
    end`,
  );
  await run(
    db,
    `create trigger trg_request_user_names_delete after delete on requests begin
      delete from request_user_names where request_id = old.request_id;
    end`,
  );
}

async function postgresLineTriggers(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create trigger trg_request_user_names_insert after insert on requests
      for each row execute function request_user_names_line()`,
  );
  await run(
    db,
    `create trigger trg_request_user_names_update after update of user_id on requests
      for each row when (old.user_id is distinct from new.user_id) execute function request_user_names_line()`,
  );
  await run(
    db,
    `create trigger trg_request_user_names_delete after delete on requests
      for each row execute function request_user_names_line()`,
  );
}

/** Drops the triggers of `requests`, leaving the table behind the lines until the rebuild. */
export async function suspendRequestUserNames({ db, dialect }: MigrationContext): Promise<void> {
  for (const name of lineTriggers) {
    await run(
      db,
      `drop trigger if exists trg_request_user_names_${name}${dialect === 'postgres' ? ' on requests' : ''}`,
    );
  }
}

/**
 * Fills the table from every line (after a bulk load, or once when migrating), then builds its
 * index (faster than growing it row by row) and (re)creates the triggers of `requests`.
 */
export async function rebuildRequestUserNames(ctx: MigrationContext): Promise<void> {
  const { db, dialect } = ctx;
  await suspendRequestUserNames(ctx);
  await run(db, `drop index if exists ${NAME_INDEX}`);
  await run(db, dialect === 'postgres' ? 'truncate request_user_names' : 'delete from request_user_names');
  await run(
    db,
    `insert into request_user_names (request_id, user_id, name)
      select r.request_id, u.user_id, u.name || ' ' || u.last_name
      from requests r join users u on u.user_id = r.user_id order by r.request_id`,
  );
  await run(db, `create index ${NAME_INDEX} on request_user_names (name, user_id, request_id)`);
  await run(db, 'analyze request_user_names');
  await (dialect === 'postgres' ? postgresLineTriggers(db) : sqliteLineTriggers(db));
}

export const m0039: Migration = {
  async up(ctx) {
    const { db, dialect } = ctx;
    await run(
      db,
      `create table request_user_names (
        request_id integer primary key, user_id integer not null, name text not null)`,
    );
    if (dialect === 'postgres') {
      await run(
        db,
        `create function request_user_names_line() returns trigger language plpgsql as $$
        begin
          delete from request_user_names where request_id = old.request_id;
          if tg_op <> 'DELETE' then
            insert into request_user_names (request_id, user_id, name) ${rowOf('new')};
          end if;
          return null;
        end $$`,
      );
      await run(
        db,
        `create function request_user_names_person() returns trigger language plpgsql as $$
        begin
          update request_user_names set name = new.name || ' ' || new.last_name where ${linesOfPerson};
          return null;
        end $$`,
      );
      await run(
        db,
        `create trigger trg_request_user_names_person after update of name, last_name on users
          for each row when (old.name is distinct from new.name or old.last_name is distinct from new.last_name)
          execute function request_user_names_person()`,
      );
    } else {
      await run(
        db,
        `create trigger trg_request_user_names_person after update of name, last_name on users
          when old.name is not new.name or old.last_name is not new.last_name begin
          update request_user_names set name = new.name || ' ' || new.last_name where ${linesOfPerson};
        end`,
      );
    }
    await rebuildRequestUserNames(ctx);
  },

  async down(ctx) {
    const { db, dialect } = ctx;
    await suspendRequestUserNames(ctx);
    await run(
      db,
      `drop trigger if exists trg_request_user_names_person${dialect === 'postgres' ? ' on users' : ''}`,
    );
    if (dialect === 'postgres') {
      await run(db, 'drop function if exists request_user_names_line()');
      await run(db, 'drop function if exists request_user_names_person()');
    }
    await run(db, 'drop table if exists request_user_names');
  },
};
