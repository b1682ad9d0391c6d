import { z } from 'zod';
import { searchTerm } from './text.ts';

/**
 * SCIM 2.0 (RFC 7643/7644) as the corporate identity provider sends it to `/scim/v2`. The
 * shapes are loose on purpose: Entra ID and Okta send attributes we do not keep (locale,
 * password, roles, groups…), which are ignored rather than refused.
 */
export const scimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** Longest text kept from a SCIM attribute. */
export const SCIM_TEXT_MAX = 256;

/** Most users one list page returns (ServiceProviderConfig filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/** Most operations one PATCH may carry. */
export const SCIM_MAX_OPERATIONS = 100;

const text = z.string().trim().max(SCIM_TEXT_MAX).nullish();

/** SCIM booleans; Entra ID's older jobs send them as the strings "True" / "False". */
export const scimBoolean = z
  .union([z.boolean(), z.enum(['True', 'False', 'true', 'false', 'TRUE', 'FALSE'])])
  .transform((v) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true'));

const multiValued = z.looseObject({
  value: text,
  type: text,
  primary: scimBoolean.nullish(),
  display: text,
});

const address = z.looseObject({
  type: text,
  formatted: text,
  streetAddress: text,
  locality: text,
  region: text,
  postalCode: text,
  country: text,
  primary: scimBoolean.nullish(),
});

/** The manager: `{ value }` per RFC 7643, a bare id, or (older Entra jobs) a one-element list. */
const manager = z
  .union([
    z.string().trim().max(SCIM_TEXT_MAX),
    z.looseObject({ value: text }),
    z.array(z.looseObject({ value: text })).max(1),
    z.null(),
  ])
  .transform((m) => {
    const id = typeof m === 'string' ? m : Array.isArray(m) ? m[0]?.value : m?.value;
    return id ? id : null;
  });

export const scimEnterpriseUser = z.looseObject({
  employeeNumber: text,
  department: text,
  organization: text,
  division: text,
  costCenter: text,
  manager: manager.optional(),
});

/** A User resource as POST and PUT carry it (and as a PATCH leaves it). */
export const scimUser = z.looseObject({
  schemas: z.array(z.string()).optional(),
  id: z.string().optional(),
  externalId: text,
  userName: z.string().trim().min(1).max(SCIM_TEXT_MAX),
  name: z
    .looseObject({
      formatted: text,
      familyName: text,
      givenName: text,
      middleName: text,
    })
    .nullish(),
  displayName: text,
  nickName: text,
  title: text,
  userType: text,
  active: scimBoolean.optional(),
  emails: z.array(multiValued).max(20).nullish(),
  phoneNumbers: z.array(multiValued).max(20).nullish(),
  addresses: z.array(address).max(20).nullish(),
  [scimSchemas.enterprise]: scimEnterpriseUser.nullish(),
});
export type ScimUserInput = z.infer<typeof scimUser>;

/** One PATCH operation; `op` is case-insensitive (Entra ID sends "Replace", "Add", "Remove"). */
export const scimPatchOperation = z.looseObject({
  op: z
    .string()
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'])),
  path: z.string().trim().min(1).max(SCIM_TEXT_MAX).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof scimPatchOperation>;

export const scimPatch = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z.array(scimPatchOperation).min(1).max(SCIM_MAX_OPERATIONS),
});

/** The query of GET /scim/v2/Users (startIndex is 1-based; count 0 asks for the total only). */
export const scimListQuery = z.looseObject({
  filter: searchTerm(z.string().trim().max(1000)).optional(),
  startIndex: z.coerce.number().int().catch(1).optional(),
  count: z.coerce.number().int().catch(100).optional(),
});

export const scimIdParams = z.object({ id: z.string().min(1).max(SCIM_TEXT_MAX) });
