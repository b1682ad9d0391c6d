import type { Row } from './types.ts';
import { signedIn } from './types.ts';

/** A body that passes the access check and then fails validation, so the table writes nothing. */
const refusedWrite = { none: 401, auditor: 403, default: 400 };
/** Northwind Media / Social / Meta, Sam's own path. */
const path = { RegionId: 1, MarketId: 1, AgencyId: 1, PracticeId: 2, PlatformId: 2 };

/** Access rows of the create endpoints. */
export const createRows: Row[] = [
  {
    method: 'GET',
    route: '/api/User/SearchInternal',
    url: '/api/User/SearchInternal?filterType=displayname&value=Sam%20Standard',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/User/SearchExternal',
    url: '/api/User/SearchExternal?filtervalue=gina.guest@client.example',
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/User/SearchExternalUser',
    url: '/api/User/SearchExternalUser?filtervalue=gina.guest@client.example',
    expect: signedIn,
  },
  {
    method: 'POST',
    route: '/api/User/Save',
    url: '/api/User/Save',
    body: { Email: 'not-an-email', Name: 'Ext' },
    expect: refusedWrite,
  },
  {
    method: 'POST',
    route: '/api/User/SaveAdditionalEmail',
    url: '/api/User/SaveAdditionalEmail',
    body: { Email: 'no-at-sign', UserId: 7 },
    expect: refusedWrite,
  },
  {
    // Another user's profile (an unknown id): administrators and above read it, others get 404.
    method: 'GET',
    route: '/api/User/AdditionalEmails/:userId',
    url: '/api/User/AdditionalEmails/999999',
    expect: { none: 401, default: 404, admin: 200, auditor: 200, superAdmin: 200 },
  },
  {
    // Unknown id: 404 to everyone who may remove emails; never the auditor.
    method: 'DELETE',
    route: '/api/User/AdditionalEmail/:id',
    url: '/api/User/AdditionalEmail/999999',
    expect: { none: 401, default: 404, auditor: 403 },
  },
  {
    method: 'PUT',
    route: '/api/User',
    url: '/api/User',
    body: { userId: 7, Email: 'sam.standard@agency.example', isInternal: true, Name: '12345' },
    expect: refusedWrite,
  },
  {
    method: 'GET',
    route: '/api/Request/ValidatePlatformRequest',
    url: '/api/Request/ValidatePlatformRequest?userId=7&regionId=1&marketId=1&agencyId=1&practiceId=2&platformId=2&email=sam.standard@agency.example',
    expect: signedIn,
  },
  {
    method: 'POST',
    route: '/api/Request/ValidateBusinessManagerAccount',
    url: '/api/Request/ValidateBusinessManagerAccount',
    body: { UserId: 7, Email: 'sam.standard@agency.example', ...path, RequestAccountAccess: [] },
    expect: { none: 401, auditor: 403, default: 200 },
  },
  {
    method: 'POST',
    route: '/api/Request/Create',
    url: '/api/Request/Create',
    body: {
      UserId: 7,
      Email: 'sam.standard@agency.example',
      ...path,
      Comments: 'ok',
      RequestAccountAccess: [],
    },
    expect: refusedWrite,
  },
];
