import { sql, type Kysely } from 'kysely';
import type { Dialect } from './connection.ts';
import type { MigrationContext } from './migrations/helpers.ts';

// Migration 0012 creates the search index from these definitions, and the large seed rebuilds
// it with them, so the file is part of a landed migration (its checksum is in
// migrations/landed.sha256): change the index only through a new migration.

/**
 * The search index of the request tables: one document per request line holding
 * what a person types to find it, its fields one per text line, and a trigram index over it so
 * that `contains` is an index lookup, not a scan of a million joined lines.
 *
 * - SQLite: `request_search`, an FTS5 table (trigram tokenizer, case-insensitive) whose rowid
 *   is the request id; it stores the document itself.
 * - PostgreSQL: `request_search (request_id, document)`, the document lower-cased, with a GIN
 *   `gin_trgm_ops` index (pg_trgm, a trusted extension).
 *
 * The document: request id, subject's full name and email, the line's email (when it is not the
 * subject's), creator's full name and email (when not the subject), status, request type,
 * region, market, agency, practice, platform, client, client code, asset, client account and
 * its asset reference, platform user type and its basic name. Every field a request table marks
 * searchable, except free-text comments and the approver's name, which the tables that offer
 * them keep matching with LIKE (db/search-index.ts).
 *
 * Kept current in the writing transaction by triggers: a line inserted, updated in a field of
 * the document, or deleted; a user's name, last name or email; the names of clients, client
 * codes, client accounts (and asset reference), asset types, platform user types (and basic
 * name), platforms, agencies, practices, markets and regions. Statuses and request types are
 * fixed by migration 0004 and never renamed, so they carry no trigger. Renaming a master-data
 * row rewrites the document of every line that names it (all of a platform's lines, for one).
 *
 * The large seed loads lines with the `requests` triggers off and fills the index once
 * (`suspendRequestSearch` / `rebuildRequestSearch`), which is much faster than row by row.
 */

/** The `requests` columns the document reads; updating another column leaves it as it is. */
const lineColumns = [
  'status_id',
  'request_type_id',
  'user_id',
  'email',
  'created_by',
  'region_id',
  'market_id',
  'agency_id',
  'practice_id',
  'platform_id',
  'client_id',
  'client_code_id',
  'asset_id',
  'client_account_id',
  'platform_user_type_id',
];

/** Renamed rows whose lines need a new document: table, id column, the lines' columns, named columns. */
const renames: readonly (readonly [string, string, readonly string[], readonly string[]])[] = [
  ['users', 'user_id', ['user_id', 'created_by'], ['name', 'last_name', 'email']],
  ['clients', 'client_id', ['client_id'], ['description']],
  ['client_codes', 'client_code_id', ['client_code_id'], ['code']],
  ['client_accounts', 'client_account_id', ['client_account_id'], ['description', 'asset_reference']],
  ['asset_types', 'asset_id', ['asset_id'], ['description']],
  ['platform_user_types', 'platform_user_type_id', ['platform_user_type_id'], ['description', 'basic_name']],
  ['platforms', 'platform_id', ['platform_id'], ['description']],
  ['agencies', 'agency_id', ['agency_id'], ['description']],
  ['practices', 'practice_id', ['practice_id'], ['description']],
  ['markets', 'market_id', ['market_id'], ['description']],
  ['regions', 'region_id', ['region_id'], ['description']],
];

