import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  flagParam,
  idParam,
  masterApproverActiveDeactiveInput,
  masterApproverWriteResult,
  messages,
  reassignMasterApproverInput,
  saveMasterApproverInput,
  updateMasterApproverInput,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminWrite } from '../../../http/access.ts';
import { ok, okWith } from '../../../http/envelope.ts';
import { approvalPathRoutes } from '../route.ts';
import * as masters from './service.ts';

const scopeRule =
  'Admins change the rows inside their admin (region, market) rows (a row or path outside them is 404); super admins every row.';
const roleRule =
  'The people named gain the Master Approver role (standard users and approvers); one whose last active row goes falls back to Approver or Provisioner when an assignment still names them, else Standard User.';
const pathRule = `Without every path level: 400 '${messages.selectMasterApproverPath}'; without a user: 400 '${messages.searchForApprover}'. A market, agency and practice that do not belong together: 422; an inactive profile or directory account: 422; the same person already active on the path: 409.`;

/** Routes that change master approver assignments (the lists are in the assignments module). */
export const masterApproverRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const route = approvalPathRoutes(base);
  /** Every write: administrators (never the auditor), answering the ids the write touched. */
  const write = { access: adminWrite, answer: masterApproverWriteResult };

  route('POST /api/Approvers/SaveMasterApprover', {
    ...write,
    errors: [404, 409, 422],
    summary: 'Add a master approver of a (region, market, agency, practice)',
    description: `${pathRule} ${scopeRule} ${roleRule}`,
    body: saveMasterApproverInput,
    handle: async (actor, { body }) =>
      ok(await masters.saveMasterApprover(db, actor, body), messages.masterApproverSaved),
  });

  route('PUT /api/Approvers/UpdateMasterApprover', {
    ...write,
    errors: [404, 409, 422],
    summary: 'Change the person or the path of a master approver row',
    description: `${pathRule} ${scopeRule} ${roleRule}`,
    body: updateMasterApproverInput,
    handle: async (actor, { body }) =>
      ok(await masters.updateMasterApprover(db, actor, body), messages.masterApproverUpdated),
  });

  route('PUT /api/Approvers/MasterApprover/ActiveDeactive', {
    ...write,
    errors: [404, 409],
    summary: 'Activate (isDeleted false) or deactivate (isDeleted true) master approver rows',
    description: `'${messages.masterApproversActivated}' or '${messages.masterApproversDeactivated}'. Activating a row that repeats an active one of the same person and path: 409. ${scopeRule} ${roleRule}`,
    body: masterApproverActiveDeactiveInput,
    handle: async (actor, { body }) =>
      okWith(await masters.setMasterApproversDeleted(db, actor, body.ids, body.isDeleted)),
  });

  route('PUT /api/Approvers/MasterApprover/ActiveDeactive/:id/:flag', {
    ...write,
    errors: [404, 409],
    summary: 'Activate or deactivate one master approver row (flag: the new isDeleted)',
    description: `As the bulk call, for one row. ${scopeRule}`,
    params: z.object({ id: idParam, flag: flagParam }),
    handle: async (actor, { params }) =>
      okWith(await masters.setMasterApproversDeleted(db, actor, [params.id], params.flag)),
  });

  route('PUT /api/Approvers/MasterApprover/DeleteMasterApprover/:id', {
    ...write,
    errors: [404],
    summary: 'Delete a master approver row',
    description: `The row is removed (the web asks first). ${scopeRule} ${roleRule}`,
    params: z.object({ id: idParam }),
    handle: async (actor, { params }) =>
      ok(await masters.deleteMasterApprover(db, actor, params.id), messages.masterApproverDeleted),
  });

  route('PUT /api/Approvers/ReassignMasterApprover', {
    ...write,
    errors: [404, 422],
    summary: 'Move master approver rows to another person',
    description: `Without NewMasterApproverUserId: 400 '${messages.selectNewUser}'. A row whose path the new person already holds is deactivated instead of repeated. ${scopeRule} ${roleRule}`,
    body: reassignMasterApproverInput,
    handle: async (actor, { body }) =>
      ok(
        await masters.reassignMasterApprovers(
          db,
          actor,
          body.oldMasterApproverIds,
          body.NewMasterApproverUserId ?? 0,
        ),
        messages.masterApproversReassigned,
      ),
  });
};
