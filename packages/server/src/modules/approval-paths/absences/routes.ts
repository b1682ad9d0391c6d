import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role, absenceInput, absenceListQuery, absenceRow, envelope, idParam, messages } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Access } from '../../../http/access.ts';
import { requireActor } from '../../../http/actor.ts';
import { ok } from '../../../http/envelope.ts';
import * as absences from './service.ts';

const read: Access = { minRole: Role.APPROVER, auditor: true };
const write: Access = { minRole: Role.APPROVER, auditor: false };

const reach =
  'Own absences always; another person: a super admin anyone (the auditor reading), an admin only people none of whose rows (request lines, assignments, master approver and admin rows) lies outside their (region, market) rows (else 404), other roles 403.';

/** Out of office and delegation (ours, the spec has no such calls). */
export const absenceRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.get('/api/Approvers/Absences', {
    config: { access: read },
    schema: {
      tags,
      errors: [403, 404],
      summary: "A person's running and planned absences (userId absent: the caller's)",
      description: reach,
      querystring: absenceListQuery,
      response: { 200: envelope(z.array(absenceRow)) },
    },
    handler: async (req) => ok(await absences.listAbsences(db, requireActor(req), req.query.userId)),
  });

  app.post('/api/Approvers/Absences', {
    config: { access: write },
    schema: {
      tags,
      errors: [403, 404, 409, 422],
      summary:
        'Set an absence: a delegate holds the approval and provisioning tasks from fromDate until toDate',
      description: `While it runs, routing gives the delegate the lines routed to the absent person that the absent person could decide (not their own as subject or requester) and that whoever set the absence could give (the person themselves or a super admin: any; an admin: those inside their (region, market) rows); the delegate's tasks show '${messages.onBehalfOf('{name}')}' and the history records for whom they acted. The delegate as the person: 422 '${messages.absenceDelegateIsSelf}'; a delegate without an approver, provisioner or admin role: 422; an end in the past: 422; an overlap with another absence of the person: 409. ${reach}`,
      body: absenceInput,
      response: { 200: envelope(z.object({ absenceId: z.number().int() })) },
    },
    handler: async (req) => {
      const { absenceId, message } = await absences.saveAbsence(db, requireActor(req), req.body);
      return ok({ absenceId }, message);
    },
  });

  app.put('/api/Approvers/Absences/:id/End', {
    config: { access: write },
    schema: {
      tags,
      errors: [403, 404],
      summary: 'End a running absence now, or withdraw a planned one',
      description: reach,
      params: z.object({ id: idParam }),
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => {
      await absences.endAbsence(db, requireActor(req), req.params.id);
      return ok(null, messages.absenceEnded);
    },
  });
};
