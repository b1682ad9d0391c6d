import type { Executor } from '../../db/connection.ts';
import { activeRecordsOf } from '../existing-access/queries.ts';
import { namedLines } from '../request-lines/line-query.ts';

/** The chosen records among the colleague's active ones, with what a request needs to copy them. */
export function findColleagueRecords(
  q: Executor,
  colleagueId: number,
  recordIds: readonly number[],
  todayIso: string,
) {
  const isActive = activeRecordsOf(colleagueId, todayIso);
  return namedLines(q, (eb) => eb.and([isActive(eb), eb('r.requestId', 'in', [...recordIds])]))
    .select([
      'r.requestId',
      'r.regionId',
      'r.marketId',
      'r.agencyId',
      'r.practiceId',
      'r.platformId',
      'r.clientId',
      'r.clientCodeId',
      'r.productCode',
      'r.assetId',
      'r.clientAccountId',
      'r.platformUserTypeId',
      'r.isPlatformRequest',
      'r.expirationDate',
      'pl.description as platformName',
      'c.description as clientName',
      'at.description as assetName',
      'ca.description as clientAccountName',
      'put.description as platformUserTypeName',
    ])
    .orderBy('r.requestId')
    .execute();
}
export type ColleagueRecord = Awaited<ReturnType<typeof findColleagueRecords>>[number];
