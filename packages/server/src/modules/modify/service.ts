/**
 * Use cases of Modify an Existing Access (spec 1 §2.6, §4, §5), one file each under modify/:
 * every workflow step runs in one transaction, checks the current status (compare-and-set)
 * and writes its history rows.
 */
export { getRequestDetail } from './service/detail.ts';
export { updateRequest, updateMultipleRequest, updateExpiredRequest } from './service/update.ts';
export { activeDeactive, checkMergedProfile } from './service/activation.ts';
export { reassignRequest } from './service/reassign.ts';
