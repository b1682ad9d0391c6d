import type { Db, Executor } from '../../db/connection.ts';

/** Active profiles that may take part in a merge (not merged into another), with their directory entry. */
export function findMatchCandidates(q: Executor) {
  return q
    .selectFrom('users as u')
    .leftJoin('directoryUsers as d', 'd.directoryId', 'u.directoryId')
    .select([
      'u.userId',
      'u.name',
      'u.lastName',
      'u.directoryId',
      'd.givenName',
      'd.surname',
      'd.employeeId',
      (eb) =>
        eb
          .exists(eb.selectFrom('users as c').select('c.userId').whereRef('c.mergedUserId', '=', 'u.userId'))
          .as('hasChildren'),
    ])
    .where('u.isDeleted', '=', 0)
    .where('u.mergedUserId', 'is', null)
    .orderBy('u.userId')
    .execute();
}

/** Pairs of profiles where one's active additional email is the other's primary email. */
export function findEmailPairs(q: Executor) {
  return q
    .selectFrom('userAdditionalEmails as e')
    .innerJoin('users as p', 'p.email', 'e.email')
    .select(['p.userId as primaryOwner', 'e.userId as additionalOwner'])
    .where('e.isDeleted', '=', 0)
    .whereRef('p.userId', '!=', 'e.userId')
    .execute();
}

/** Every pair ever proposed, whatever became of it. */
export function findProposedPairs(q: Executor) {
  return q.selectFrom('profileMergeProposals').select(['parentUserId', 'childUserId']).execute();
}

export interface NewProposal {
  parentUserId: number;
  childUserId: number;
  reason: string;
}

export async function insertProposals(q: Executor, proposals: readonly NewProposal[], createdDate: string) {
  for (let i = 0; i < proposals.length; i += 500) {
    await q
      .insertInto('profileMergeProposals')
      .values(proposals.slice(i, i + 500).map((p) => ({ ...p, status: 'PROPOSED', createdDate })))
      .onConflict((oc) => oc.columns(['parentUserId', 'childUserId']).doNothing())
      .execute();
  }
}

/** A run of the job by id, or its latest run (id 0). */
export function findJobRun(db: Db, jobName: string, id: number) {
  const query = db.kysely
    .selectFrom('jobRuns')
    .select(['id', 'status', 'startedOn', 'endedOn'])
    .where('jobName', '=', jobName);
  return (
    id > 0 ? query.where('id', '=', id) : query.orderBy('startedOn', 'desc').orderBy('id', 'desc').limit(1)
  ).executeTakeFirst();
}

/** The open proposals with both profiles' names, newest first. */
export function findOpenProposals(db: Db, limit: number) {
  return db.kysely
    .selectFrom('profileMergeProposals as m')
    .innerJoin('users as p', 'p.userId', 'm.parentUserId')
    .innerJoin('users as c', 'c.userId', 'm.childUserId')
    .select([
      'm.id',
      'm.reason',
      'm.createdDate',
      'p.userId as parentId',
      'p.name as parentName',
      'p.lastName as parentLastName',
      'p.email as parentEmail',
      'c.userId as childId',
      'c.name as childName',
      'c.lastName as childLastName',
      'c.email as childEmail',
    ])
    .where('m.status', '=', 'PROPOSED')
    .orderBy('m.createdDate', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** An open proposal's pair, or undefined when it is gone or already decided. */
export function findOpenProposal(q: Executor, id: number) {
  return q
    .selectFrom('profileMergeProposals')
    .select(['parentUserId', 'childUserId'])
    .where('id', '=', id)
    .where('status', '=', 'PROPOSED')
    .executeTakeFirst();
}

/** Decides an open proposal; undefined when someone decided it first. */
export function decideOpenProposal(
  q: Executor,
  id: number,
  decision: { status: 'ACCEPTED' | 'DISMISSED'; decidedDate: string; decidedBy: number },
) {
  return q
    .updateTable('profileMergeProposals')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'PROPOSED')
    .returning(['parentUserId', 'childUserId'])
    .executeTakeFirst();
}
