import type { Row } from './types.ts';

/** Table reads the spec sends with PUT: the read-only auditor may call them too. */
const tableRead = { none: 401, default: 200 };

/** Access rows of the records endpoints. */
export const recordRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Request/UserRecords',
    url: '/api/Request/UserRecords',
    body: {},
    expect: tableRead,
  },
  {
    method: 'PUT',
    route: '/api/Request/UserRecords/Export',
    url: '/api/Request/UserRecords/Export',
    body: {},
    expect: { none: 401, default: 200, standard: 403 },
  },
  {
    method: 'PUT',
    route: '/api/Catalogs/Filters/',
    url: '/api/Catalogs/Filters/',
    body: { source: 'UserRecords', column: 'platformName' },
    expect: tableRead,
  },
  {
    method: 'GET',
    route: '/api/Request/UserRecordsByEmail/:email',
    url: '/api/Request/UserRecordsByEmail/sam.standard@agency.example',
    expect: { none: 401, default: 200 },
  },
  {
    method: 'GET',
    route: '/api/Request/AllMyRequest/:requestId',
    url: '/api/Request/AllMyRequest/0',
    expect: { none: 401, default: 200 },
  },
  {
    method: 'PUT',
    route: '/api/Request/AllMyRequest',
    url: '/api/Request/AllMyRequest',
    body: { pageSize: 10 },
    expect: tableRead,
  },
  {
    method: 'POST',
    route: '/api/Request/CancelMultipleRequest/',
    url: '/api/Request/CancelMultipleRequest/',
    // No such request: nobody may cancel it, and nothing changes.
    body: [99_999_999],
    expect: { none: 401, default: 404, auditor: 403 },
  },
];
