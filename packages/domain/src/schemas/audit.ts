import { z } from 'zod';

/**
 * A day of the audit date range in a path: YYYY-MM-DD, or MM-DD-YYYY as the screens show dates.
 * Parsed to YYYY-MM-DD; the day runs from its UTC midnight to the next.
 */
export const auditDay = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4})$/, 'A date is YYYY-MM-DD or MM-DD-YYYY')
  .transform((value) =>
    /^\d{4}/.test(value) ? value : `${value.slice(6)}-${value.slice(0, 2)}-${value.slice(3, 5)}`,
  )
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Not a calendar date',
  );

export const auditRangeParams = z.object({ from: auditDay, to: auditDay });
export type AuditRangeParams = z.infer<typeof auditRangeParams>;

/** The legacy batch call: a page of `pageSize` records (the original client asks 150), pages from 1. */
export const auditBatchParams = auditRangeParams.extend({
  pageSize: z.coerce.number().int().min(1).max(1000),
  pageIndex: z.coerce.number().int().min(1),
});

/** Audit records per batch of the original client (spec 2 §9); the streamed PDF needs no batches. */
export const AUDIT_LEGACY_BATCH = 150;
/** A PDF shorter than this holds no record (spec 3 §9): the original client's test of an empty batch. */
export const AUDIT_EMPTY_PDF_BYTES = 2000;

/** Why a row breaks the audit chain (GET api/Audit/Verify). */
export const chainBreakReasons = ['link', 'content', 'missing', 'unchained'] as const;
export type ChainBreakReason = (typeof chainBreakReasons)[number];

/** GET api/Audit/Verify: whether the history is what was written, and where it first is not. */
export const auditVerification = z.object({
  verified: z.boolean(),
  checkedRows: z.number().int(),
  firstBreak: z
    .object({
      table: z.string(),
      id: z.number().int(),
      reason: z.enum(chainBreakReasons),
    })
    .nullable(),
  /** When the chain was last found whole (a verification without break); null: never. */
  lastVerifiedAt: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerification>;

/** GET api/Audit/Key: the public key that verifies signed exports (Ed25519, JWS alg EdDSA). */
export const auditSigningKey = z.object({
  kid: z.string(),
  alg: z.literal('EdDSA'),
  /** SubjectPublicKeyInfo PEM: what `npm run verify-export -- FILE --key FILE.pem` reads. */
  pem: z.string(),
  jwk: z.record(z.string(), z.unknown()),
});
export type AuditSigningKey = z.infer<typeof auditSigningKey>;
