import { z } from 'zod';

/** The envelope every response uses (docs/architecture.md). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ succeeded: z.boolean(), message: z.string(), data });
}

export const errorEnvelope = z.object({
  succeeded: z.literal(false),
  message: z.string(),
  data: z.null(),
});

export type Envelope<T> = { succeeded: boolean; message: string; data: T };

/** A positive integer id in a path or query (path parts arrive as strings). */
export const idParam = z.coerce.number().int().min(0);

/** 0/1 or true/false flag in a path part or query. */
export const flagParam = z
  .union([z.literal('true'), z.literal('false'), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === true || v === 'true' || v === '1');

export const onlyActiveQuery = z.object({
  OnlyActive: flagParam.optional().describe('true (default): only active rows; false: every row'),
});

/**
 * The fields a row of My Approval Tasks and of My Provisioning Tasks starts with: the line, whose
 * task it is, its status and type.
 */
export const taskRowHead = {
  requestId: z.number().int(),
  /** The absent approver or provisioner whose task the caller holds as delegate (out of office), if any. */
  onBehalfOf: z.string().nullable().optional(),
  statusId: z.number().int(),
  status: z.object({ description: z.string() }),
  /** 2 means deactivation. */
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  recordId: z.number().int().nullable(),
};

/** A place's names, top down, as a request line or an approval path reads them. */
export const placeNames = {
  regionName: z.string(),
  marketName: z.string(),
  agencyName: z.string(),
  practiceName: z.string(),
  platformName: z.string(),
  clientName: z.string(),
};

/** The subject of a request line: who, by name, and their primary email. */
export const requestUserNames = {
  userId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
};
