import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationContext } from './helpers.ts';

/**
 * The lines in the order of a person's full name, one table per person of a line: the subject
 * (`request_user_names`, from `user_id`) and the creator (`request_creator_names`, from
 * `created_by`). Each holds `(request_id, user_id, name)`, one row per request line, with a
 * `(name, user_id, request_id)` index: the order of the Request Tracker sorted by Request User
 * Name or Created By Name (name, then person, then line). A deep page of every line is then an
 * offset into one index, where the lines' own tables can only walk the people in name order and
 * seek each one's lines (about 100,000 people before the middle of a million lines: 0.8 s on
 * PostgreSQL).
 *
 * Kept current in the writing transaction by triggers: a line inserted, deleted or given another
 * person; a person's name or last name changed (their lines found through the lines' person
 * indexes). The large seed loads lines without the triggers of `requests` and fills the tables
 * once (`suspendRequestPersonNames` / `rebuildRequestPersonNames`).
 */

/** Each table and the line's column naming its person. */
export const personNameTables = [
  ['request_user_names', 'user_id'],
  ['request_creator_names', 'created_by'],
] as const;

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);

const lineEvents = ['insert', 'update', 'delete'] as const;

const nameIndex = (table: string) => `idx_${table}_name_user_id_request_id`;

/** The row of the line `new` in `table`, its person's name read from users. */
const rowOf = (table: string, person: string) =>
  `insert into ${table} (request_id, user_id, name)
    select new.request_id, u.user_id, u.name || ' ' || u.last_name from users u where u.user_id = new.${person}`;

/** The new name of `new` (a person) on every row of their lines in `table`. */
const renameIn = (table: string, person: string) =>
  `update ${table} set name = new.name || ' ' || new.last_name
    where request_id in (select request_id from requests where ${person} = new.user_id)`;

async function sqliteLineTriggers(db: Kysely<unknown>, table: string, person: string): Promise<void> {
  await run(
    db,
    `create trigger trg_${table}_insert after insert on requests begin ${rowOf(table, person)}; end`,
  );
  await run(
    db,
    `create trigger trg_${table}_update after update of ${person} on requests
      when old.${person} is not new.${person} begin
      delete from ${table} where request_id = new.request_id;
      ${rowOf(table, person)};
    end`,
  );
  await run(
    db,
    `create trigger trg_${table}_delete after delete on requests begin
      delete from ${table} where request_id = old.request_id;
    end`,
  );
}

async function postgresLineTriggers(db: Kysely<unknown>, table: string, person: string): Promise<void> {
  const each = `for each row execute function ${table}_line()`;
  await run(db, `create trigger trg_${table}_insert after insert on requests ${each}`);
  await run(
    db,
    `create trigger trg_${table}_update after update of ${person} on requests
      for each row when (old.${person} is distinct from new.${person}) execute function ${table}_line()`,
  );
  await run(db, `create trigger trg_${table}_delete after delete on requests ${each}`);
}

/** Drops the triggers of `requests`, leaving the tables behind the lines until the rebuild. */
export async function suspendRequestPersonNames({ db, dialect }: MigrationContext): Promise<void> {
  for (const [table] of personNameTables) {
    for (const event of lineEvents) {
      await run(
        db,
        `drop trigger if exists trg_${table}_${event}${dialect === 'postgres' ? ' on requests' : ''}`,
      );
    }
  }
}

/**
 * Fills the tables from every line (after a bulk load, or once when migrating), then builds
 * their indexes (faster than growing them row by row) and (re)creates the triggers of `requests`.
 */
export async function rebuildRequestPersonNames(ctx: MigrationContext): Promise<void> {
  const { db, dialect } = ctx;
  await suspendRequestPersonNames(ctx);
  for (const [table, person] of personNameTables) {
    await run(db, `drop index if exists ${nameIndex(table)}`);
    await run(db, dialect === 'postgres' ? `truncate ${table}` : `delete from ${table}`);
    await run(
      db,
      `insert into ${table} (request_id, user_id, name)
        select r.request_id, u.user_id, u.name || ' ' || u.last_name
        from requests r join users u on u.user_id = r.${person} order by r.request_id`,
    );
    await run(db, `create index ${nameIndex(table)} on ${table} (name, user_id, request_id)`);
    await run(db, `analyze ${table}`);
  }
  for (const [table, person] of personNameTables) {
    await (dialect === 'postgres' ? postgresLineTriggers : sqliteLineTriggers)(db, table, person);
  }
}

export const m0039: Migration = {
  async up(ctx) {
    const { db, dialect } = ctx;
    for (const [table, person] of personNameTables) {
      await run(
        db,
        `create table ${table} (request_id integer primary key, user_id integer not null, name text not null)`,
      );
      if (dialect === 'postgres') {
        await run(
          db,
          `create function ${table}_line() returns trigger language plpgsql as $$
          begin
            delete from ${table} where request_id = old.request_id;
            if tg_op <> 'DELETE' then
              ${rowOf(table, person)};
            end if;
            return null;
          end $$`,
        );
      }
    }
    const renamed = personNameTables.map(([table, person]) => `${renameIn(table, person)};`).join('\n');
    if (dialect === 'postgres') {
      await run(
        db,
        `create function request_person_names_rename() returns trigger language plpgsql as $$
        begin
          ${renamed}
          return null;
        end $$`,
      );
      await run(
        db,
        `create trigger trg_request_person_names_rename after update of name, last_name on users
          for each row when (old.name is distinct from new.name or old.last_name is distinct from new.last_name)
          execute function request_person_names_rename()`,
      );
    } else {
      await run(
        db,
        `create trigger trg_request_person_names_rename after update of name, last_name on users
          when old.name is not new.name or old.last_name is not new.last_name begin
          ${renamed}
        end`,
      );
    }
    await rebuildRequestPersonNames(ctx);
  },

  async down(ctx) {
    const { db, dialect } = ctx;
    await suspendRequestPersonNames(ctx);
    await run(
      db,
      `drop trigger if exists trg_request_person_names_rename${dialect === 'postgres' ? ' on users' : ''}`,
    );
    if (dialect === 'postgres') {
      await run(db, 'drop function if exists request_person_names_rename()');
    }
    for (const [table] of personNameTables) {
      if (dialect === 'postgres') {
        await run(db, `drop function if exists ${table}_line()`);
      }
      await run(db, `drop table if exists ${table}`);
    }
  },
};
