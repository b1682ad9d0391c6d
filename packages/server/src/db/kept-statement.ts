import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connection.ts';

/**
 * A statement Kysely builds and compiles once, then runs again and again with new values.
 *
 * Building a wide statement is not free: the tracker's page read (45 columns over 14 joins and
 * three subqueries) costs Kysely about a millisecond of the one JavaScript thread to build,
 * snake-case and compile, every page. A kept statement is built with slots where the values of
 * one run go (`slot`); the compiled text is kept per database and key, and each run replaces the
 * slots in its parameter list with that run's values. The SQL text is the same on every run, so
 * the drivers' own statement caches (and PostgreSQL's kept plans) serve it as before.
 *
 * A slot is only a parameter: it may stand wherever the statement takes a value, never where it
 * would change the statement's text (an identifier, a list whose length varies, a branch taken in
 * JavaScript). What changes the text belongs in the key.
 */

/** Where a value of one run goes in a kept statement; `read` takes it from the run's arguments. */
export class Slot<Args, T = unknown> {
  constructor(readonly read: (args: Args) => T) {}
}

/** A slot typed as the value it stands for, so builder code takes it where it takes the value. */
export function slot<Args, T>(read: (args: Args) => T): T {
  return new Slot(read) as unknown as T;
}

/** The value itself or, inside a kept statement's build, a slot deriving it from the run's values. */
export function derived<T, U>(value: T, derive: (value: T) => U): U {
  if (value instanceof Slot) {
    const source = value as Slot<unknown, T>;
    return slot((args: unknown) => derive(source.read(args)));
  }
  return derive(value);
}

/** Shapes kept per family and database (a family has a handful: see `idSlots`). */
const SHAPES_KEPT = 64;

/**
 * A family of kept statements: `build(db, shape)` makes the statement of one shape, with slots
 * reading a run's `Args`; `keyOf(shape)` names the shape (everything in it that changes the
 * statement's text). A shape's first run on a database builds and compiles its statement.
 */
export function keptStatement<Shape, Args, Row>(
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape) => Compilable<Row>,
) {
  const byDb = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();
  /** The statement of `shape` with this run's values: to run, or to hand to a reader (csv-read.ts). */
  const compiled = (db: Db, shape: Shape, args: Args): CompiledQuery<Row> => {
    let kept = byDb.get(db);
    if (kept === undefined) {
      kept = new Map();
      byDb.set(db, kept);
    }
    const key = keyOf(shape);
    let statement = kept.get(key);
    if (statement === undefined) {
      statement = build(db, shape).compile();
      if (kept.size >= SHAPES_KEPT) {
        kept.delete(kept.keys().next().value!);
      }
      kept.set(key, statement);
    }
    const parameters = statement.parameters.map((p) =>
      p instanceof Slot ? (p as Slot<Args>).read(args) : p,
    );
    // The compiled query keeps its node, which tells SQLite's read pool that it only reads.
    return { ...statement, parameters };
  };
  const run = async (db: Db, shape: Shape, args: Args): Promise<Row[]> =>
    (await db.kysely.executeQuery<Row>(compiled(db, shape, args))).rows;
  return Object.assign(run, { compiled });
}
