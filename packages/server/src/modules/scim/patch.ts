import { messages, scimSchemas, type ScimPatchOperation } from '@uap/domain';
import { ScimError } from './resource.ts';

/**
 * RFC 7644 §3.5.2 PATCH applied to a User resource held as plain JSON; the caller validates
 * the result as a whole (scimUser) before writing it. Accepted as Entra ID and Okta send it:
 * `op` in any case, no path with an object value (`{"op": "Replace", "value": {"active": false}}`),
 * value keys that are themselves paths (`"name.givenName"`, the enterprise URN with an attribute),
 * and filtered paths on multi-valued attributes (`emails[type eq "work"].value`).
 * Attribute names are case-insensitive; attributes UAP does not keep are carried and ignored.
 */
type Json = Record<string, unknown>;

const known = [
  'userName',
  'externalId',
  'displayName',
  'nickName',
  'title',
  'userType',
  'active',
  'name',
  'emails',
  'phoneNumbers',
  'addresses',
  'givenName',
  'familyName',
  'formatted',
  'middleName',
  'value',
  'type',
  'primary',
  'display',
  'streetAddress',
  'locality',
  'region',
  'postalCode',
  'country',
  'employeeNumber',
  'department',
  'organization',
  'division',
  'costCenter',
  'manager',
];
const canonical = new Map(known.map((name) => [name.toLowerCase(), name]));
const canon = (name: string) => canonical.get(name.toLowerCase()) ?? name;

const enterpriseUrn = scimSchemas.enterprise.toLowerCase();
const coreUrn = scimSchemas.user.toLowerCase();

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One level of canonical key names (arrays of objects too). */
function canonKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonKeys);
  }
  if (!isObject(value)) {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.toLowerCase() === enterpriseUrn ? scimSchemas.enterprise : canon(k),
      v,
    ]),
  );
}

// attr, optional [subAttr eq "text" | true | false], optional .subAttr
const pathPattern =
  /^([A-Za-z$][\w$-]*)(?:\[\s*([A-Za-z][\w-]*)\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(true|false))\s*\])?(?:\.([A-Za-z][\w-]*))?$/i;

export function applyPatch(resource: Json, operations: readonly ScimPatchOperation[]): Json {
  for (const operation of operations) {
    if (operation.path) {
      applyPath(resource, operation.path, operation.value, operation.op);
    } else if (isObject(operation.value)) {
      for (const [key, value] of Object.entries(operation.value)) {
        applyPath(resource, key, value, operation.op);
      }
    } else {
      throw new ScimError(400, messages.scimInvalidPath('(none)'), 'invalidValue');
    }
  }
  return resource;
}

function applyPath(resource: Json, path: string, value: unknown, op: ScimPatchOperation['op']): void {
  const lower = path.toLowerCase();
  let target = resource;
  let rest = path;
  if (lower === enterpriseUrn) {
    // The whole extension: its attributes are merged (replace) or it is dropped (remove).
    if (op === 'remove') {
      resource[scimSchemas.enterprise] = null;
      return;
    }
    if (!isObject(value)) {
      throw new ScimError(400, messages.scimInvalidPath(path), 'invalidValue');
    }
    resource[scimSchemas.enterprise] = {
      ...asObject(resource[scimSchemas.enterprise]),
      ...(canonKeys(value) as Json),
    };
    return;
  }
  if (lower.startsWith(`${enterpriseUrn}:`)) {
    target = asObject(resource[scimSchemas.enterprise]);
    resource[scimSchemas.enterprise] = target;
    rest = path.slice(enterpriseUrn.length + 1);
  } else if (lower.startsWith(`${coreUrn}:`)) {
    rest = path.slice(coreUrn.length + 1);
  } else if (lower.startsWith('urn:')) {
    // Another schema extension (an identity provider's custom attributes): UAP keeps none of it.
    return;
  }
  const match = pathPattern.exec(rest);
  if (!match) {
    throw new ScimError(400, messages.scimInvalidPath(path), 'invalidPath');
  }
  const [, rawAttr = '', rawFilterAttr, filterText, filterFlag, rawSub] = match;
  const attr = canon(rawAttr);
  const sub = rawSub ? canon(rawSub) : undefined;
  const incoming = canonKeys(value);

  if (rawFilterAttr) {
    const filterAttr = canon(rawFilterAttr);
    const wanted = filterText !== undefined ? unescape(filterText) : filterFlag!.toLowerCase() === 'true';
    const list = Array.isArray(target[attr]) ? (target[attr] as Json[]) : [];
    const matches = (e: Json) =>
      typeof wanted === 'string'
        ? textOf(e[filterAttr]).toLowerCase() === wanted.toLowerCase()
        : Boolean(e[filterAttr]) === wanted;
    if (op === 'remove') {
      target[attr] = sub
        ? list.map((e) => (matches(e) ? withoutKey(e, sub) : e))
        : list.filter((e) => !matches(e));
      return;
    }
    if (!list.some(matches)) {
      list.push({ [filterAttr]: wanted });
    }
    target[attr] = list.map((e) => {
      if (!matches(e)) {
        return e;
      }
      return sub ? { ...e, [sub]: incoming } : { ...e, ...asObject(incoming) };
    });
    return;
  }

  if (sub) {
    const current = target[attr];
    if (
      Array.isArray(current) ||
      (current === undefined && ['emails', 'phoneNumbers', 'addresses'].includes(attr))
    ) {
      // `emails.value` with no filter: the primary (else the first) entry.
      const list = (current ?? []) as Json[];
      const index = Math.max(
        0,
        list.findIndex((e) => e.primary === true),
      );
      const entry = list[index] ?? { type: 'work', primary: true };
      const next = op === 'remove' ? withoutKey(entry, sub) : { ...entry, [sub]: incoming };
      target[attr] = list.length === 0 ? [next] : list.map((e, i) => (i === index ? next : e));
      return;
    }
    const object = asObject(current);
    target[attr] = op === 'remove' ? withoutKey(object, sub) : { ...object, [sub]: incoming };
    return;
  }

  if (op === 'remove') {
    target[attr] = null;
    return;
  }
  const current = target[attr];
  if (Array.isArray(current) && Array.isArray(incoming) && op === 'add') {
    // Add to a multi-valued attribute: an entry of the same type replaces the old one.
    const added = incoming as unknown[];
    const typeOf = (e: unknown) => (isObject(e) ? textOf(e.type).toLowerCase() : '');
    const types = new Set(added.map(typeOf));
    target[attr] = [...(current as unknown[]).filter((e) => !types.has(typeOf(e))), ...added];
  } else if (isObject(current) && isObject(incoming) && attr !== 'manager') {
    // A complex attribute: the sub-attributes given replace theirs, the others stay (§3.5.2.3).
    target[attr] = { ...current, ...incoming };
  } else {
    target[attr] = incoming;
  }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function asObject(value: unknown): Json {
  return isObject(value) ? { ...value } : {};
}

function withoutKey(object: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

function unescape(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}
