import type { FastifyPluginAsync } from 'fastify';
import {
  approverAssignmentInput,
  approverAssignmentUpdate,
  assignmentConfirmQuery,
  assignmentFlagParams,
  assignmentIdParams,
  assignmentSavePreview,
  assignmentSavePreviewInput,
  assignmentStateInput,
  assignmentWriteResult,
  maxAssignmentIds,
  messages,
  reassignApproverInput,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminWrite } from '../../../http/access.ts';
import { ok, okWith } from '../../../http/envelope.ts';
import { approvalPathRoutes } from '../route.ts';
import * as writes from './write-service.ts';

const scopeRule =
  'Admins change only the assignments inside their admin (region, market) rows: any id outside them (or unknown) is 404 and nothing changes; super admins change every one.';
const roleRule =
  'The people named or unnamed get the role rule: a person on an active assignment holds Approver (primary or secondary approver) or else Provisioner (provisioner or backup); with none left an Approver or Provisioner falls back to Standard (a master approver keeps the role while a master approver row names them, and its showApprover follows; admins and higher keep their role).';
const pathRule = `422 '${messages.assignmentPathNotFound}' when the levels do not form a path; 422 'An active assignment already covers …' when an active assignment has the same path and client (clientId null = every client); 422 '${messages.assignmentUserNotFound}' for an unknown person.`;
const warnRule =
  'When active rows among them are the last cover of pending (Submitted or Approved) requests (no other active assignment on the path, no master approver), the answer is 409 with data.pendingWithoutPath and a message naming the count; send again with confirm=true to go ahead.';

/** Routes that change approver/provisioner assignments. */
export const assignmentWriteRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const route = approvalPathRoutes(base);
  /** Every write: administrators (never the auditor), answering the ids the write touched. */
  const write = { access: adminWrite, answer: assignmentWriteResult };

  route('POST /api/Approvers', {
    ...write,
    errors: [404, 422],
    summary: 'New approver/provisioner assignment',
    description: `400 '${messages.searchForApprover}' without a primary approver (userId). ${pathRule} ${scopeRule} ${roleRule} Answers '${messages.assignmentSaved}' and the new id.`,
    body: approverAssignmentInput,
    handle: async (actor, { body }) =>
      ok(await writes.createAssignment(db, actor, body), messages.assignmentSaved),
  });

  route('PUT /api/Approvers', {
    ...write,
    errors: [404, 422],
    summary: 'Modify an approver/provisioner assignment (path and people)',
    description: `The same fields as the POST plus approverId. ${pathRule} (an inactive row may share its path). ${scopeRule} ${roleRule}`,
    body: approverAssignmentUpdate,
    handle: async (actor, { body }) =>
      ok(await writes.updateAssignment(db, actor, body), messages.assignmentSaved),
  });

  route('PUT /api/Approvers/SavePreview', {
    access: adminWrite,
    errors: [404, 422],
    summary: 'How many waiting lines a save of an assignment would give to someone else',
    description: `The body of the POST (new) or of the PUT (with approverId) api/Approvers about to be sent; nothing is saved. Answers linesChangingHands: the pending (Submitted or Approved) lines of the paths the save touches held by someone today whose approvers (Submitted) or provisioners (Approved) would differ after it (a line with no approval path that gets one is not counted), by the routing rule the task lists read (a client's assignment takes its client's lines from the path-wide one). The save runs and is rolled back, so it answers the same 404 and 422 as the save would. ${scopeRule}`,
    body: assignmentSavePreviewInput,
    answer: assignmentSavePreview,
    handle: async (actor, { body }) => ok(await writes.previewSave(db, actor, body)),
  });

  const stateDescription = `isDeleted true deactivates ('${messages.approversDeactivated}'), false activates ('${messages.approversActivated}'); activating refuses (422) a row whose path an active assignment (or another selected row) already covers. ${warnRule} ${scopeRule} ${roleRule}`;

  route('PUT /api/Approvers/Approver/ActiveDeactive', {
    ...write,
    errors: [404, 409, 422],
    summary: 'Activate or deactivate approver/provisioner assignments, all or none',
    description: `Body { ids (1–${maxAssignmentIds}), isDeleted, confirm }. ${stateDescription}`,
    body: assignmentStateInput,
    handle: async (actor, { body }) => okWith(await writes.setAssignmentsState(db, actor, body)),
  });

  route('PUT /api/Approvers/Approver/ActiveDeactive/:id/:flag', {
    ...write,
    errors: [404, 409, 422],
    summary: 'Activate or deactivate one approver/provisioner assignment',
    description: `flag is isDeleted (true or 1 deactivates); ?confirm=true acknowledges the warning. ${stateDescription}`,
    params: assignmentFlagParams,
    querystring: assignmentConfirmQuery,
    handle: async (actor, { params, query }) =>
      okWith(
        await writes.setAssignmentsState(db, actor, {
          ids: [params.id],
          isDeleted: params.flag,
          confirm: query.confirm ?? false,
        }),
      ),
  });

  const deleteDescription = `Removes the rows for good (deactivate keeps them). ${warnRule} ${scopeRule} ${roleRule}`;

  route('PUT /api/Approvers/Approver/DeleteBulkAssignment', {
    ...write,
    errors: [404, 409],
    summary: 'Delete approver/provisioner assignments, all or none',
    description: `Body { ids (1–${maxAssignmentIds}), isDeleted (ignored), confirm }. ${deleteDescription}`,
    body: assignmentStateInput,
    handle: async (actor, { body }) => okWith(await writes.deleteAssignments(db, actor, body)),
  });

  route('PUT /api/Approvers/Approver/DeleteAssignment/:id', {
    ...write,
    errors: [404, 409],
    summary: 'Delete one approver/provisioner assignment',
    description: `?confirm=true acknowledges the warning. ${deleteDescription}`,
    params: assignmentIdParams,
    querystring: assignmentConfirmQuery,
    handle: async (actor, { params, query }) =>
      okWith(
        await writes.deleteAssignments(db, actor, { ids: [params.id], confirm: query.confirm ?? false }),
      ),
  });

  route('PUT /api/Approvers/ReassignApprover', {
    ...write,
    errors: [404, 422],
    summary: 'Give roles of several assignments to other people',
    description: `On every ApproverIds row, each role whose …Updated flag is set (PrimaryApprover, SecondaryApprover, PrimaryProvisioner, SecondaryProvisioner) gets the …Id person; null clears a role other than the primary approver (400 '${messages.searchForApprover}'). 400 '${messages.chooseRoleToReassign}' when no flag is set; 422 '${messages.assignmentUserNotFound}' for an unknown person. Pending requests follow at once (routing is read at read time). ${scopeRule} ${roleRule}`,
    body: reassignApproverInput,
    handle: async (actor, { body }) => okWith(await writes.reassignAssignments(db, actor, body)),
  });
};
