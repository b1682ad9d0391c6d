import type { Kysely } from 'kysely';
import { RequestStatus, RequestType, type RequestStatusId } from '@uap/domain';
import type { Database } from '../schema.ts';
import { DAY, HOUR, insertRows } from './batch.ts';
import type { Routing } from './assignments.ts';
import type { Catalog, CatalogPath } from './catalog.ts';
import { demoEmails, type People, type Person } from './people.ts';
import type { Rng } from './random.ts';
import { RequestGenerator, type Line } from './requests.ts';

const NORTHWIND = 1;
const BLUE_HARBOR = 2;

/** Random Add submissions until this many Add lines exist (follow-ups bring the total to ~1,000). */
const RANDOM_ADD_LINES = 680;
const FOLLOW_UP_SHARE = 0.5;

/**
 * About 1,000 request lines over every type and status with their history. Scripted parts
 * guarantee the facts other code and tests rely on (Sam's statuses and records, Gina, Alex's
 * and Pat's queues); the rest is random over 18 months. Returns the lines with their ids.
 */
export async function insertDemoRequests(
  db: Kysely<Database>,
  rng: Rng,
  nowMs: number,
  catalog: Catalog,
  people: People,
  routing: Routing,
): Promise<Line[]> {
  const gen = new RequestGenerator(rng, nowMs, catalog, routing);
  const person = (email: string): Person => {
    const p = people.byEmail.get(email);
    if (!p) {
      throw new Error(`demo profile ${email} missing`);
    }
    return p;
  };
  const byId = new Map(people.all.map((p) => [p.userId, p]));
  const subjectOf = (userId: number): Person => {
    const p = byId.get(userId);
    if (!p) {
      throw new Error(`user ${userId} missing`);
    }
    return p;
  };
  const sam = person(demoEmails.sam);
  const gina = person(demoEmails.gina);
  const alex = person(demoEmails.alex);
  const pat = person(demoEmails.pat);
  const path = (agencyId: number, platform: string, practice?: string): CatalogPath => {
    const platformId = [...catalog.platforms.values()].find((p) => p.description === platform)?.platformId;
    const found = catalog.paths.find(
      (p) =>
        p.agencyId === agencyId &&
        p.platformId === platformId &&
        (practice === undefined || catalog.practices.get(p.practiceId) === practice),
    );
    if (!found) {
      throw new Error(`no path ${platform} at agency ${agencyId}`);
    }
    return found;
  };
  const ago = (days: number) => nowMs - days * DAY - rng.int(0, 8) * HOUR;
  const lines: Line[] = [];
  const add = (...ls: Line[]) => {
    lines.push(...ls);
    return ls;
  };
  const scripted = new Set<Line>();
  const addScripted = (...ls: Line[]) => {
    for (const l of ls) {
      scripted.add(l);
    }
    return add(...ls);
  };
  const first = (ls: Line[]): Line => {
    const l = ls[0];
    if (!l) {
      throw new Error('empty submission');
    }
    return l;
  };

  // ---- Sam: every status as subject or creator, and active, inactive and expired records.
  const googleAds = path(NORTHWIND, 'Google Ads');
  const meta = path(NORTHWIND, 'Meta');
  const tiktok = path(NORTHWIND, 'TikTok');
  const dv360 = path(NORTHWIND, 'DV360', 'Programmatic');
  const workfront = path(NORTHWIND, 'Workfront', 'Search');
  const self = { subject: sam, creator: sam };
  const samActive = first(
    addScripted(
      ...gen.addSubmission({
        ...self,
        path: googleAds,
        createdMs: ago(300),
        status: RequestStatus.COMPLETED,
        access: 'unlimited',
        maxLines: 1,
      }),
    ),
  );
  addScripted(
    ...gen.addSubmission({
      ...self,
      path: meta,
      createdMs: ago(250),
      status: RequestStatus.ARCHIVED,
      access: { expirationMs: nowMs + 120 * DAY },
      maxLines: 1,
    }),
  );
  addScripted(
    ...gen.addSubmission({
      ...self,
      path: tiktok,
      createdMs: ago(200),
      status: RequestStatus.COMPLETED,
      access: { expirationMs: nowMs - 20 * DAY },
      maxLines: 1,
    }),
  );
  const samInactive = first(
    addScripted(
      ...gen.addSubmission({
        ...self,
        path: dv360,
        createdMs: ago(220),
        status: RequestStatus.COMPLETED,
        access: 365,
        maxLines: 1,
      }),
    ),
  );
  addScripted(
    gen.followUp(samInactive, {
      type: RequestType.DEACTIVATE,
      ...self,
      createdMs: ago(60),
      status: RequestStatus.COMPLETED,
    }),
  );
  addScripted(
    gen.followUp(samInactive, {
      type: RequestType.ACTIVATE,
      ...self,
      createdMs: ago(20),
      status: RequestStatus.REJECTED,
      rejectedByApprover: true,
    }),
  );
  const gaAsset = catalog.platforms
    .get(googleAds.platformId)
    ?.assets.find((a) => a.assetId === samActive.row.assetId);
  addScripted(
    gen.followUp(samActive, {
      type: RequestType.CHANGE,
      ...self,
      createdMs: ago(3),
      status: RequestStatus.SUBMITTED,
      kind: 'UserRole',
      userTypes: gaAsset?.userTypes ?? [],
    }),
  );
  addScripted(
    ...gen.addSubmission({ ...self, path: workfront, createdMs: ago(2), status: RequestStatus.SUBMITTED }),
  );
  addScripted(
    ...gen.addSubmission({
      ...self,
      path: googleAds,
      createdMs: ago(5),
      status: RequestStatus.APPROVED,
      maxLines: 2,
    }),
  );
  addScripted(
    ...gen.addSubmission({
      ...self,
      path: meta,
      createdMs: ago(40),
      status: RequestStatus.REJECTED,
      rejectedByApprover: true,
      maxLines: 1,
    }),
  );
  addScripted(
    ...gen.addSubmission({
      ...self,
      path: googleAds,
      createdMs: ago(30),
      status: RequestStatus.CANCELLED,
      maxLines: 1,
    }),
  );
  // Sam asks for a colleague too.
  const colleague =
    people.internal.find((p) => p.agencyId === NORTHWIND && p.roleId === 1 && p !== sam) ?? sam;
  addScripted(
    ...gen.addSubmission({
      subject: colleague,
      creator: sam,
      path: googleAds,
      createdMs: ago(90),
      status: RequestStatus.COMPLETED,
      maxLines: 1,
    }),
  );

  // ---- Gina (external guest): subject of requests Sam created.
  const forGina = { subject: gina, creator: sam };
  const ginaRecord = first(
    addScripted(
      ...gen.addSubmission({
        ...forGina,
        path: meta,
        createdMs: ago(100),
        status: RequestStatus.COMPLETED,
        access: 365,
        maxLines: 1,
      }),
    ),
  );
  addScripted(
    gen.followUp(ginaRecord, {
      type: RequestType.DEACTIVATE,
      ...forGina,
      createdMs: ago(4),
      status: RequestStatus.APPROVED,
    }),
  );
  addScripted(
    ...gen.addSubmission({
      ...forGina,
      path: googleAds,
      createdMs: ago(1),
      status: RequestStatus.SUBMITTED,
      maxLines: 1,
    }),
  );
  addScripted(
    ...gen.addSubmission({
      ...forGina,
      path: tiktok,
      createdMs: ago(50),
      status: RequestStatus.REJECTED,
      rejectedByApprover: false,
      maxLines: 1,
    }),
  );

  // ---- Work waiting on Alex (approver) and Pat (provisioner), from other people.
  const alexPaths = catalog.paths.filter(
    (p) => gen.isRequestable(p) && routing.approvers(p, null, []).includes(alex.userId),
  );
  // Agencies 1-2 carry no client-specific assignments, so every client there routes to Pat too.
  const patPaths = catalog.paths.filter(
    (p) =>
      p.agencyId <= BLUE_HARBOR &&
      gen.isRequestable(p) &&
      routing.provisioners(p, null, []).includes(pat.userId),
  );
  const others = people.internal.filter((p) => p !== alex && p !== pat && p !== sam);
  /** Fourteen pending submissions by the others on these paths, made `fromDay` to 9 days ago. */
  const pendingOn = (paths: CatalogPath[], fromDay: number, status: RequestStatusId) => {
    for (let i = 0; i < 14; i++) {
      const subject = rng.pick(others);
      const creator = rng.chance(0.7) ? subject : rng.pick(others);
      addScripted(
        ...gen.addSubmission({
          subject,
          creator,
          path: rng.pick(paths),
          createdMs: ago(rng.int(fromDay, 9)),
          status,
        }),
      );
    }
  };
  pendingOn(alexPaths, 0, RequestStatus.SUBMITTED);
  pendingOn(patPaths, 1, RequestStatus.APPROVED);

  // ---- Pending work on paths no assignment or master approver covers ('No approval path').
  const noPath = catalog.paths.filter(
    (p) =>
      gen.isRequestable(p) &&
      routing.covering(p, null).length === 0 &&
      routing.masterApprovers(p).length === 0,
  );
  for (let i = 0; i < 6 && noPath.length > 0; i++) {
    const subject = rng.pick(others);
    addScripted(
      ...gen.addSubmission({
        subject,
        creator: subject,
        path: rng.pick(noPath),
        createdMs: ago(rng.int(1, 12)),
        status: i < 4 ? RequestStatus.SUBMITTED : RequestStatus.APPROVED,
        maxLines: 1,
      }),
    );
  }

  // ---- Leavers keep active records (the Leavers User Records screen).
  for (const leaver of people.leavers.slice(0, 8)) {
    const leaverPath = rng.pick(
      catalog.paths.filter((p) => p.agencyId === leaver.agencyId && gen.isRequestable(p)).concat(googleAds),
    );
    addScripted(
      ...gen.addSubmission({
        subject: leaver,
        creator: leaver,
        path: leaverPath,
        createdMs: ago(rng.int(100, 400)),
        status: RequestStatus.COMPLETED,
        access: 'unlimited',
        maxLines: 2,
      }),
    );
  }

  // ---- Random Add submissions over 18 months; Alex's paths and the agency's own paths weigh more.
  const requestable = catalog.paths.filter((p) => gen.isRequestable(p));
  const weightedPaths = requestable.map(
    (p) => [p, p.agencyId === NORTHWIND || p.agencyId === BLUE_HARBOR ? 3 : 1] as const,
  );
  let addLines = 0;
  while (addLines < RANDOM_ADD_LINES) {
    const p = rng.weighted(weightedPaths);
    const guest = rng.chance(0.06);
    const local = people.internal.filter((x) => x.agencyId === p.agencyId);
    const subject = guest
      ? rng.pick(people.guests)
      : rng.pick(local.length > 0 && rng.chance(0.7) ? local : people.internal);
    const creator = guest || rng.chance(0.3) ? rng.pick(local.length > 0 ? local : people.internal) : subject;
    const ageDays = 540 * rng.next() ** 1.3;
    const created = add(
      ...gen.addSubmission({
        subject,
        creator,
        path: p,
        createdMs: nowMs - ageDays * DAY - rng.int(0, 3_599_999),
      }),
    );
    addLines += created.length;
  }

  // ---- Modifications of records: deactivations, changes, activations, some still pending.
  const records = lines.filter(
    (l) =>
      !scripted.has(l) &&
      l.row.requestTypeId === RequestType.ADD &&
      (l.row.statusId === RequestStatus.COMPLETED || l.row.statusId === RequestStatus.ARCHIVED),
  );
  const creatorFor = (record: Line) =>
    rng.chance(0.75) ? subjectOf(record.row.createdBy) : rng.pick(people.internal);
  for (const record of records) {
    if (rng.chance(FOLLOW_UP_SHARE)) {
      add(...gen.randomFollowUps(record, subjectOf, creatorFor));
    }
  }
  // Inactive records past their end date must get a new range before reactivation.
  for (const l of lines) {
    if (
      l.row.requestTypeId === RequestType.ADD &&
      l.row.isDeleted === 1 &&
      l.row.expirationDate &&
      Date.parse(l.row.expirationDate) < nowMs &&
      !l.pending
    ) {
      l.row.askNewRangeDate = 1;
    }
  }

  return finalizeAndInsert(db, lines);
}

