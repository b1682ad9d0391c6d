import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response encoding (docs/architecture.md, "Wire contract"). Every route's response schema is a
 * zod schema; running zod over each answer (a new object per value, then JSON.stringify) cost
 * more than the page's read. Instead each schema is compiled once, on its route's
 * first answer, into a writer of its JSON text: the declared keys only, in the schema's order,
 * each value's type tested as it is written (a wrong type is refused with a 500, as zod refused
 * it) — the text zod's encoding gave, without the intermediate objects.
 *
 * What the writer checks is the type of each value (string, finite number, boolean, null, an
 * enum's or literal's values, arrays, objects and their required keys); it does not run a
 * schema's refinements (a string's length, an integer's range), which answers never relied on.
 * Parts it does not compile (unions, records, loose objects, defaults, transforms…) are encoded
 * by zod itself, at their place. `checkResponses` (RESPONSE_CHECK=1, the tests' setting) also
 * encodes every answer through zod and refuses one whose text differs: a test that gets its
 * answer got exactly the text zod would have written.
 */

type Writer = (value: unknown) => string;

/**
 * A value the schema does not allow: turned into the route's serialization error. Its path is
 * filled in on the way out (nothing is tracked while the answer is written).
 */
class Mismatch extends Error {
  constructor(
    message: string,
    readonly path: PropertyKey[] = [],
  ) {
    super(message);
  }
}

const mismatch = (expected: string, value: unknown) =>
  new Mismatch(`Invalid output: expected ${expected}, received ${value === null ? 'null' : typeof value}`);

/** `error`, a mismatch's path prefixed with `key` (on its way out of an object or array). */
function within(key: PropertyKey, error: unknown): unknown {
  if (error instanceof Mismatch) {
    error.path.unshift(key);
  }
  return error;
}

/** zod's own encoding of one part (what the writer does not compile). */
function byZod(schema: z.core.$ZodType): Writer {
  return (value) => {
    const result = z.safeEncode(schema, value);
    if (result.error) {
      const issue = result.error.issues[0];
      throw new Mismatch(issue?.message ?? 'Invalid output', [...(issue?.path ?? [])]);
    }
    return JSON.stringify(result.data);
  };
}

/** Characters JSON escapes (controls, quote, backslash) and lone surrogates' halves. */
const needsEscape = /[\u0000-\u001f"\\\ud800-\udfff]/;

const writeString: Writer = (value) => {
  if (typeof value !== 'string') {
    throw mismatch('string', value);
  }
  // Most values need no escape: quoted as they are (JSON.stringify's text for them).
  return needsEscape.test(value) ? JSON.stringify(value) : `"${value}"`;
};

const writeNumber: Writer = (value) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw mismatch('number', value);
  }
  // A finite number's JSON text is its string (-0 included: "0").
  return String(value);
};

const writeBoolean: Writer = (value) => {
  if (value === true) {
    return 'true';
  }
  if (value === false) {
    return 'false';
  }
  throw mismatch('boolean', value);
};

const writeNull: Writer = (value) => {
  if (value !== null) {
    throw mismatch('null', value);
  }
  return 'null';
};

function writeOneOf(values: readonly unknown[]): Writer {
  const allowed = new Set(values);
  return (value) => {
    if (!allowed.has(value)) {
      throw mismatch(values.map((v) => JSON.stringify(v)).join(' | '), value);
    }
    return JSON.stringify(value);
  };
}

interface Field {
  key: string;
  write: Writer;
  /** Absent (undefined) allowed: the key is then left out. */
  optional: boolean;
}

/**
 * An object's writer, generated as code once per schema: one statement per declared key, in
 * the schema's order, each reading its property by a constant name and calling that key's
 * writer, instead of a loop reading every property through one site and testing the comma on
 * each (bench/README.md, "Generated object writers": 4–6 % less CPU per tracker answer in two
 * runs of three; in-process, within the runs' spread). The generated text holds only the keys'
 * JSON literals and the writers' indexes: nothing from an answer reaches it.
 */
