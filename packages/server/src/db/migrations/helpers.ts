import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/**
 * Column types that differ between the two engines. Flags are integers 0/1 on both (SQLite
 * has no boolean and better-sqlite3 cannot bind one), timestamps are ISO-8601 UTC strings in
 * the app: `timestamptz` on PostgreSQL, `text` on SQLite.
 */
export function types(dialect: Dialect) {
  return {
    timestamp: (dialect === 'postgres' ? 'timestamptz' : 'text') as ColumnDataType,
    json: (dialect === 'postgres' ? 'jsonb' : 'text') as ColumnDataType,
  };
}

/** Adds an auto-incrementing integer primary key named `name`. */
export function withId<T extends string>(
  builder: CreateTableBuilder<T, never>,
  name: string,
  dialect: Dialect,
): CreateTableBuilder<T, never> {
  return dialect === 'postgres'
    ? builder.addColumn(name, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A flag column: integer 0/1, not null, default 0. */
export function flag<T extends string>(builder: CreateTableBuilder<T, never>, name: string) {
  return builder.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
}

/** Default 'now' for a timestamp column on either engine. */
export function nowDefault(dialect: Dialect) {
  return dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

export interface MigrationContext {
  db: Kysely<unknown>;
  dialect: Dialect;
}

export interface Migration {
  up(ctx: MigrationContext): Promise<void>;
  down(ctx: MigrationContext): Promise<void>;
}
