import type { z } from 'zod';

/**
 * U+0000 in text. PostgreSQL cannot store it (nor bind it as a parameter), and no person types
 * it: every text input refuses it (the server's validator checks each request part before its
 * schema; uploads check their file or rows), except search terms, where it matches nothing.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** Search terms: let through with U+0000 (the search then matches nothing, as nothing stored holds it). */
const searchTerms = new WeakSet<z.core.$ZodType>();

/** Declares a string schema a search term (see `searchTerms`); wrap it after, not before. */
export function searchTerm<T extends z.ZodString>(schema: T): T {
  searchTerms.add(schema);
  return schema;
}

type Path = (string | number)[];

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
}

const defOf = (node: z.core.$ZodType) => node._zod.def as unknown as Def;

/** The schema under its wrappers (optional, nullable, default, a pipe's input, …). */
function unwrapped(node: z.core.$ZodType): z.core.$ZodType {
  for (;;) {
    const def = defOf(node);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) {
      return node;
    }
    node = inner;
  }
}

/** The schema that the value at `path` meets (objects, arrays and records followed), if known. */
function schemaAt(schema: z.core.$ZodType | undefined, path: Path): z.core.$ZodType | undefined {
  let node = schema && unwrapped(schema);
  for (const key of path) {
    if (!node) {
      return undefined;
    }
    const def = defOf(node);
    const child =
      def.type === 'object'
        ? (def.shape?.[String(key)] ?? def.catchall)
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
    node = child && unwrapped(child);
  }
  return node;
}

/**
 * The path of the first text in `value` (a string, or an object's key) holding U+0000, or null.
 * A string that `schema` declares a search term (`searchTerm`) is left to the search.
 */
export function nulPath(value: unknown, schema?: z.core.$ZodType, path: Path = []): Path | null {
  if (typeof value === 'string') {
    if (!hasNul(value)) {
      return null;
    }
    const at = schemaAt(schema, path);
    return at && searchTerms.has(at) ? null : path;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], schema, [...path, i]);
      if (found) {
        return found;
      }
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) {
        return [...path, key];
      }
      const found = nulPath(item, schema, [...path, key]);
      if (found) {
        return found;
      }
    }
  }
  return null;
}