function writeObject(shape: Record<string, z.core.$ZodType>): Writer {
  const fields: Field[] = Object.entries(shape).map(([key, schema]) => {
    const def = schema._zod.def;
    const optional = def.type === 'optional';
    return {
      key,
      write: compile(optional ? (def as z.core.$ZodOptionalDef).innerType : schema),
      optional,
    };
  });
  // Each field adds `,"key":value`; the leading comma is dropped once at the end.
  const statements = fields.map(({ key, optional }, i) => {
    const name = JSON.stringify(key);
    const append = `out += ${JSON.stringify(`,${name}:`)} + writers[${i}](item);`;
    return optional
      ? `key = ${name}; item = value[${name}]; if (item !== undefined) { ${append} }`
      : `key = ${name}; item = value[${name}]; if (item === undefined) { throw mismatch('a value', item); } ${append}`;
  });
  const body = `'use strict';
return function writeObject(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw mismatch('object', value);
  }
  let out = '';
  let key = '';
  let item;
  try {
    ${statements.join('\n    ')}
  } catch (error) {
    throw within(key, error);
  }
  return '{' + out.slice(1) + '}';
};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the schema's keys only (see above)
  const make = new Function('writers', 'mismatch', 'within', body) as (
    writers: Writer[],
    fail: typeof mismatch,
    wrap: typeof within,
  ) => Writer;
  return make(
    fields.map((field) => field.write),
    mismatch,
    within,
  );
}

function writeArray(items: z.core.$ZodType): Writer {
  const write = compile(items);
  return (value) => {
    if (!Array.isArray(value)) {
      throw mismatch('array', value);
    }
    let out = '[';
    let i = 0;
    try {
      for (; i < value.length; i += 1) {
        out += `${i > 0 ? ',' : ''}${write(value[i])}`;
      }
    } catch (error) {
      throw within(i, error);
    }
    return `${out}]`;
  };
}

/** The writers of the types compiled here; every other type is zod's (see above). */
const compilers: Record<string, (def: z.core.$ZodTypeDef, schema: z.core.$ZodType) => Writer> = {
  string: () => writeString,
  number: () => writeNumber,
  boolean: () => writeBoolean,
  null: () => writeNull,
  literal: (def) => writeOneOf((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values),
  enum: (def) => writeOneOf(Object.values((def as z.core.$ZodEnumDef).entries)),
  nullable: (def) => {
    const inner = compile((def as z.core.$ZodNullableDef).innerType);
    return (value) => (value === null ? 'null' : inner(value));
  },
  array: (def, schema) => {
    const items = (def as z.core.$ZodArrayDef).element;
    // An optional item is written as null by JSON.stringify: left to zod.
    return items._zod.def.type === 'optional' ? byZod(schema) : writeArray(items);
  },
  object: (def, schema) => {
    const { shape, catchall } = def as z.core.$ZodObjectDef;
    // A loose or strict object (extra keys kept or refused): left to zod.
    return catchall ? byZod(schema) : writeObject(shape);
  },
};

/** The writer of one schema. */
function compile(schema: z.core.$ZodType): Writer {
  const def = schema._zod.def;
  return compilers[def.type]?.(def, schema) ?? byZod(schema);
}

/** The compiled writer of `schema`: its answer's JSON text, or a `Mismatch` thrown. */
export function compileWriter(schema: z.ZodType): (data: unknown) => string {
  return compile(schema);
}

function serializationError(method: string, url: string, error: unknown, data: unknown): Error {
  if (error instanceof Mismatch) {
    return new ResponseSerializationError(method, url, {
      cause: new z.ZodError([{ code: 'custom', path: error.path, input: data, message: error.message }]),
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Fastify's serializer compiler for the routes' zod response schemas (see above). */
export function responseSerializerCompiler({
  checkResponses,
}: {
  checkResponses: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  const byLibrary = serializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof z.ZodType)) {
      // A response given as { content: ... } or { properties: zod }: the library's own encoding.
      return byLibrary(route);
    }
    let writer: ((data: unknown) => string) | undefined;
    const compiled = (data: unknown) => {
      try {
        return (writer ??= compileWriter(schema))(data);
      } catch (error) {
        throw serializationError(method, url, error, data);
      }
    };
    if (!checkResponses) {
      return compiled;
    }
    return (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (result.error) {
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      const expected = JSON.stringify(result.data);
      const text = compiled(data);
      if (text !== expected) {
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([
            {
              code: 'custom',
              path: [],
              input: data,
              message: `the compiled encoding differs from zod's:\n${text}\n${expected}`,
            },
          ]),
        });
      }
      return text;
    };
  };
}