/** Orders lines by creation, numbers them, resolves references and writes requests + history. */
async function finalizeAndInsert(db: Kysely<Database>, lines: Line[]): Promise<Line[]> {
  const ordered = lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => a.line.row.createdDate.localeCompare(b.line.row.createdDate) || a.i - b.i)
    .map((x) => x.line);
  ordered.forEach((line, i) => {
    line.row.requestId = i + 1;
  });
  for (const line of ordered) {
    line.row.recordId = line.record?.row.requestId ?? null;
    line.row.pendingChangeRequestId = null;
  }
  await insertRows(
    db,
    'requests',
    ordered.map((l) => l.row),
  );
  // Pending pointers reference later ids; set them once every row exists.
  for (const line of ordered) {
    if (line.pending) {
      line.row.pendingChangeRequestId = line.pending.row.requestId;
      await db
        .updateTable('requests')
        .set({ pendingChangeRequestId: line.pending.row.requestId })
        .where('requestId', '=', line.row.requestId)
        .execute();
    }
  }
  const history = ordered
    .flatMap((line) =>
      line.history.map((h) => ({
        ...h.row,
        requestId: line.row.requestId,
        changeDesc: h.source ? `Updated by request #${h.source.row.requestId}` : h.row.changeDesc,
      })),
    )
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.requestId - b.requestId);
  await insertRows(db, 'requestHistory', history);
  return ordered;
}
