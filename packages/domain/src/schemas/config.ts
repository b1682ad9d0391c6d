import { z } from 'zod';
import { environments } from '../environments.ts';

/** What the SPA needs before sign-in: where the issuer is and which environment this is. */
export const publicConfig = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  resource: z.string().nullable(),
  env: z.enum(environments),
  version: z.string(),
  contactEmail: z.string(),
  documentationUrl: z.string(),
  /** The Admin Resources card of Audit Reports: the administrators' documentation site. */
  adminResourcesUrl: z.string(),
  thirdPartyAgreementUrl: z.string(),
  /** Reports: the report page /Reports embeds (927 px high); null: the built-in charts. */
  reportsEmbedUrl: z.string().nullable(),
  /** Days before an end date when the expiring notices go out, largest first (EXPIRY_NOTICE_DAYS). */
  expiryNoticeDays: z.array(z.number().int()),
});
export type PublicConfig = z.infer<typeof publicConfig>;
