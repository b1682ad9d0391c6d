import { z } from 'zod';
import { messages } from '../messages.ts';

const id = z.number().int().positive();
/** A path level or a user: absent, null and 0 all mean 'not chosen'. */
const chosen = z
  .number()
  .int()
  .nullish()
  .transform((v) => (v && v > 0 ? v : null));

/**
 * The master approver fields of POST api/Approvers/SaveMasterApprover and PUT
 * api/Approvers/UpdateMasterApprover: a user and a (region, market, agency, practice) path.
 * Without a user: 'Please search for an approver'; without every path level: 'Please select
 * region, market, agency and practice' (spec 2 §5).
 */
const masterApproverFields = z.object({
  userId: chosen,
  regionId: chosen,
  marketId: chosen,
  agencyId: chosen,
  practiceId: chosen,
});

function requirePathAndUser(input: z.output<typeof masterApproverFields>, ctx: z.RefinementCtx): void {
  if (!input.regionId || !input.marketId || !input.agencyId || !input.practiceId) {
    ctx.addIssue({ code: 'custom', message: messages.selectMasterApproverPath, path: ['practiceId'] });
  } else if (!input.userId) {
    ctx.addIssue({ code: 'custom', message: messages.searchForApprover, path: ['userId'] });
  }
}

/** The path and user once checked present. */
export interface MasterApproverPath {
  userId: number;
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
}

const asPath = (input: z.output<typeof masterApproverFields>): MasterApproverPath => ({
  userId: input.userId ?? 0,
  regionId: input.regionId ?? 0,
  marketId: input.marketId ?? 0,
  agencyId: input.agencyId ?? 0,
  practiceId: input.practiceId ?? 0,
});

/** POST api/Approvers/SaveMasterApprover. */
export const saveMasterApproverInput = masterApproverFields.superRefine(requirePathAndUser).transform(asPath);
export type SaveMasterApproverInput = z.input<typeof saveMasterApproverInput>;

/** PUT api/Approvers/UpdateMasterApprover: the row (masterApproverId) and its new user and path. */
export const updateMasterApproverInput = masterApproverFields
  .extend({ masterApproverId: id })
  .superRefine(requirePathAndUser)
  .transform((input) => ({ masterApproverId: input.masterApproverId, ...asPath(input) }));
export type UpdateMasterApproverInput = z.input<typeof updateMasterApproverInput>;

/** PUT api/Approvers/MasterApprover/ActiveDeactive: the rows and the new isDeleted (true = deactivate). */
export const masterApproverActiveDeactiveInput = z.object({
  ids: z.array(id).min(1).max(1000),
  isDeleted: z.boolean(),
});
export type MasterApproverActiveDeactiveInput = z.input<typeof masterApproverActiveDeactiveInput>;

/** PUT api/Approvers/ReassignMasterApprover: move these rows to the new user ('Select a new user'). */
export const reassignMasterApproverInput = z.object({
  oldMasterApproverIds: z.array(id).min(1).max(1000),
  NewMasterApproverUserId: chosen.refine((v) => v !== null, { message: messages.selectNewUser }),
});
export type ReassignMasterApproverInput = z.input<typeof reassignMasterApproverInput>;

/** The master approver rows a write saved, changed or moved. */
export const masterApproverWriteResult = z.object({
  masterApproverIds: z.array(z.number().int()),
});
export type MasterApproverWriteResult = z.infer<typeof masterApproverWriteResult>;
