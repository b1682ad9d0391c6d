import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { Role, absenceInput, absenceListQuery, absenceRow, idParam, messages } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { approvalPathRoutes } from '../route.ts';
import * as absences from './service.ts';

const read: Access = { minRole: Role.APPROVER, auditor: true };
const write: Access = { minRole: Role.APPROVER, auditor: false };

const reach =
  'Own absences always; another person: a super admin anyone (the auditor reading), an admin only people none of whose rows (request lines, assignments, master approver and admin rows) lies outside their (region, market) rows (else 404), other roles 403.';

/** Out of office and delegation (ours, the spec has no such calls). */
export const absenceRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const route = approvalPathRoutes(base);

  route('GET /api/Approvers/Absences', {
    access: read,
    errors: [403, 404],
    summary: "A person's running and planned absences (userId absent: the caller's)",
    description: reach,
    querystring: absenceListQuery,
    answer: z.array(absenceRow),
    handle: async (actor, { query }) => ok(await absences.listAbsences(db, actor, query.userId)),
  });

  route('POST /api/Approvers/Absences', {
    access: write,
    errors: [403, 404, 409, 422],
    summary:
      'Set an absence: a delegate holds the approval and provisioning tasks from fromDate until toDate',
    description: `While it runs, routing gives the delegate the lines routed to the absent person that the absent person could decide (not their own as subject or requester) and that whoever set the absence could give (the person themselves or a super admin: any; an admin: those inside their (region, market) rows); the delegate's tasks show '${messages.onBehalfOf('{name}')}' and the history records for whom they acted. The delegate as the person: 422 '${messages.absenceDelegateIsSelf}'; a delegate without an approver, provisioner or admin role: 422; an end in the past: 422; an overlap with another absence of the person: 409. ${reach}`,
    body: absenceInput,
    answer: z.object({ absenceId: z.number().int() }),
    handle: async (actor, { body }) => {
      const { absenceId, message } = await absences.saveAbsence(db, actor, body);
      return ok({ absenceId }, message);
    },
  });

  route('PUT /api/Approvers/Absences/:id/End', {
    access: write,
    errors: [403, 404],
    summary: 'End a running absence now, or withdraw a planned one',
    description: reach,
    params: z.object({ id: idParam }),
    answer: z.null(),
    handle: async (actor, { params }) => {
      await absences.endAbsence(db, actor, params.id);
      return ok(null, messages.absenceEnded);
    },
  });
};
