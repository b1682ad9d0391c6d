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
