import { SCIM_MAX_OPERATIONS, SCIM_MAX_RESULTS, scimSchemas } from '@uap/domain';

/** RFC 7643 §5–§7: what this SCIM service supports, for the identity provider's discovery calls. */

export function serviceProviderConfig(base: string) {
  return {
    schemas: [scimSchemas.serviceProviderConfig],
    documentationUri: `${base}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The secret configured as SCIM_TOKEN, sent as Authorization: Bearer <token>.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/scim/v2/ServiceProviderConfig` },
    maxOperations: SCIM_MAX_OPERATIONS,
  };
}

export function userResourceType(base: string) {
  return {
    schemas: [scimSchemas.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the corporate directory',
    schema: scimSchemas.user,
    schemaExtensions: [{ schema: scimSchemas.enterprise, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/scim/v2/ResourceTypes/User` },
  };
}

interface Attribute {
  name: string;
  type: string;
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: string;
  returned: string;
  uniqueness: string;
  subAttributes?: Attribute[];
}

const attribute = (
  name: string,
  o: {
    type?: string;
    multiValued?: boolean;
    caseExact?: boolean;
    uniqueness?: string;
    required?: boolean;
  } = {},
  subAttributes?: Attribute[],
): Attribute => ({
  name,
  type: o.type ?? 'string',
  multiValued: o.multiValued ?? false,
  required: o.required ?? false,
  caseExact: o.caseExact ?? false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: o.uniqueness ?? 'none',
  ...(subAttributes ? { subAttributes } : {}),
});

const typed = (extra: Attribute[] = []) => [
  attribute('value'),
  attribute('type'),
  attribute('primary', { type: 'boolean' }),
  ...extra,
];

/** A schema resource of the discovery: its id (a URN), name, description and attributes. */
const schemaResource = (
  base: string,
  id: string,
  name: string,
  description: string,
  attributes: Attribute[],
) => ({
  schemas: [scimSchemas.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${id}` },
});

/** The attributes UAP keeps (others are accepted and ignored). */
export function schemas(base: string) {
  return [
    schemaResource(base, scimSchemas.user, 'User', 'User Account', [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('name', { type: 'complex' }, [
        attribute('givenName'),
        attribute('familyName'),
        attribute('formatted'),
      ]),
      attribute('displayName'),
      attribute('title'),
      attribute('userType'),
      attribute('active', { type: 'boolean' }),
      attribute('emails', { type: 'complex', multiValued: true }, typed()),
      attribute('phoneNumbers', { type: 'complex', multiValued: true }, typed()),
      attribute('addresses', { type: 'complex', multiValued: true }, [
        attribute('type'),
        attribute('formatted'),
        attribute('country'),
      ]),
    ]),
    schemaResource(base, scimSchemas.enterprise, 'EnterpriseUser', 'Enterprise User', [
      attribute('employeeNumber'),
      attribute('department'),
      attribute('organization'),
      attribute('manager', { type: 'complex' }, [attribute('value'), attribute('displayName')]),
    ]),
  ];
}
