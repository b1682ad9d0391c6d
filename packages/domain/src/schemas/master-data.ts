import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';

/** The nine data types of the Database Manager and of master data requests (spec 3 §2.1). */
export const masterDataTypes = [
  'Region',
  'Market',
  'Agency',
  'Practice',
  'Platform',
  'Platform User Type',
  'Account Ownership',
  'Client - Client Code',
  'Client Asset',
] as const;
export type MasterDataType = (typeof masterDataTypes)[number];

/** POST api/MasterDataRequest: type and details required, details at most 500. */
export const masterDataRequestInput = z.object({
  MasterDataType: z.enum(masterDataTypes, { error: messages.completeRequiredFields }),
  Comments: z
    .string({ error: messages.completeRequiredFields })
    .trim()
    .min(1, { error: messages.completeRequiredFields })
    .max(limits.masterDataRequestDetails),
});
export type MasterDataRequestInput = z.infer<typeof masterDataRequestInput>;

export const masterDataRequestRow = z.object({
  id: z.number().int(),
  masterDataType: z.string(),
  comments: z.string(),
  createdDate: z.string(),
  createdByUser: z.object({ name: z.string(), lastName: z.string() }),
});
export type MasterDataRequestRow = z.infer<typeof masterDataRequestRow>;
