import { z } from 'zod';
import { messages } from '../messages.ts';

const id = z.number().int().positive();

/**
 * POST api/Approvers/Absences (ours): the person away (absent or null: the caller),
 * the delegate who holds their tasks meanwhile, and the period [fromDate, toDate) as ISO instants.
 */
export const absenceInput = z
  .object({
    userId: id.nullish(),
    delegateUserId: id,
    fromDate: z.iso.datetime({ offset: true }),
    toDate: z.iso.datetime({ offset: true }),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.toDate) <= Date.parse(v.fromDate)) {
      ctx.addIssue({ code: 'custom', message: messages.absenceEndsBeforeStart, path: ['toDate'] });
    }
  });
export type AbsenceInput = z.output<typeof absenceInput>;

/** GET api/Approvers/Absences: one person's absences (absent or null: the caller). */
export const absenceListQuery = z.object({ userId: z.coerce.number().int().positive().optional() });

/** One absence as the role-details page lists it. */
export const absenceRow = z.object({
  absenceId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  delegateUserId: z.number().int(),
  delegateName: z.string(),
  delegateEmail: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** Running now: the delegate holds the tasks. */
  isRunning: z.boolean(),
});
export type AbsenceRow = z.infer<typeof absenceRow>;
