import { z } from 'zod';
import { messages } from '../messages.ts';
import { flagParam, idParam } from './common.ts';

/** The most assignments one bulk call changes. */
export const maxAssignmentIds = 1000;

const levelId = z.number({ error: messages.completeRequiredFields }).int().positive();
const personId = z.number().int().positive().nullish();

/**
 * POST api/Approvers: a new approver/provisioner assignment on a path (spec 2 §3). `userId` is
 * the primary approver ('Please search for an approver' without one); clientId null or absent
 * covers every client of the platform. The other three people are optional.
 */
export const approverAssignmentInput = z.object({
  regionId: levelId,
  marketId: levelId,
  agencyId: levelId,
  practiceId: levelId,
  platformId: levelId,
  clientId: z.number().int().positive().nullish(),
  userId: z.number({ error: messages.searchForApprover }).int().positive(messages.searchForApprover),
  secondaryApproverId: personId,
  provisionerId: personId,
  provisionerBackupId: personId,
});
export type ApproverAssignmentInput = z.infer<typeof approverAssignmentInput>;

/** PUT api/Approvers: the same fields for an existing assignment (approverId). */
export const approverAssignmentUpdate = approverAssignmentInput.extend({
  approverId: z.number().int().positive(),
});
export type ApproverAssignmentUpdate = z.infer<typeof approverAssignmentUpdate>;

/**
 * PUT api/Approvers/SavePreview: the body of the save about to be sent (the POST's fields, plus
 * approverId for a modify), to learn what it would change before sending it.
 */
export const assignmentSavePreviewInput = approverAssignmentInput.extend({
  approverId: z.number().int().positive().nullish(),
});
export type AssignmentSavePreviewInput = z.infer<typeof assignmentSavePreviewInput>;

/** What a save would do: how many waiting (Submitted or Approved) lines would change hands. */
export const assignmentSavePreview = z.object({ linesChangingHands: z.number().int().nonnegative() });
export type AssignmentSavePreview = z.infer<typeof assignmentSavePreview>;

/**
 * PUT api/Approvers/Approver/ActiveDeactive and …/DeleteBulkAssignment: the assignments and the
 * state (isDeleted true = deactivate). `confirm` acknowledges the warning that pending requests
 * will be left with no approval path (409 without it).
 */
export const assignmentStateInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(maxAssignmentIds),
  isDeleted: z.boolean().default(true),
  confirm: z.boolean().default(false),
});
export type AssignmentStateInput = z.infer<typeof assignmentStateInput>;

/** …/ActiveDeactive/{id}/{flag}: flag is isDeleted (true = deactivate). */
export const assignmentFlagParams = z.object({ id: idParam, flag: flagParam });
/** …/DeleteAssignment/{id}. */
export const assignmentIdParams = z.object({ id: idParam });
/** ?confirm=true on the single-row variants (see assignmentStateInput). */
export const assignmentConfirmQuery = z.object({ confirm: flagParam.optional() });

/**
 * PUT api/Approvers/ReassignApprover: on every listed assignment, each role whose …Updated flag
 * is set gets the new person (null clears a secondary, provisioner or backup; the primary
 * approver cannot be cleared: 'Please search for an approver').
 */
export const reassignApproverInput = z.object({
  ApproverIds: z.array(z.number().int().positive()).min(1).max(maxAssignmentIds),
  PrimaryApproverId: personId,
  PrimaryApproverUpdated: z.boolean().default(false),
  SecondaryApproverId: personId,
  SecondaryApproverUpdated: z.boolean().default(false),
  PrimaryProvisionerId: personId,
  PrimaryProvisionerUpdated: z.boolean().default(false),
  SecondaryProvisionerId: personId,
  SecondaryProvisionerUpdated: z.boolean().default(false),
});
export type ReassignApproverInput = z.infer<typeof reassignApproverInput>;

/** The answer of every assignment write: the rows it touched. */
export const assignmentWriteResult = z.object({ ids: z.array(z.number().int()) });
export type AssignmentWriteResult = z.infer<typeof assignmentWriteResult>;

/**
 * The body of the 409 that asks for confirmation: how many pending requests (Submitted or
 * Approved) the change leaves with no approval path.
 */
export const pathlessWarning = z.object({ pendingWithoutPath: z.number().int() });
export type PathlessWarning = z.infer<typeof pathlessWarning>;
