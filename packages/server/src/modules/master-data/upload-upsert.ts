import type { MasterDataType, MasterDataUploadOutcome } from '@uap/domain';
import type { Item, AgencyItem, Model } from './upload-model.ts';
import { mayWriteMarket, requireScope, type WriteScope } from './scope.ts';

/** What the upload's rows (upload-geography/-platforms/-clients.ts) share: outcome, market check. */

/** The caller may change what lies under the agency's market. */
export const inMarket = (scope: WriteScope, agency: AgencyItem) =>
  mayWriteMarket(scope, agency.regionId, agency.marketId);

/**
 * The outcome of a row that names one item: created when `found` is absent, unchanged when it
 * already says what the row says (still only inside the caller's scope), else updated.
 */
export async function upsert<F extends Item>(
  m: Model,
  found: F | undefined,
  o: {
    mayWrite: (found: F) => boolean | Promise<boolean>;
    type: MasterDataType;
    isSame: (found: F) => boolean;
    create: () => void;
    update: (found: F) => Promise<unknown>;
  },
): Promise<MasterDataUploadOutcome> {
  if (!found) {
    o.create();
    return 'created';
  }
  if (o.isSame(found)) {
    requireScope(await o.mayWrite(found), o.type);
    return 'unchanged';
  }
  await m.flush();
  await o.update(found);
  return 'updated';
}
