import { fullName, messages, type MergeProposal, type ProfileMatcherStatus } from '@uap/domain';
import { inTransaction, nowIso, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { mergeIn } from './merge-service.ts';

export const PROFILE_MATCHER = 'profile-matcher';

/** First and last name as compared: accents dropped, case folded, spaces collapsed. */
export function normaliseName(name: string, lastName: string): string {
  return `${name} ${lastName}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Candidate {
  userId: number;
  name: string;
  lastName: string;
  directoryId: string | null;
  entryName: string | null;
  entryEmployeeId: string | null;
  hasChildren: boolean;
}

/** Active profiles that may take part in a merge (not merged into another). */
async function findCandidates(q: Executor): Promise<Candidate[]> {
  const rows = await q
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
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    lastName: r.lastName,
    directoryId: r.directoryId,
    entryName: r.givenName !== null && r.surname !== null ? normaliseName(r.givenName, r.surname) : null,
    entryEmployeeId: r.employeeId,
    hasChildren: Number(r.hasChildren) === 1 || r.hasChildren === true,
  }));
}

/** Pairs of profiles where one's active additional email is the other's primary email. */
function findEmailPairs(q: Executor) {
  return q
    .selectFrom('userAdditionalEmails as e')
    .innerJoin('users as p', 'p.email', 'e.email')
    .select(['p.userId as primaryOwner', 'e.userId as additionalOwner'])
    .where('e.isDeleted', '=', 0)
    .whereRef('p.userId', '!=', 'e.userId')
    .execute();
}

/**
 * Two profiles of the same normalised name are one person when the directory says so: they
 * point at the same entry, at entries with the same employee id, or one has no entry and the
 * other's entry carries that very name.
 */
function sameDirectoryPerson(a: Candidate, b: Candidate, key: string): boolean {
  if (a.directoryId !== null && a.directoryId === b.directoryId) {
    return true;
  }
  if (a.entryEmployeeId && a.entryEmployeeId === b.entryEmployeeId) {
    return true;
  }
  const [withEntry, without] =
    a.directoryId === null ? [b, a] : b.directoryId === null ? [a, b] : [null, null];
  return withEntry !== null && without !== null && withEntry.entryName === key;
}

/** The parent of a pair: the profile that already has merged children, else the older one. */
function orderPair(a: Candidate, b: Candidate): [Candidate, Candidate] | null {
  if (a.hasChildren && b.hasChildren) {
    return null;
  }
  if (a.hasChildren !== b.hasChildren) {
    return a.hasChildren ? [a, b] : [b, a];
  }
  return a.userId < b.userId ? [a, b] : [b, a];
}

/**
 * Profile Matcher (spec 3): finds profiles of one person (same email, or same normalised first
 * and last name that the directory ties to one person) and proposes merges; nothing is merged
 * until an administrator accepts. A pair proposed once (accepted or dismissed) is not proposed again.
 */
export const profileMatcherJob: JobDefinition = {
  name: PROFILE_MATCHER,
  title: 'Profile Matcher',
  schedule: '0 3 * * 0',
  maxAttempts: 2,
  async run({ db }) {
    const q = db.kysely;
    const candidates = await findCandidates(q);
    const byId = new Map(candidates.map((c) => [c.userId, c]));
    const proposals = new Map<string, { parentUserId: number; childUserId: number; reason: string }>();
    const propose = (a: Candidate, b: Candidate, reason: string) => {
      const pair = orderPair(a, b);
      if (!pair) {
        return;
      }
      const key = [pair[0].userId, pair[1].userId].sort((x, y) => x - y).join(':');
      if (!proposals.has(key)) {
        proposals.set(key, { parentUserId: pair[0].userId, childUserId: pair[1].userId, reason });
      }
    };
    for (const pair of await findEmailPairs(q)) {
      const a = byId.get(pair.primaryOwner);
      const b = byId.get(pair.additionalOwner);
      if (a && b) {
        propose(a, b, 'email');
      }
    }
    const byName = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const key = normaliseName(c.name, c.lastName);
      if (key !== '') {
        byName.set(key, [...(byName.get(key) ?? []), c]);
      }
    }
    for (const [key, group] of byName) {
      for (let i = 0; i < group.length; i += 1) {
        for (let j = i + 1; j < group.length; j += 1) {
          if (sameDirectoryPerson(group[i]!, group[j]!, key)) {
            propose(group[i]!, group[j]!, 'name');
          }
        }
      }
    }
    const open = await q
      .selectFrom('profileMergeProposals')
      .select(['parentUserId', 'childUserId'])
      .execute();
    const known = new Set(open.map((p) => [p.parentUserId, p.childUserId].sort((x, y) => x - y).join(':')));
    const fresh = [...proposals.entries()].filter(([key]) => !known.has(key)).map(([, p]) => p);
    const now = nowIso();
    for (let i = 0; i < fresh.length; i += 500) {
      await q
        .insertInto('profileMergeProposals')
        .values(fresh.slice(i, i + 500).map((p) => ({ ...p, status: 'PROPOSED', createdDate: now })))
        .onConflict((oc) => oc.columns(['parentUserId', 'childUserId']).doNothing())
        .execute();
    }
    return { checked: candidates.length, proposed: fresh.length };
  },
};

/** GET api/User/ProfileMatcherRunningStatus/{id}: that run (0: the latest one). */
export async function profileMatcherStatus(db: Db, id: number): Promise<ProfileMatcherStatus> {
  let query = db.kysely
    .selectFrom('jobRuns')
    .select(['id', 'status', 'startedOn', 'endedOn'])
    .where('jobName', '=', PROFILE_MATCHER);
  query =
    id > 0 ? query.where('id', '=', id) : query.orderBy('startedOn', 'desc').orderBy('id', 'desc').limit(1);
  const run = await query.executeTakeFirst();
  if (!run && id > 0) {
    throw notFound();
  }
  return run
    ? { id: run.id, status: run.status, startOn: run.startedOn, endOn: run.endedOn }
    : { id: null, status: null, startOn: null, endOn: null };
}

/** The open proposals, newest first. */
export async function findProposals(db: Db): Promise<MergeProposal[]> {
  const rows = await db.kysely
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
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason === 'email' ? 'email' : 'name',
    createdDate: r.createdDate,
    parent: { userId: r.parentId, fullName: fullName(r.parentName, r.parentLastName), email: r.parentEmail },
    child: { userId: r.childId, fullName: fullName(r.childName, r.childLastName), email: r.childEmail },
  }));
}

/**
 * Accepts (the merge runs, in the same transaction, under the merge's scope rule: a refusal
 * leaves the proposal open) or dismisses an open proposal.
 */
export function decideProposal(db: Db, actor: Actor, id: number, accept: boolean): Promise<string> {
  const actorId = actor.userId;
  return inTransaction(db, async (trx) => {
    const decided = await trx
      .updateTable('profileMergeProposals')
      .set({ status: accept ? 'ACCEPTED' : 'DISMISSED', decidedDate: nowIso(), decidedBy: actorId })
      .where('id', '=', id)
      .where('status', '=', 'PROPOSED')
      .returning(['parentUserId', 'childUserId'])
      .executeTakeFirst();
    if (!decided) {
      throw unprocessable(messages.proposalGone);
    }
    if (accept) {
      await mergeIn(trx, actor, decided.childUserId, decided.parentUserId);
    }
    return accept ? messages.proposalAccepted : messages.proposalDismissed;
  });
}
