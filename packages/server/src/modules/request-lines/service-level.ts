import { sql, type Expression, type SqlBool } from 'kysely';
import { pastLevelCutoff, RequestStatus, taskStages, type ServiceLevels } from '@uap/domain';
import { derived } from '../../db/kept-statement.ts';
import { ref } from './line-query.ts';

/**
 * The overdue rule in SQL, shared by the reminders job and the Request Tracker: the cut-offs
 * come from the domain's `pastLevelCutoff`, so the job, the tracker's Overdue filter and its
 * overdue marker can never disagree.
 */

const SUBMITTED = sql.lit(RequestStatus.SUBMITTED);
const APPROVED = sql.lit(RequestStatus.APPROVED);

/**
 * What a task waits since: a Submitted line its creation, an Approved line its approval; else
 * null. Written as migration 0030 indexes it (`idx_requests_waiting_since`), literals included.
 */
export const waitingSince = sql<string | null>`(case ${ref('r.statusId')} when ${SUBMITTED} then ${ref(
  'r.createdDate',
)} when ${APPROVED} then ${ref('r.approvedDate')} end)`;

export interface PastLevelOptions {
  /**
   * Keep the rule out of index use (SQLite's unary + on the status, PostgreSQL's estimate hidden
   * in a CASE): when most of the lines asked for are overdue, a page is found faster by walking
   * the order's index and testing each line.
   */
  isDense?: boolean;
}

/**
 * The lines (alias r) that are a task past `multiple` times its level at `now`. One range of
 * `idx_requests_waiting_since` up to the latest cut-off (an urgent one), then each line's own
 * cut-off by its kind and urgency, from the index's columns.
 */
export function pastServiceLevel(
  now: Date,
  levels: ServiceLevels,
  multiple: number = taskStages.reminder,
  options: PastLevelOptions = {},
): Expression<SqlBool> {
  // `now` may be a kept statement's slot (db/kept-statement.ts): the cut-offs derive from it.
  const cutAt = (at: Date, kind: 'approval' | 'provisioning', isUrgent: boolean) =>
    pastLevelCutoff(at, levels, kind, isUrgent, multiple);
  const cut = (kind: 'approval' | 'provisioning', isUrgent: boolean) =>
    derived(now, (at) => cutAt(at, kind, isUrgent));
  const latest = derived(now, (at) =>
    [cutAt(at, 'approval', true), cutAt(at, 'provisioning', true)].sort().at(-1)!,
  );
  const status = options.isDense ? sql`+${ref('r.statusId')}` : ref('r.statusId');
  const kind = (statusId: typeof SUBMITTED | typeof APPROVED, name: 'approval' | 'provisioning') =>
    sql<SqlBool>`(${status} = ${statusId} and (${waitingSince} <= ${cut(name, false)} or (${ref(
      'r.isUrgent',
    )} = 1 and ${waitingSince} <= ${cut(name, true)})))`;
  const rule = sql<SqlBool>`(${status} in (${SUBMITTED}, ${APPROVED}) and ${waitingSince} <= ${latest} and (${kind(
    SUBMITTED,
    'approval',
  )} or ${kind(APPROVED, 'provisioning')}))`;
  // Dense: PostgreSQL estimates the rule at a handful of the million lines, so it would read
  // every line and sort the overdue ones rather than walk the order's index until 50 pass.
  // Inside a CASE the rule is one opaque boolean, which it takes for half the lines.
  return options.isDense ? sql<SqlBool>`(case when ${rule} then true else false end)` : rule;
}
