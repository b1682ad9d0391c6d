import { z } from 'zod';
import { roleIds } from '../roles.ts';

const roleId = z.literal(roleIds);

export const additionalEmail = z.object({
  email: z.string(),
  isDeleted: z.boolean(),
  userId: z.number().int(),
});

/** The logged-in user of spec 1 §3, as ValidateNewUser returns it to the route guard. */
export const loggedUser = z.object({
  userId: z.number().int(),
  roleId,
  role: z.object({ roleId, description: z.string() }),
  email: z.string(),
  showApprover: z.boolean(),
  userAditionalEmail: z.array(additionalEmail),
  name: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  officeNumber: z.string().nullable(),
  locationCountry: z.string().nullable(),
  isInternal: z.boolean(),
  userType: z.string(),
  displayName: z.string(),
  mail: z.string(),
  fullName: z.string(),
  /** What the user may do beyond the menus (capabilitiesOf their role). */
  capabilities: z.object({
    isReadOnly: z.boolean(),
    exportsTables: z.boolean(),
    opensActivityLogs: z.boolean(),
    readsAsAdmin: z.boolean(),
    administers: z.boolean(),
    actsEverywhere: z.boolean(),
  }),
});
export type LoggedUser = z.infer<typeof loggedUser>;

/** Task counts behind the home tile badges. */
export const taskCounts = z.object({
  approvals: z.number().int(),
  provisioning: z.number().int(),
  /** Undecided items of active access reviews the caller may decide (issue 46). */
  accessReviews: z.number().int(),
});
export type TaskCounts = z.infer<typeof taskCounts>;
