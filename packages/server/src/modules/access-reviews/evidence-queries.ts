import { sql } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import { fullName } from '../request-lines/line-query.ts';

/**
 * The evidence's read (issue 46): a campaign's items as they were reviewed, with their reviewer
 * and decision. The names and where a revoke stands are the item's own columns (migrations 0050,
 * 0051), so only the reviewer's name is joined.
 */

/** One keyset batch of a campaign's items for its evidence, highest item id first. */
export function findEvidenceBatch(q: Executor, reviewId: number, beforeId: number | null, limit: number) {
  return q
    .selectFrom('accessReviewItems as i')
    .innerJoin('accessReviews as ar', 'ar.reviewId', 'i.reviewId')
    .leftJoin('users as rv', 'rv.userId', 'i.reviewerUserId')
    .select([
      'i.itemId',
      'ar.name as campaign',
      'i.recordId',
      'i.userName',
      'i.userEmail',
      'i.platformEmail',
      'i.platformName as platform',
      'i.clientName as client',
      'i.clientAccountName as clientAccount',
      'i.platformUserTypeName as platformUserType',
      'i.sinceDate',
      sql<string | null>`case when rv.user_id is null then null else ${fullName('rv')} end`.as(
        'reviewerName',
      ),
      'i.decision',
      'i.comment',
      'i.decidedByName',
      'i.decidedAt',
      'i.revokeRequestId',
      'i.revokeStatusId',
    ])
    .where('i.reviewId', '=', reviewId)
    .$if(beforeId !== null, (qb) => qb.where('i.itemId', '<', beforeId!))
    .orderBy('i.itemId', 'desc')
    .limit(limit)
    .execute();
}
export type EvidenceDbRow = Awaited<ReturnType<typeof findEvidenceBatch>>[number];
