import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_EMPTY_PDF_BYTES,
  Role,
  auditBatchParams,
  auditRangeParams,
  auditSigningKey,
  auditVerification,
  envelope,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { sendPdf } from '../../http/csv-reply.ts';
import * as audit from './service.ts';
import { currentVerification } from './chain-service.ts';

const rangeRule =
  'from and to are days (YYYY-MM-DD, or MM-DD-YYYY); the range holds the request lines created from ' +
  "the first day's UTC midnight to the end of the last day (UTC); to before from is refused with 400. " +
  'Rows: admins get the lines inside their admin (region, market) rows, super admins and auditors every line.';

/** The audit PDF of a date range (spec 3 §2.10): administrators and the read-only auditor. */
export const auditRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  app.get('/api/Request/RequestsCount/:from/:to', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'How many request lines the audit PDF of a date range holds (asked before the download)',
      description: rangeRule,
      params: auditRangeParams,
      response: { 200: envelope(z.number().int()) },
    },
    handler: async (req) => ok(await audit.countAuditRecords(db, requireActor(req), req.params)),
  });

  app.get('/api/Request/RequestDetailbyDate/:from/:to', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'The audit PDF of a whole date range, streamed while it is written',
      description: `One document, one table row per request line, oldest first; read from the database in batches and sent as it is written, so memory does not grow with the range. The X-Record-Count header gives the number of lines (the length of the document is not known in advance). ${rangeRule}`,
      params: auditRangeParams,
      produces: ['application/pdf'],
    },
    handler: async (req, reply) => {
      const { pdf, count } = await audit.getAuditPdf(db, requireActor(req), req.params);
      reply.header('x-record-count', String(count));
      return sendPdf(reply, `audit-${req.params.from}-${req.params.to}.pdf`, pdf);
    },
  });

  app.get('/api/Request/RequestDetailbyDate/:from/:to/:pageSize/:pageIndex', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'One page of the audit PDF (the original client asks pages of 150, from page 1)',
      description: `Kept for clients of the original batch calls; the whole range in one document is GET /api/Request/RequestDetailbyDate/{from}/{to}. A page past the end is a document without records, under ${AUDIT_EMPTY_PDF_BYTES} bytes. ${rangeRule}`,
      params: auditBatchParams,
      produces: ['application/pdf'],
    },
    handler: async (req, reply) => {
      const { pageSize, pageIndex, ...range } = req.params;
      const pdf = await audit.getAuditPdfPage(db, requireActor(req), range, pageSize, pageIndex);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="audit-${range.from}-${range.to}-${pageIndex}.pdf"`,
        )
        .send(pdf);
    },
  });

  app.get('/api/Audit/Verify', {
    // The auditor (6) and the super administrator (8); an administrator (5) is below.
    config: { access: { minRole: Role.AUDITOR, auditor: true } },
    schema: {
      tags,
      summary: 'Whether the history is what was written: the audit chain verified up to now',
      description:
        'Every history row (request steps, profile and email logs, the master data log, merges) is chained by SHA-256 ' +
        'in one order when it is written. This verifies the rows written since the last good verification (the daily ' +
        'job verifies them all) and answers the first break: the table and row id, and why (link: the chain was ' +
        'altered; content: the row changed; missing: the row was deleted; unchained: a row written outside UAP). A ' +
        'break found stands until a full verification finds the chain whole.',
      response: { 200: envelope(auditVerification) },
    },
    handler: async (req) => ok(await currentVerification(db, requireActor(req).userId)),
  });

  app.get('/api/Audit/Key', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags,
      summary: 'The public key that verifies signed exports',
      description:
        'Every CSV export, the audit PDF, the activity log PDF and the access review evidence end with a line holding a ' +
        'JWS (EdDSA, Ed25519) over the SHA-256 of the bytes before it and the audit chain head the file was read at. ' +
        "Check a file offline with `npm run verify-export -- FILE --key KEY.pem` (this answer's pem saved as KEY.pem).",
      response: { 200: envelope(auditSigningKey) },
    },
    handler: (req) => ok(req.server.exportSigner.publicKey),
  });
};
