import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  envelope,
  masterDataUploadColumns,
  masterDataUploadLimits,
  masterDataUploadOrder,
  masterDataUploadResult,
  messages,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { invalid, unprocessable } from '../../http/errors.ts';
import { read, write } from './route-rules.ts';
import { WorkbookReadThread } from './upload-read-thread.ts';
import { applyUpload, templateWorkbook } from './upload-service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const layout = masterDataUploadOrder
  .map(
    (type) =>
      `${type}: ${masterDataUploadColumns[type].map((c) => (c.required ? `${c.name}*` : c.name)).join(', ')}`,
  )
  .join('; ');

/** The master data spreadsheet upload. */
export const masterDataUploadRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];
  await app.register(multipart, {
    // A file over the limit arrives cut (`truncated`): refused below with its own message.
    throwFileSizeLimit: false,
    limits: { fileSize: masterDataUploadLimits.maxMegabytes * 1024 * 1024, files: 1, fields: 0, parts: 2 },
  });
  // Workbooks are read off the request thread, so a long read holds up no other request.
  const reader = new WorkbookReadThread();
  app.addHook('onClose', async () => {
    await reader.close();
  });

  app.post('/api/MasterDataRequest/UploadMasterData', {
    config: { access: write },
    schema: {
      tags,
      summary:
        'Process a master data workbook (.xlsx): every row with the Database Manager dialog’s rules, all or nothing',
      description:
        `Multipart field 'file', an .xlsx of at most ${masterDataUploadLimits.maxMegabytes} MB, unpacking to at most ${masterDataUploadLimits.maxUnpackedMegabytes} MB (checked from the zip directory before anything is unpacked), at most ${masterDataUploadLimits.maxRows} rows (empty rows count too); else 400. ` +
        `One sheet per type, named as the type and listed once, row 1 the column names (* required); parents are named: ${layout}. ` +
        'Sheets are applied parents first, in one transaction; an existing item (same name under the same parent) is unchanged or updated. ' +
        'Answers each row as created, updated, unchanged or refused (with the message). One refused row: 422, nothing changed, data holds every row’s result.',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(masterDataUploadResult) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) {
        throw invalid(messages.masterDataUploadXlsxOnly);
      }
      const file = await req.file();
      if (!file) {
        throw invalid(messages.masterDataUploadNoFile);
      }
      if (!file.filename.toLowerCase().endsWith('.xlsx')) {
        file.file.resume();
        throw invalid(messages.masterDataUploadXlsxOnly);
      }
      const content = await file.toBuffer();
      if (file.file.truncated) {
        throw invalid(messages.masterDataUploadTooLarge(masterDataUploadLimits.maxMegabytes));
      }
      const rows = await reader.read(content);
      const result = await applyUpload(db, requireActor(req), rows);
      if (!result.applied) {
        throw unprocessable(messages.masterDataUploadRolledBack(result.refused), result);
      }
      return ok(result, messages.masterDataUploadApplied(result));
    },
  });

  app.get('/api/MasterDataRequest/UploadMasterData/Template', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The master data workbook template: one sheet per type, its columns in row 1 (* required)',
      description: layout,
      produces: [XLSX_TYPE],
    },
    handler: async (_req, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="master-data-template.xlsx"')
        .send(await templateWorkbook()),
  });
};
