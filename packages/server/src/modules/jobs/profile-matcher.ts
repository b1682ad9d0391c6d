import { nowIso, type Executor } from '../../db/connection.ts';
import * as matcherQueries from '../merges/matcher-queries.ts';
import type { JobDefinition } from './runner.ts';

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
  const rows = await matcherQueries.findMatchCandidates(q);
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
    for (const pair of await matcherQueries.findEmailPairs(q)) {
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
    const open = await matcherQueries.findProposedPairs(q);
    const known = new Set(open.map((p) => [p.parentUserId, p.childUserId].sort((x, y) => x - y).join(':')));
    const fresh = [...proposals.entries()].filter(([key]) => !known.has(key)).map(([, p]) => p);
    await matcherQueries.insertProposals(q, fresh, nowIso());
    return { checked: candidates.length, proposed: fresh.length };
  },
};
