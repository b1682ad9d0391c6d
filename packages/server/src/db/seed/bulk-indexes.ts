import { sql } from 'kysely';
import type { Db } from '../connection.ts';

/**
 * Secondary indexes dropped for a bulk load and recreated afterwards: building an index once
 * over a million sorted keys is far cheaper than growing forty of them row by row (every line
 * of `requests` touches a page of each). The definitions are read from the database itself
 * (`sqlite_master`, `pg_indexes`), so the migrations stay their one source of truth, and the
 * indexes come back byte for byte as they were, in their original order.
 *
 * While they are dropped the definitions are kept in a bookkeeping table (BOOK, created and
 * dropped with them): a load killed half way leaves it behind, and the next run of the large
 * seed restores the indexes before doing anything else.
 */
export interface IndexDefinition {
  table: string;
  name: string;
  /** The statement that creates it. */
  definition: string;
  kind?: 'index' | 'foreign key';
}

const BOOK = 'large_seed_suspended_indexes';

/** A table's indexes other than its primary key and constraints, in creation order. */
export async function secondaryIndexes(db: Db, table: string): Promise<IndexDefinition[]> {
  if (db.dialect === 'sqlite') {
    // `sql` is null for the automatic indexes of UNIQUE / PRIMARY KEY constraints.
    const { rows } = await sql<{ name: string; definition: string }>`
      select name, sql as definition from sqlite_master
      where type = 'index' and tbl_name = ${table} and sql is not null order by rowid`.execute(db.kysely);
    return rows.map((r) => ({ table, ...r }));
  }
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = i.schemaname
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
    order by c.oid`.execute(db.kysely);
  return rows.map((r) => ({ table, ...r }));
}

/**
 * PostgreSQL: a table's foreign keys, each as the statement that adds it back. Every line of
 * `requests` fires twenty of them, each a locking lookup (`for key share`) of the row it names;
 * added back once, each is one join over the whole table. SQLite's bulk connection does not
 * check foreign keys at all (they live in the table's definition there).
 */
export async function foreignKeys(db: Db, table: string): Promise<IndexDefinition[]> {
  if (db.dialect === 'sqlite') {
    return [];
  }
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.conname as name, format('ALTER TABLE %I ADD CONSTRAINT %I %s', ${table}::text, c.conname,
      pg_get_constraintdef(c.oid)) as definition
    from pg_constraint c
    where c.conrelid = to_regclass(${table}) and c.contype = 'f'
    order by c.oid`.execute(db.kysely);
  return rows.map((r) => ({ table, ...r, kind: 'foreign key' as const }));
}

async function bookExists(db: Db): Promise<boolean> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = ${BOOK}`.execute(
      db.kysely,
    );
    return rows.length > 0;
  }
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${BOOK})::text as found`.execute(
    db.kysely,
  );
  return rows[0]?.found != null;
}

/**
 * Drops the secondary indexes of `tables` (and on PostgreSQL their foreign keys), noting their
 * definitions first; returns them.
 */
export async function suspendIndexes(db: Db, tables: readonly string[]): Promise<IndexDefinition[]> {
  const indexes: IndexDefinition[] = [];
  for (const table of tables) {
    indexes.push(...(await secondaryIndexes(db, table)));
  }
  for (const table of tables) {
    indexes.push(...(await foreignKeys(db, table)));
  }
  if (indexes.length === 0) {
    return [];
  }
  await db.kysely.transaction().execute(async (trx) => {
    await sql`create table if not exists ${sql.raw(BOOK)} (
      position integer not null, kind text not null, table_name text not null, name text not null,
      definition text not null)`.execute(trx);
    const { rows } = await sql<{ n: number | string | null }>`
      select max(position) as n from ${sql.raw(BOOK)}`.execute(trx);
    let position = Number(rows[0]?.n ?? 0);
    for (const index of indexes) {
      position += 1;
      const kind = index.kind ?? 'index';
      await sql`insert into ${sql.raw(BOOK)} (position, kind, table_name, name, definition)
        values (${position}, ${kind}, ${index.table}, ${index.name}, ${index.definition})`.execute(trx);
      await (
        kind === 'index'
          ? sql`drop index ${sql.id(index.name)}`
          : sql`alter table ${sql.id(index.table)} drop constraint ${sql.id(index.name)}`
      ).execute(trx);
    }
  });
  return indexes;
}

/**
 * Recreates the indexes (and foreign keys) `suspendIndexes` dropped (those not there already),
 * then drops the bookkeeping table. Each of `runners` executes one definition at a time (a
 * connection tuned for sorting); by default the shared connection does. With one runner
 * everything is created in its original order (SQLite keeps its indexes in that order). With
 * more, the indexes are handed out in their order to whichever runner is free (PostgreSQL
 * builds several indexes of one table at once), and the foreign keys follow on the first
 * one, one after the other (adding one locks both its tables against the others). Returns the
 * recreated indexes.
 */
export async function restoreIndexes(
  db: Db,
  runners: readonly ((statement: string) => Promise<void>)[] = [
    async (statement) => {
      await sql.raw(statement).execute(db.kysely);
    },
  ],
): Promise<IndexDefinition[]> {
  if (!(await bookExists(db))) {
    return [];
  }
  const { rows } = await sql<{ kind: string; tableName: string; name: string; definition: string }>`
    select kind, table_name, name, definition from ${sql.raw(BOOK)} order by position`.execute(db.kysely);
  const missing: IndexDefinition[] = [];
  for (const row of rows) {
    const present =
      row.kind === 'index' ? await secondaryIndexes(db, row.tableName) : await foreignKeys(db, row.tableName);
    if (!present.some((i) => i.name === row.name)) {
      missing.push({
        table: row.tableName,
        name: row.name,
        definition: row.definition,
        kind: row.kind === 'index' ? 'index' : 'foreign key',
      });
    }
  }
  const [first] = runners;
  if (runners.length > 1 && first) {
    const indexes = missing.filter((i) => i.kind === 'index');
    let next = 0;
    await Promise.all(
      runners.map(async (run) => {
        for (let index = indexes[next++]; index; index = indexes[next++]) {
          await run(index.definition);
        }
      }),
    );
    for (const key of missing.filter((i) => i.kind !== 'index')) {
      await first(key.definition);
    }
  } else if (first) {
    for (const item of missing) {
      await first(item.definition);
    }
  }
  await sql`drop table ${sql.raw(BOOK)}`.execute(db.kysely);
  return missing;
}
