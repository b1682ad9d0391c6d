import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  envelope,
  filterOptions,
  masterDataColumns,
  masterDataFilterQuery,
  masterDataTable,
  masterDataTableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as table from './table-service.ts';

/** Administrators and the auditor read the Database Manager. */
export const read: Access = { minRole: Role.ADMIN, auditor: true };

const columnsRule = Object.entries(masterDataColumns)
  .map(([type, columns]) => `${type}: ${columns.join(', ')}`)
  .join('; ');
const tableRule = `Rows of one masterDataType, narrowed by the parent ids given (0 or absent: any). orderBy and filter columns per type (updatedDate sorts only; an unknown one is 400): ${columnsRule}. Default order: description A→Z. canEdit says whether the caller may change the row (admins: inside their admin region/market rows; super admins: all; auditors: none).`;

/** Routes of the Database Manager (issue 9 §1). */
export const masterDataRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];

  app.put('/api/Catalogs/MasterDataTable', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The Database Manager table of one master data type, server-paged',
      description: tableRule,
      body: masterDataTableQuery,
      response: { 200: envelope(masterDataTable) },
    },
    handler: async (req) => ok(await table.findMasterDataTable(db, requireActor(req), req.body)),
  });

  app.put('/api/Catalogs/MasterDataTable/Filters', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Distinct values of one Database Manager column, under its other filters',
      description: tableRule,
      body: masterDataFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await table.findMasterDataFilterOptions(db, requireActor(req), req.body)),
  });

  app.put('/api/Catalogs/MasterDataTable/Export', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The whole filtered Database Manager table of one type as a streamed CSV file',
      description: `Same body as PUT api/Catalogs/MasterDataTable; rows id descending. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${tableRule}`,
      body: masterDataTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(reply, 'master-data.csv', await table.exportMasterDataTable(db, requireActor(req), req.body)),
  });
};