/** `select request_id, document` of the lines matching `where` (raw SQL over `requests r`). */
function documentSelect(dialect: Dialect, where: string): string {
  const newline = dialect === 'postgres' ? 'chr(10)' : 'char(10)';
  const isOtherCreator = 'r.created_by <> r.user_id';
  // PostgreSQL stores it lower-cased, so a search is a plain LIKE (its recheck is cheaper than ILIKE's).
  return `select r.request_id, ${dialect === 'postgres' ? 'lower' : ''}(concat_ws(${newline},
      cast(r.request_id as text),
      u.name || ' ' || u.last_name,
      u.email,
      nullif(r.email, lower(u.email)),
      case when ${isOtherCreator} then cu.name || ' ' || cu.last_name end,
      case when ${isOtherCreator} then cu.email end,
      s.description, t.description, rg.description, mk.description, ag.description, pr.description,
      pl.description, c.description, cc.code, at.description, ca.description, ca.asset_reference,
      put.description, nullif(put.basic_name, put.description))) as document
    from requests r
    join request_statuses s on s.status_id = r.status_id
    join request_types t on t.request_type_id = r.request_type_id
    join users u on u.user_id = r.user_id
    join users cu on cu.user_id = r.created_by
    join regions rg on rg.region_id = r.region_id
    join markets mk on mk.market_id = r.market_id
    join agencies ag on ag.agency_id = r.agency_id
    join practices pr on pr.practice_id = r.practice_id
    join platforms pl on pl.platform_id = r.platform_id
    left join clients c on c.client_id = r.client_id
    left join client_codes cc on cc.client_code_id = r.client_code_id
    left join asset_types at on at.asset_id = r.asset_id
    left join client_accounts ca on ca.client_account_id = r.client_account_id
    left join platform_user_types put on put.platform_user_type_id = r.platform_user_type_id
    where ${where}`;
}

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);

/** Lines naming the row `NEW` of a renamed table: `r.a = new.id or r.b = new.id`. */
const linesOf = (id: string, columns: readonly string[]) =>
  columns.map((c) => `r.${c} = new.${id}`).join(' or ');

/** `old.a is distinct from new.a or …`: the trigger acts only when a named column really changed. */
const changed = (dialect: Dialect, columns: readonly string[]) =>
  columns
    .map((c) => (dialect === 'postgres' ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`))
    .join(' or ');

// ---------------------------------------------------------------------------------------------
// SQLite

/** Replaces the documents of the lines matching `where` (inside a trigger body). */
function sqliteRefresh(where: string, idsOf: string): string {
  return `delete from request_search where rowid in (${idsOf});
    insert into request_search (rowid, document) ${documentSelect('sqlite', where)};`;
}

/**
 * SQLite: the statements that create the index in `schema` and fill it from every line of the
 * main schema's `requests`, in id order (SQLite then reads requests front to back, not through
 * a lookup's index, and FTS5 appends to its lists instead of inserting into them). The large
 * seed fills a copy in an attached file while the main file's indexes are rebuilt.
 */
export function sqliteRequestSearchBuild(schema = 'main'): { create: string; fill: string } {
  return {
    create: `create virtual table ${schema}.request_search using fts5(document, tokenize = 'trigram')`,
    fill: `insert into ${schema}.request_search (rowid, document) ${documentSelect('sqlite', '1 = 1')} order by r.request_id`,
  };
}

/** SQLite: the triggers of `requests` that keep the index current (see suspendRequestSearch). */
export async function sqliteLineTriggers(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create trigger trg_request_search_insert after insert on requests begin
      insert into request_search (rowid, document) ${documentSelect('sqlite', 'r.request_id = new.request_id')};
    end`,
  );
  await run(
    db,
    `create trigger trg_request_search_update after update of ${lineColumns.join(', ')} on requests
      when ${changed('sqlite', lineColumns)} begin
      ${sqliteRefresh('r.request_id = new.request_id', 'old.request_id, new.request_id')}
    end`,
  );
  await run(
    db,
    `create trigger trg_request_search_delete after delete on requests begin
      delete from request_search where rowid = old.request_id;
    end`,
  );
}

