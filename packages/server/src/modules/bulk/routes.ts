import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  bulkCode,
  bulkResultsPage,
  bulkResultsQuery,
  bulkTemplateColumns,
  bulkUploadAnswer,
  bulkUploadStatus,
  bulkUploadTypes,
  envelope,
  messages,
  type BulkUploadType,
} from '@uap/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { invalid } from '../../http/errors.ts';
import { BULK_BATCH, resumeUploads } from './process.ts';
import * as bulk from './service.ts';
import type { BulkOptions } from './upload-file.ts';

/** Largest file accepted (a 50,000-row user-records file is about 10 MB). */
export const MAX_UPLOAD_MEGABYTES = 50;

const uploadRoutes: Record<BulkUploadType, string> = {
  UserRecords: '/api/BulkData/UploadFile',
  Approvers: '/api/BulkData/UploadApprover',
  MasterApprovers: '/api/BulkData/UploadMasterApprover',
};
const resultRoutes: Record<BulkUploadType, string> = {
  UserRecords: '/api/Request/BulkDataRecords',
  Approvers: '/api/Request/BulkDataApprover',
  MasterApprovers: '/api/Request/BulkDataMasterApprover',
};
const rowRule: Record<BulkUploadType, string> = {
  UserRecords:
    'Each row becomes a request exactly as the New Request wizard makes one (POST api/Request/Create: the same checks, the same refusals, routed to its path’s approvers), created by the uploader.',
  Approvers:
    'Each row becomes an approver/provisioner assignment exactly as POST api/Approvers makes one (the same checks; admins only inside their region and market rows).',
  MasterApprovers:
    'Each row becomes a master approver assignment exactly as POST api/Approvers/SaveMasterApprover makes one (the same checks; admins only inside their rows).',
};
const processRule =
  `Multipart field 'file', a .csv of at most ${MAX_UPLOAD_MEGABYTES} MB whose header has the template's required columns (else 400 with the reason). ` +
  'Answers data.codeFile (the upload ID) at once; the rows are then processed in the background, read as a stream, ' +
  `${BULK_BATCH} rows per transaction with their results (a crash keeps whole batches; a restarted server resumes after the last one). ` +
  'Uploading the same file again creates nothing twice: rows an earlier upload of it created are reported as already created. ' +
  'Rows are numbered as a spreadsheet numbers them (the header is row 1). Progress: GET api/BulkData/Status/{code}.';

/** Bulk Upload (spec 3 §2.9): administrators upload; administrators and auditors read results. */
export const bulkRoutes: FastifyPluginAsync<{ db: Db; config: Config }> = async (base, { db, config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['bulk'];
  const options: BulkOptions = { uploadDir: path.join(config.dataDir, 'uploads') };
  await app.register(multipart, {
    // A file over the limit arrives cut (`truncated`): the service refuses it with its own message.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_MEGABYTES * 1024 * 1024, files: 1, fields: 0, parts: 2 },
  });
  app.addHook('onReady', async () => {
    await resumeUploads(db, options);
  });

  for (const type of bulkUploadTypes) {
    app.post(uploadRoutes[type], {
      config: { access: adminWrite },
      schema: {
        tags,
        summary: `Upload a .csv of ${type === 'UserRecords' ? 'user records' : type === 'Approvers' ? 'approvers/provisioners' : 'master approvers'}`,
        description: `${rowRule[type]} ${processRule}`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(bulkUploadAnswer) },
      },
      handler: async (req) => {
        if (!req.isMultipart()) {
          throw invalid(messages.bulkCsvOnly);
        }
        const file = await req.file();
        if (!file) {
          throw invalid(messages.bulkEmptyFile);
        }
        const answer = await bulk.startUpload(db, requireActor(req), options, type, {
          filename: file.filename,
          stream: file.file,
          isTruncated: () => file.file.truncated,
          maxMegabytes: MAX_UPLOAD_MEGABYTES,
        });
        return ok(answer, messages.bulkUploadStarted(answer.codeFile));
      },
    });

    app.get(resultRoutes[type], {
      config: { access: adminRead },
      schema: {
        tags,
        summary: `Row results of ${type} uploads, one upload when code is given`,
        description:
          'Columns row, fileName (the upload code), bulk_Success, bulk_Status; newest upload first, rows in file order. Filters=bulk_Success=false lists the refused rows; searchCriteria matches bulk_Status.',
        querystring: bulkResultsQuery,
        response: { 200: envelope(bulkResultsPage) },
      },
      handler: async (req) => ok(await bulk.findResults(db, type, req.query)),
    });
  }

  app.get('/api/BulkData/Status/:code', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: 'Where an upload stands: rows in the file, rows processed, rows created',
      params: z.object({ code: bulkCode }),
      response: { 200: envelope(bulkUploadStatus) },
    },
    handler: async (req) => ok(await bulk.getUploadStatus(db, req.params.code)),
  });

  app.get('/api/BulkData/Template/:type', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'The .csv template of an upload type (its header; * marks a required column)',
      description: Object.entries(bulkTemplateColumns)
        .map(([t, columns]) => `${t}: ${columns.map((c) => c.name).join(', ')}.`)
        .join(' '),
      params: z.object({ type: z.enum(bulkUploadTypes) }),
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${req.params.type}-template.csv"`)
        .send(bulk.templateOf(req.params.type)),
  });

  app.get('/api/BulkData/Refused/:code', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: 'The refused rows of an upload as a .csv in the template’s columns, with Row and Error',
      description:
        'Fix the rows and upload the file again. Every cell beginning with = + - @, tab or CR is prefixed with a single quote.',
      params: z.object({ code: bulkCode }),
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const { csv } = await bulk.exportRefused(db, req.params.code);
      // A working file, uploaded again once fixed: not signed (an export of the record is).
      csv.once('error', (err) => reply.log.error({ err, url: req.url }, 'CSV failed part-way'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${req.params.code}-refused.csv"`)
        .send(csv);
    },
  });
};