export async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await run(db, sqliteRequestSearchBuild().create);
  for (const [table, id, columns, named] of renames) {
    const ids = columns.map((c) => `select request_id from requests where ${c} = new.${id}`).join(' union ');
    await run(
      db,
      `create trigger trg_request_search_${table} after update of ${named.join(', ')} on ${table}
        when ${changed('sqlite', named)} begin
        ${sqliteRefresh(linesOf(id, columns), ids)}
      end`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function postgresLineTriggers(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create trigger trg_request_search_insert after insert on requests
      for each row execute function request_search_line()`,
  );
  await run(
    db,
    `create trigger trg_request_search_update after update of ${lineColumns.join(', ')} on requests
      for each row when (${changed('postgres', lineColumns)}) execute function request_search_line()`,
  );
  await run(
    db,
    `create trigger trg_request_search_delete after delete on requests
      for each row execute function request_search_line()`,
  );
}

export async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await run(db, 'create extension if not exists pg_trgm');
  await run(db, 'create table request_search (request_id integer primary key, document text not null)');
  await run(
    db,
    `create function request_search_line() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from request_search where request_id = old.request_id;
        return null;
      end if;
      insert into request_search (request_id, document)
        ${documentSelect('postgres', 'r.request_id = new.request_id')}
        on conflict (request_id) do update set document = excluded.document;
      return null;
    end $$`,
  );
  for (const [table, id, columns, named] of renames) {
    await run(
      db,
      `create function request_search_${table}() returns trigger language plpgsql as $$
      begin
        update request_search s set document = d.document
          from (${documentSelect('postgres', linesOf(id, columns))}) d
          where s.request_id = d.request_id;
        return null;
      end $$`,
    );
    await run(
      db,
      `create trigger trg_request_search_${table} after update of ${named.join(', ')} on ${table}
        for each row when (${changed('postgres', named)}) execute function request_search_${table}()`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

/** Drops the triggers of `requests`, leaving the index behind the data until the rebuild. */
export async function suspendRequestSearch({ db, dialect }: MigrationContext): Promise<void> {
  for (const name of ['insert', 'update', 'delete']) {
    await run(
      db,
      `drop trigger if exists trg_request_search_${name}${dialect === 'postgres' ? ' on requests' : ''}`,
    );
  }
}

/**
 * Fills the index from every line (after a bulk load, or once when migrating) and (re)creates
 * the triggers of `requests`. PostgreSQL builds its GIN index after the fill, which is far
 * faster than growing it row by row.
 */
export async function rebuildRequestSearch({ db, dialect }: MigrationContext): Promise<void> {
  await suspendRequestSearch({ db, dialect });
  if (dialect === 'postgres') {
    await run(db, 'drop index if exists idx_request_search_document');
    await run(db, 'truncate request_search');
    await run(db, `insert into request_search (request_id, document) ${documentSelect('postgres', 'true')}`);
    await run(db, `set local maintenance_work_mem = '256MB'`);
    await run(
      db,
      'create index idx_request_search_document on request_search using gin (document gin_trgm_ops)',
    );
    await run(db, 'analyze request_search');
    await postgresLineTriggers(db);
    return;
  }
  await run(db, `delete from request_search`);
  await run(db, sqliteRequestSearchBuild().fill);
  await sqliteLineTriggers(db);
}

/** Drops the index, its triggers and functions (migration 0012's down). */
export async function dropRequestSearch({ db, dialect }: MigrationContext): Promise<void> {
  const on = (table: string) => (dialect === 'postgres' ? ` on ${table}` : '');
  await suspendRequestSearch({ db, dialect });
  for (const [table] of renames) {
    await run(db, `drop trigger if exists trg_request_search_${table}${on(table)}`);
    if (dialect === 'postgres') {
      await run(db, `drop function if exists request_search_${table}()`);
    }
  }
  if (dialect === 'postgres') {
    await run(db, 'drop function if exists request_search_line()');
  }
  await run(db, 'drop table if exists request_search');
  await db.schema.dropIndex('idx_requests_client_code_id').ifExists().execute();
  // pg_trgm stays: other objects may use it, and it costs nothing unused.
}
